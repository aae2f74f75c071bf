import { describe, expect, it } from 'vitest'
import { CALL_PROMISE, PROMISE_DEADLINE, PROMISE_OFFICE_HOURS, promiseOutcome } from './promise.ts'

describe('the promise of a call', () => {
  it('says the office hours in words', () => {
    expect(PROMISE_OFFICE_HOURS).toBe(24)
    expect(PROMISE_DEADLINE).toBe('entro 24 ore lavorative')
    expect(CALL_PROMISE).toContain('chi accetta ti chiama entro 24 ore lavorative')
  })

  it('is kept by an acceptance at or before its due time, broken after it, open until then', () => {
    const due = '2026-12-02T13:00:00.000Z'
    const before = Date.parse(due) - 1
    const after = Date.parse(due) + 1
    expect(promiseOutcome(due, '2026-12-01T09:00:00.000Z', after)).toBe('mantenuta')
    expect(promiseOutcome(due, due, after)).toBe('mantenuta')
    expect(promiseOutcome(due, '2026-12-02T13:00:00.001Z', after)).toBe('non mantenuta')
    expect(promiseOutcome(due, null, after)).toBe('non mantenuta')
    expect(promiseOutcome(due, null, Date.parse(due))).toBe('non mantenuta')
    expect(promiseOutcome(due, null, before)).toBe('in corso')
    // Accepted late: broken.
    expect(promiseOutcome(due, '2026-12-03T09:00:00.000Z', after)).toBe('non mantenuta')
  })
})

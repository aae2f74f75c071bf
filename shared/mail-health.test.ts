import { describe, expect, it } from 'vitest'
import { BOUNCE_THRESHOLDS, COMPLAINT_THRESHOLDS, healthLevel, rateOf } from './mail-health.ts'

describe('the dashboard colours of the 30-day rates', () => {
  it('bounces: green below 2%, amber from 2%, red from 5% (SES reviews the account there)', () => {
    expect(healthLevel(rateOf(19, 1000), BOUNCE_THRESHOLDS)).toBe('ok')
    expect(healthLevel(rateOf(20, 1000), BOUNCE_THRESHOLDS)).toBe('warning')
    expect(healthLevel(rateOf(49, 1000), BOUNCE_THRESHOLDS)).toBe('warning')
    expect(healthLevel(rateOf(50, 1000), BOUNCE_THRESHOLDS)).toBe('danger')
  })

  it('complaints: green below 0.1%, amber from 0.1%, red from 0.3% (Gmail and Yahoo refuse above it)', () => {
    expect(healthLevel(rateOf(9, 10_000), COMPLAINT_THRESHOLDS)).toBe('ok')
    expect(healthLevel(rateOf(10, 10_000), COMPLAINT_THRESHOLDS)).toBe('warning')
    expect(healthLevel(rateOf(30, 10_000), COMPLAINT_THRESHOLDS)).toBe('danger')
  })

  it('nothing sent is no rate at all, not a division by zero', () => {
    expect(rateOf(0, 0)).toBe(0)
    expect(healthLevel(rateOf(3, 0), BOUNCE_THRESHOLDS)).toBe('ok')
  })
})

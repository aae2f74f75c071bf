import { describe, expect, it } from 'vitest'
import { formatDuration } from './format-date.ts'

describe('formatDuration', () => {
  it('reads minutes, hours and days the way the office says them', () => {
    const cases: Array<[number, string]> = [
      [0, '0 min'],
      [-5_000, '0 min'],
      [29_999, '0 min'],
      [30_000, '1 min'],
      [59 * 60_000, '59 min'],
      [59.6 * 60_000, '1 h'],
      [60 * 60_000, '1 h'],
      [(3 * 60 + 20) * 60_000, '3 h 20 min'],
      [24 * 3_600_000, '1 g'],
      [(2 * 24 + 4) * 3_600_000 + 59 * 60_000, '2 g 4 h'],
    ]
    for (const [ms, text] of cases) expect(formatDuration(ms), String(ms)).toBe(text)
  })
})

import { describe, expect, it } from 'vitest'
import { addDays, daysOf, formatDuration, formatNumericDateTime, romeDayEnd, romeDayStart, romeWallTime, romeWallTimeToUtc } from './italian-time.ts'

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

describe('the Italian clock', () => {
  it('reads a stored instant in Italian time, in winter and in summer, and back', () => {
    for (const [iso, wall] of [
      ['2026-01-15T08:30:00.000Z', '2026-01-15T09:30'],
      ['2026-07-15T08:30:00.000Z', '2026-07-15T10:30'],
      ['2026-12-31T23:05:00.000Z', '2027-01-01T00:05'],
    ] as const) {
      expect(romeWallTime(iso), iso).toBe(wall)
      expect(romeWallTimeToUtc(wall), wall).toBe(iso)
    }
    expect(formatNumericDateTime('2026-12-31T23:05:00.000Z')).toBe('01/01/2027 00:05')
  })

  it('ends a day where the next one starts, on the days the clocks change too', () => {
    expect(romeDayStart('2026-03-29')).toBe('2026-03-28T23:00:00.000Z')
    expect(romeDayEnd('2026-03-29')).toBe('2026-03-29T22:00:00.000Z')
    expect(romeDayEnd('2026-10-25')).toBe('2026-10-25T23:00:00.000Z')
  })
})

describe('the days of a period', () => {
  it('are every calendar day from the first to the last, across the changes of summer time and the years, each once', () => {
    expect(daysOf({ from: '2026-03-28', to: '2026-03-30' })).toEqual(['2026-03-28', '2026-03-29', '2026-03-30'])
    expect(daysOf({ from: '2026-10-24', to: '2026-10-26' })).toEqual(['2026-10-24', '2026-10-25', '2026-10-26'])
    expect(daysOf({ from: '2024-12-31', to: '2025-01-01' })).toEqual(['2024-12-31', '2025-01-01'])
    expect(daysOf({ from: '2024-02-28', to: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01'])
    expect(daysOf({ from: '2026-11-28', to: '2026-11-28' })).toEqual(['2026-11-28'])
    expect(daysOf({ from: '2026-11-28', to: '2026-11-27' })).toEqual([])
    const twoYears = daysOf({ from: '2024-11-28', to: '2026-11-27' })
    expect(twoYears).toHaveLength(730)
    expect(twoYears.every((day, i) => i === 0 || day === addDays(twoYears[i - 1]!, 1))).toBe(true)
  })
})

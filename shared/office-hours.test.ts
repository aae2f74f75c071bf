import { describe, expect, it } from 'vitest'
import { romeWallTimeToUtc } from './italian-time.ts'
import {
  addOfficeHours,
  DEFAULT_OFFICE_HOURS,
  easterSunday,
  isItalianHoliday,
  isOfficeTime,
  nextOfficeTime,
  type OfficeHours,
  officeHoursProblem,
  officeMsBetween,
  workingDaysOf,
} from './office-hours.ts'

/** An instant given on the Italian clock, '2026-03-27T17:00'. */
const rome = (wall: string) => new Date(romeWallTimeToUtc(wall))
const HOUR = 3_600_000
const EVERY_DAY: OfficeHours = { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '24:00' }

describe('Italian holidays', () => {
  it('computes Easter across years, Easter Monday a holiday and Easter Sunday a Sunday', () => {
    const easters: Record<number, string> = {
      1818: '1818-03-22',
      2000: '2000-04-23',
      2008: '2008-03-23',
      2011: '2011-04-24',
      2019: '2019-04-21',
      2024: '2024-03-31',
      2025: '2025-04-20',
      2026: '2026-04-05',
      2027: '2027-03-28',
      2038: '2038-04-25',
      2285: '2285-03-22',
    }
    for (const [year, sunday] of Object.entries(easters)) {
      expect(easterSunday(Number(year)), year).toBe(sunday)
      expect(new Date(`${sunday}T12:00:00Z`).getUTCDay(), year).toBe(0)
    }
    expect(isItalianHoliday(rome('2026-04-06T10:00'))).toBe(true)
    expect(isItalianHoliday(rome('2027-03-29T10:00'))).toBe(true)
    expect(isItalianHoliday(rome('2026-04-07T10:00'))).toBe(false)
    // 2038: Easter Monday on 26 April, the day after Liberation Day
    expect(isItalianHoliday(rome('2038-04-26T10:00'))).toBe(true)
  })

  it('knows the national holidays and Milan’s patron, on the Italian day whatever UTC says', () => {
    for (const day of ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-07', '12-08', '12-25', '12-26']) {
      expect(isItalianHoliday(rome(`2026-${day}T00:00`)), day).toBe(true)
      expect(isItalianHoliday(rome(`2026-${day}T23:59`)), day).toBe(true)
    }
    for (const day of ['01-02', '04-24', '08-14', '11-02', '12-06', '12-09', '12-24', '12-27']) {
      expect(isItalianHoliday(rome(`2026-${day}T12:00`)), day).toBe(false)
    }
    // 23:30 UTC on 31 December is already 1 January in Milan
    expect(isItalianHoliday(new Date('2026-12-31T23:30:00Z'))).toBe(true)
    expect(isItalianHoliday(new Date('2026-12-31T22:30:00Z'))).toBe(false)
  })
})

describe('office time', () => {
  it('is open Monday to Friday 09:00-18:00 by default, closing at 18:00 sharp', () => {
    expect(isOfficeTime(DEFAULT_OFFICE_HOURS, rome('2026-11-27T09:00'))).toBe(true)
    expect(isOfficeTime(DEFAULT_OFFICE_HOURS, rome('2026-11-27T17:59'))).toBe(true)
    expect(isOfficeTime(DEFAULT_OFFICE_HOURS, rome('2026-11-27T18:00'))).toBe(false)
    expect(isOfficeTime(DEFAULT_OFFICE_HOURS, rome('2026-11-27T08:59'))).toBe(false)
    expect(isOfficeTime(DEFAULT_OFFICE_HOURS, rome('2026-11-28T10:00'))).toBe(false)
    expect(isOfficeTime(DEFAULT_OFFICE_HOURS, rome('2026-12-07T10:00'))).toBe(false)
  })

  it('keeps 09:00 on the Italian clock on both sides of the clock changes', () => {
    // Summer time starts on 29 March 2026 and ends on 25 October 2026: 09:00 is 08:00 UTC, then 07:00, then 08:00
    expect(rome('2026-03-27T09:00').toISOString()).toBe('2026-03-27T08:00:00.000Z')
    expect(nextOfficeTime(DEFAULT_OFFICE_HOURS, rome('2026-03-27T18:30')).toISOString()).toBe('2026-03-30T07:00:00.000Z')
    expect(nextOfficeTime(DEFAULT_OFFICE_HOURS, rome('2026-10-23T18:30')).toISOString()).toBe('2026-10-26T08:00:00.000Z')
    expect(isOfficeTime(DEFAULT_OFFICE_HOURS, new Date('2026-03-30T07:00:00Z'))).toBe(true)
    expect(isOfficeTime(DEFAULT_OFFICE_HOURS, new Date('2026-03-30T06:59:59Z'))).toBe(false)
    expect(isOfficeTime(DEFAULT_OFFICE_HOURS, new Date('2026-10-26T07:30:00Z'))).toBe(false)
  })

  it('counts real hours on a clock-change Sunday for an office open all day: 23 in March, 25 in October', () => {
    expect(officeMsBetween(EVERY_DAY, rome('2026-03-29T00:00'), rome('2026-03-30T00:00'))).toBe(23 * HOUR)
    expect(officeMsBetween(EVERY_DAY, rome('2026-10-25T00:00'), rome('2026-10-26T00:00'))).toBe(25 * HOUR)
    expect(addOfficeHours(EVERY_DAY, rome('2026-03-29T01:00'), 2).toISOString()).toBe(rome('2026-03-29T04:00').toISOString())
    expect(addOfficeHours(EVERY_DAY, rome('2026-10-25T01:00'), 3).toISOString()).toBe(rome('2026-10-25T03:00').toISOString())
    // a Sunday office across the spring change still opens at 09:00 Italian time
    const sundays: OfficeHours = { days: [7], start: '09:00', end: '18:00' }
    expect(addOfficeHours(sundays, rome('2026-03-22T17:00'), 2).toISOString()).toBe('2026-03-29T08:00:00.000Z')
    expect(addOfficeHours(sundays, rome('2026-10-18T17:00'), 2).toISOString()).toBe('2026-10-25T09:00:00.000Z')
  })

  it('adds office hours across a weekend and a holiday', () => {
    // Friday 17:00 + 24 h: 1 on Friday, 9 on Monday, 9 on Tuesday, 5 on Wednesday
    expect(addOfficeHours(DEFAULT_OFFICE_HOURS, rome('2026-11-27T17:00'), 24).toISOString()).toBe(rome('2026-12-02T14:00').toISOString())
    // Friday 4 December 17:00: Monday 7 (Sant'Ambrogio) and Tuesday 8 (Immacolata) are closed
    expect(addOfficeHours(DEFAULT_OFFICE_HOURS, rome('2026-12-04T17:00'), 24).toISOString()).toBe(rome('2026-12-11T14:00').toISOString())
    expect(officeMsBetween(DEFAULT_OFFICE_HOURS, rome('2026-12-04T17:00'), rome('2026-12-11T14:00'))).toBe(24 * HOUR)
    // Thursday before Easter 2026 -> Easter Monday closed
    expect(addOfficeHours(DEFAULT_OFFICE_HOURS, rome('2026-04-02T12:00'), 18).toISOString()).toBe(rome('2026-04-07T12:00').toISOString())
    // hours that end at closing time end there
    expect(addOfficeHours(DEFAULT_OFFICE_HOURS, rome('2026-11-27T09:00'), 9).toISOString()).toBe(rome('2026-11-27T18:00').toISOString())
    expect(addOfficeHours(DEFAULT_OFFICE_HOURS, rome('2026-11-27T09:00'), 0.5).toISOString()).toBe(rome('2026-11-27T09:30').toISOString())
  })

  it('counts "24 ore lavorative" in whole working days, as the promise of a call does', () => {
    const promise = workingDaysOf(DEFAULT_OFFICE_HOURS)
    // Tuesday 10:00 -> Wednesday 10:00; Friday 17:00 -> Monday 17:00; Saturday -> Tuesday 00:00 (all of Monday counts)
    expect(addOfficeHours(promise, rome('2026-11-24T10:00'), 24).toISOString()).toBe(rome('2026-11-25T10:00').toISOString())
    expect(addOfficeHours(promise, rome('2026-11-27T17:00'), 24).toISOString()).toBe(rome('2026-11-30T17:00').toISOString())
    expect(addOfficeHours(promise, rome('2026-11-28T11:00'), 24).toISOString()).toBe(rome('2026-12-01T00:00').toISOString())
    // Friday 4 December 17:00: Sant'Ambrogio and the Immacolata are not working days
    expect(addOfficeHours(promise, rome('2026-12-04T17:00'), 24).toISOString()).toBe(rome('2026-12-09T17:00').toISOString())
  })

  it('starts counting at the next opening when the start is outside office hours', () => {
    // Saturday night -> Monday 09:00 + 24 h -> Wednesday 15:00
    expect(addOfficeHours(DEFAULT_OFFICE_HOURS, rome('2026-11-28T23:00'), 24).toISOString()).toBe(rome('2026-12-02T15:00').toISOString())
    // 06:00 on a weekday -> that day 09:00
    expect(addOfficeHours(DEFAULT_OFFICE_HOURS, rome('2026-11-26T06:00'), 1).toISOString()).toBe(rome('2026-11-26T10:00').toISOString())
    expect(nextOfficeTime(DEFAULT_OFFICE_HOURS, rome('2026-12-24T19:00')).toISOString()).toBe(rome('2026-12-28T09:00').toISOString())
    expect(nextOfficeTime(DEFAULT_OFFICE_HOURS, rome('2026-11-26T11:15')).toISOString()).toBe(rome('2026-11-26T11:15').toISOString())
    expect(officeMsBetween(DEFAULT_OFFICE_HOURS, rome('2026-11-28T08:00'), rome('2026-11-29T20:00'))).toBe(0)
    expect(officeMsBetween(DEFAULT_OFFICE_HOURS, rome('2026-11-27T20:00'), rome('2026-11-30T10:30'))).toBe(1.5 * HOUR)
    expect(officeMsBetween(DEFAULT_OFFICE_HOURS, rome('2026-11-30T10:30'), rome('2026-11-27T20:00'))).toBe(0)
  })

  it('is the inverse of itself: the office time between a start and its due time is what was added', () => {
    const starts = ['2026-01-01T00:00', '2026-03-27T16:45', '2026-10-23T08:00', '2026-12-23T17:59', '2027-03-26T12:00']
    for (const start of starts) {
      for (const n of [0, 1, 8.25, 24, 100]) {
        const due = addOfficeHours(DEFAULT_OFFICE_HOURS, rome(start), n)
        expect(officeMsBetween(DEFAULT_OFFICE_HOURS, rome(start), due), `${start} + ${n}`).toBe(n * HOUR)
      }
    }
  })

  it('refuses office hours that cannot be counted', () => {
    expect(officeHoursProblem(DEFAULT_OFFICE_HOURS)).toBeNull()
    expect(officeHoursProblem(EVERY_DAY)).toBeNull()
    expect(officeHoursProblem({ days: [], start: '09:00', end: '18:00' })).toBe('no office day')
    expect(officeHoursProblem({ days: [0, 1], start: '09:00', end: '18:00' })).toBe('office days must be 1 (Monday) to 7 (Sunday)')
    expect(officeHoursProblem({ days: [1], start: '9:00', end: '18:00' })).toBe('office start "9:00" is not HH:MM')
    expect(officeHoursProblem({ days: [1], start: '09:00', end: '18:60' })).toBe('office end "18:60" is not HH:MM')
    expect(officeHoursProblem({ days: [1], start: '22:00', end: '06:00' })).toBe('office hours must start before they end, on the same day')
    expect(() => addOfficeHours({ days: [], start: '09:00', end: '18:00' }, new Date(), 1)).toThrow(RangeError)
    expect(() => addOfficeHours(DEFAULT_OFFICE_HOURS, new Date(), -1)).toThrow(RangeError)
    expect(() => addOfficeHours(DEFAULT_OFFICE_HOURS, new Date(), Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })
})

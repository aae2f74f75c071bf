import { addDays, romeDay, romeWallTimeToUtc } from './italian-time.ts'

/**
 * The office's week on the Italian clock (Europe/Rome), and time counted in it: the promise's "24 ore lavorative" and
 * the dispatcher's rounds are office time, so a request sent on Friday evening is due on Tuesday, not on Saturday.
 * Plain Intl arithmetic through italian-time.ts: no time-zone library, so the public pages may import the constants.
 */

/** Office days and hours: `days` 1 = Monday .. 7 = Sunday; `start` and `end` 'HH:MM' on the Italian clock, start < end ('24:00' ends at midnight). */
export type OfficeHours = { days: number[]; start: string; end: string }

/** Monday to Friday, 09:00-18:00. */
export const DEFAULT_OFFICE_HOURS: OfficeHours = { days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' }

/**
 * The working days of those office hours, whole: what "24 ore lavorative" counts as an Italian reader takes it, every
 * hour of a working day and none of a weekend or a holiday (a Friday 17:00 request is due on Monday at 17:00).
 */
export const workingDaysOf = (hours: OfficeHours): OfficeHours => ({ days: hours.days, start: '00:00', end: '24:00' })

const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/

/** Why a week of office hours cannot be used, in English for the operator, or null when it can. */
export function officeHoursProblem(hours: OfficeHours): string | null {
  if (hours.days.length === 0) return 'no office day'
  if (hours.days.some((day) => !Number.isInteger(day) || day < 1 || day > 7)) return 'office days must be 1 (Monday) to 7 (Sunday)'
  if (!CLOCK.test(hours.start) || hours.start === '24:00') return `office start ${JSON.stringify(hours.start).slice(0, 12)} is not HH:MM`
  if (!CLOCK.test(hours.end)) return `office end ${JSON.stringify(hours.end).slice(0, 12)} is not HH:MM`
  if (hours.start >= hours.end) return 'office hours must start before they end, on the same day'
  return null
}

function checked(hours: OfficeHours): OfficeHours {
  const problem = officeHoursProblem(hours)
  if (problem) throw new RangeError(problem)
  return hours
}

/** Easter Sunday of a Gregorian year (the anonymous algorithm of Meeus, Jones and Butcher), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - Math.floor(b / 4) - g + 15) % 30
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/**
 * The fixed holidays (MM-DD): the national ones of law 260/1949 and its amendments, plus Sant'Ambrogio (7 December),
 * Milan's patron. The patron's day is a paid holiday for everyone working in the comune under the national contracts,
 * and the office is in Milan: a promise counted through 7 December would be kept by nobody. The other comuni of the
 * province have their own patrons; the office's calendar is Milan's (docs/decisions/056).
 */
const FIXED_HOLIDAYS = new Set(['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-07', '12-08', '12-25', '12-26'])

const easterMondays = new Map<number, string>()

function easterMonday(year: number): string {
  let day = easterMondays.get(year)
  if (!day) {
    day = addDays(easterSunday(year), 1)
    easterMondays.set(year, day)
  }
  return day
}

/** Whether an Italian calendar day (YYYY-MM-DD) is a holiday for the office in Milan. */
export function isHolidayDay(day: string): boolean {
  return FIXED_HOLIDAYS.has(day.slice(5)) || easterMonday(Number(day.slice(0, 4))) === day
}

/**
 * Whether the Italian day of an instant is a holiday: the national holidays (Easter Monday computed) and Sant'Ambrogio,
 * since the office is in Milan (see FIXED_HOLIDAYS). Easter Sunday is always a Sunday, outside any weekday office.
 */
export function isItalianHoliday(date: Date | number): boolean {
  return isHolidayDay(romeDay(+date))
}

/** 1 = Monday .. 7 = Sunday, of an Italian calendar day. */
function isoWeekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7
}

/** Spans already computed, by day and hours: the time-zone arithmetic costs a few Intl calls, and a count walks days in turn. */
const spans = new Map<string, [number, number]>()
const MAX_SPANS = 4096

/** The office's span on an Italian calendar day, as UTC milliseconds [open, close), or null on a closed day. */
function officeSpan(hours: OfficeHours, day: string): [number, number] | null {
  if (!hours.days.includes(isoWeekday(day)) || isHolidayDay(day)) return null
  const key = `${day}/${hours.start}/${hours.end}`
  let span = spans.get(key)
  if (!span) {
    const open = Date.parse(romeWallTimeToUtc(`${day}T${hours.start}`))
    const close = hours.end === '24:00' ? Date.parse(romeWallTimeToUtc(`${addDays(day, 1)}T00:00`)) : Date.parse(romeWallTimeToUtc(`${day}T${hours.end}`))
    span = [open, close]
    if (spans.size >= MAX_SPANS) spans.clear()
    spans.set(key, span)
  }
  return span
}

/** Days looked ahead for the next open one: any week holds an office day, and holidays never close more than two weeks. */
const DAYS_AHEAD = 400

/** Whether the office is open at an instant. */
export function isOfficeTime(hours: OfficeHours, at: Date | number): boolean {
  const ms = +at
  const span = officeSpan(checked(hours), romeDay(ms))
  return span !== null && span[0] <= ms && ms < span[1]
}

/** The first instant at or after `at` when the office is open. */
export function nextOfficeTime(hours: OfficeHours, at: Date | number): Date {
  checked(hours)
  const ms = +at
  let day = romeDay(ms)
  for (let i = 0; i < DAYS_AHEAD; i++, day = addDays(day, 1)) {
    const span = officeSpan(hours, day)
    if (span && span[1] > ms) return new Date(Math.max(span[0], ms))
  }
  throw new RangeError('no office time within a year')
}

/**
 * The instant when `n` hours of office time have passed since `from` (fractions allowed): 24 office hours from Friday
 * 17:00 with 09:00-18:00 end on Wednesday at 14:00. Hours that end exactly at closing end there, not at the next opening.
 */
export function addOfficeHours(hours: OfficeHours, from: Date | number, n: number): Date {
  checked(hours)
  if (!Number.isFinite(n) || n < 0) throw new RangeError('office hours to add must be a finite number, 0 or more')
  let remaining = Math.round(n * 3_600_000)
  let cursor = +from
  if (remaining === 0) return new Date(cursor)
  let day = romeDay(cursor)
  let closedDays = 0
  while (closedDays < DAYS_AHEAD) {
    const span = officeSpan(hours, day)
    if (span && span[1] > cursor) {
      closedDays = 0
      const start = Math.max(span[0], cursor)
      if (remaining <= span[1] - start) return new Date(start + remaining)
      remaining -= span[1] - start
      cursor = span[1]
    } else closedDays++
    day = addDays(day, 1)
  }
  throw new RangeError('no office time within a year')
}

/** Office time between two instants, in milliseconds (0 when `to` is not after `from`). */
export function officeMsBetween(hours: OfficeHours, from: Date | number, to: Date | number): number {
  checked(hours)
  const start = +from
  const end = +to
  if (end <= start) return 0
  let total = 0
  const last = romeDay(end)
  for (let day = romeDay(start); day <= last; day = addDays(day, 1)) {
    const span = officeSpan(hours, day)
    if (span) total += Math.max(0, Math.min(span[1], end) - Math.max(span[0], start))
  }
  return total
}

// Every date the site shows, counts or reads is on the Italian clock, whatever the zone of the server or the browser.
// Building a formatter is costly (toLocaleString builds one per call): each format is built once, here.
const TIME_ZONE = 'Europe/Rome'

const romeDate = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const romeClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})
const shortDateTime = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, dateStyle: 'short', timeStyle: 'short' })
const shortDateLongTime = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, dateStyle: 'short', timeStyle: 'medium' })
const mediumDateTime = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' })
const longDateTime = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, dateStyle: 'long', timeStyle: 'medium' })
const longDay = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' })
const longMonth = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, month: 'long', year: 'numeric' })
const weekdayTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

type ClockParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>

/** The Italian clock at an instant, each part in digits: { year: '2026', month: '11', day: '22', hour: '14', ... }. */
function clockAt(instant: number | Date): ClockParts {
  return Object.fromEntries(romeClock.formatToParts(instant).map((part) => [part.type, part.value])) as ClockParts
}

/** The Italian calendar day (YYYY-MM-DD) of a moment: a visit at 00:30 in Milan belongs to that day, whatever UTC says. */
export function romeDay(ms: number): string {
  return romeDate.format(ms)
}

/** The day `days` after (or before, if negative) an Italian day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** A period of Italian calendar days, both included (YYYY-MM-DD). */
export type DayPeriod = { from: string; to: string }

/** Every calendar day of a period, in order (one date parsed for the whole period, not one per day). */
export function daysOf({ from, to }: DayPeriod): string[] {
  const days: string[] = []
  for (let ms = Date.parse(`${from}T00:00:00Z`), last = Date.parse(`${to}T00:00:00Z`); ms <= last; ms += 86_400_000)
    days.push(new Date(ms).toISOString().slice(0, 10))
  return days
}

/**
 * "Gli ultimi N giorni" on every screen (dashboard, Statistiche): the N Italian calendar days that end with today, today
 * included, so the dashboard and Statistiche count the same requests on the same day.
 */
export function lastDays(days: number, now: number = Date.now()): DayPeriod {
  const to = romeDay(now)
  return { from: addDays(to, 1 - days), to }
}

/** How the screens state that definition: "Ultimi 30 giorni, oggi compreso". */
export const lastDaysLabel = (days: number) => `Ultimi ${days} giorni, oggi compreso`

/** The number of days of a period, both ends included. */
export const periodLength = ({ from, to }: DayPeriod) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1

/** The period of the same length that ends the day before `period` starts: what a period is compared with. */
export function previousPeriod(period: DayPeriod): DayPeriod {
  return { from: addDays(period.from, -periodLength(period)), to: addDays(period.from, -1) }
}

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/

/**
 * A calendar day written YYYY-MM-DD that exists: 2026-02-30 does not, though Date.parse takes it for 2 March. The shape
 * is checked first, as a validator's later checks run even when its pattern failed, and Date.parse of a string of
 * megabytes takes tens of milliseconds.
 */
export function isCalendarDay(value: string): boolean {
  if (!DAY_SHAPE.test(value)) return false
  const ms = Date.parse(`${value}T00:00:00Z`)
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value
}

/** How far Italian wall-clock time is ahead of UTC at an instant, in milliseconds. */
function romeOffsetAt(instant: number): number {
  const p = clockAt(instant)
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - instant
}

/** A time on the Italian clock (2026-12-01T09:30) as a UTC instant; a time skipped by the spring change moves an hour on. */
export function romeWallTimeToUtc(local: string): string {
  const wall = Date.parse(`${local}:00Z`)
  const guess = wall - romeOffsetAt(wall)
  return new Date(wall - romeOffsetAt(guess)).toISOString()
}

/** Midnight of an Italian calendar day, as the UTC instant stored in created_at (right on the days the clocks change). */
export function romeDayStart(day: string): string {
  return romeWallTimeToUtc(`${day}T00:00`)
}

/** The first instant after an Italian calendar day: a period of days ends before it. */
export function romeDayEnd(day: string): string {
  return romeDayStart(addDays(day, 1))
}

/** A stored UTC instant as a datetime-local field shows it, on the Italian clock (2026-12-01T09:30). */
export function romeWallTime(iso: string): string {
  const p = clockAt(new Date(iso))
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

/** 22/11/26, 14:05 in Italian time, the same on the server and in the browser. */
export const formatDateTime = (iso: string) => shortDateTime.format(new Date(iso))

/** 22/11/2026 14:35, built from the parts so Node and the browser print the same text while hydrating. */
export function formatNumericDateTime(iso: string): string {
  const p = clockAt(new Date(iso))
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`
}

/** 22 nov 2026, 14:05. */
export const formatMediumDateTime = (iso: string) => mediumDateTime.format(new Date(iso))

/** 22 novembre 2026 alle ore 14:05:09, for detail views. */
export const formatLongDateTime = (iso: string) => longDateTime.format(new Date(iso))

/** Date and time as an Italian reader expects them in a mail: 22/11/26, 14:05:09 (docs/product.md §7.3 submission_timestamp). */
export const italianTimestamp = (date: Date) => shortDateLongTime.format(date)

/** 22 novembre 2026. */
export const formatLongDay = (date: Date | number) => longDay.format(date)

/** novembre 2026. */
export const formatMonth = (date: Date) => longMonth.format(date)

/** mercoledì 2 dicembre alle 14:00, built from the parts so Node and the browser print the same text. */
export function formatWeekdayTime(date: Date | number): string {
  const p = Object.fromEntries(weekdayTime.formatToParts(date).map((part) => [part.type, part.value]))
  return `${p.weekday} ${p.day} ${p.month} alle ${p.hour}:${p.minute}`
}

/** A span of time as the office reads it: '45 min', '3 h 20 min', '2 g 4 h' (rounded to the minute). */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} g ${hours % 24} h` : `${days} g`
}

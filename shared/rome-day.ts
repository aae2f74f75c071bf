const romeDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' })

/** The Italian calendar day (YYYY-MM-DD) of a moment: a visit at 00:30 in Milan belongs to that day, whatever UTC says. */
export function romeDay(ms: number): string {
  return romeDate.format(ms)
}

/** The day `days` after (or before, if negative) an Italian day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
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

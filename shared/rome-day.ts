const romeDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' })

/** The Italian calendar day (YYYY-MM-DD) of a moment: a visit at 00:30 in Milan belongs to that day, whatever UTC says. */
export function romeDay(ms: number): string {
  return romeDate.format(ms)
}

/** The day `days` after (or before, if negative) an Italian day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

const dateTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' })
const longDateTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long', timeStyle: 'medium' })

/** 22/11/26, 14:05 in Italian time, the same on the server and in the browser. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))

/** 22 novembre 2026 alle ore 14:05:09, for detail views. */
export const formatLongDateTime = (iso: string) => longDateTime.format(new Date(iso))

/** A span of time as the office reads it: '45 min', '3 h 20 min', '2 g 4 h' (rounded to the minute). */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} g ${hours % 24} h` : `${days} g`
}

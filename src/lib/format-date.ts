const dateTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' })
const longDateTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long', timeStyle: 'medium' })

/** 22/11/26, 14:05 in Italian time, the same on the server and in the browser. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))

/** 22 novembre 2026 alle ore 14:05:09, for detail views. */
export const formatLongDateTime = (iso: string) => longDateTime.format(new Date(iso))

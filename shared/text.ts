/** The letters without their accents ("Cantù" -> "Cantu"): how towns, zones and searches are compared. */
export const stripAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '')

/** How an e-mail address is compared and kept unique: trimmed and lowercase. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** A file's size as the forms and the office read it: "512 B", "340 KB", "2,4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
}

/** A chosen address as a list shows it: without the country every suggestion ends with (", Italia"). */
export const shortPlace = (label: string) => label.replace(/, Italia$/, '')

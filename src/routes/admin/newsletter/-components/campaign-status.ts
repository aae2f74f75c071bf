import type { NewsletterJobStatus } from '#shared/enums.ts'

export const STATUS_LABELS: Record<NewsletterJobStatus, string> = {
  draft: 'Bozza',
  scheduled: 'Programmata',
  pending_preparation: 'In attesa di preparazione',
  preparing: 'Preparazione destinatari',
  sending: 'Invio in corso',
  completed: 'Completata',
  paused: 'In pausa',
  cancelled: 'Annullata',
  preparation_failed: 'Preparazione non riuscita',
  creation_failed: 'Creazione non riuscita',
  send_failed: 'Invio non riuscito',
}

/** Failures are shown as destructive, everything else as information (docs/product.md §4). */
export const FAILED_STATUSES = new Set<string>(['preparation_failed', 'creation_failed', 'send_failed'])
/** The worker is still moving these: the screen keeps reading them. */
export const LIVE_STATUSES = new Set<string>(['pending_preparation', 'preparing', 'sending'])

export const GROUP_LABELS = { users: 'Tutti gli utenti', artisans: 'Tutti gli artigiani' } as const

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as NewsletterJobStatus] ?? status
}

export function statusVariant(status: string): 'danger' | 'success' | 'info' | 'warning' | 'default' {
  if (FAILED_STATUSES.has(status)) return 'danger'
  if (status === 'completed') return 'success'
  if (status === 'paused' || status === 'scheduled') return 'warning'
  if (status === 'cancelled') return 'default'
  return 'info'
}

/** docs/product.md §8: the first 100 characters of a preparation failure's reason. */
export function preparationError(reason: string | null): string {
  return (reason ?? 'Errore sconosciuto.').slice(0, 100)
}

const dateParts = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/Rome',
})

/** 22/11/2026 14:35, Milan time; built from the parts so Node and the browser print the same text while hydrating. */
export function formatDateTime(iso: string): string {
  const part = Object.fromEntries(dateParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]))
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`
}

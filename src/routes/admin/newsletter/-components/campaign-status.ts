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

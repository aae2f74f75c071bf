/** The values a status, kind or audience column may hold: shared by the database types, the zod schemas and the screens. */

export type LeadKind = 'quote' | 'contact'

export const LEAD_STATUSES = ['nuovo', 'contattato', 'sopralluogo fissato', 'preventivo inviato', 'acquisito', 'perso'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const ARTISAN_STATUSES = ['active', 'inactive', 'pending_review', 'rejected'] as const
export type ArtisanStatus = (typeof ARTISAN_STATUSES)[number]

export const NEWSLETTER_TARGET_GROUPS = ['users', 'artisans'] as const
export type NewsletterTargetGroup = (typeof NEWSLETTER_TARGET_GROUPS)[number]
export const NEWSLETTER_JOB_STATUSES = [
  'pending_preparation',
  'preparing',
  'sending',
  'completed',
  'paused',
  'cancelled',
  'preparation_failed',
  'creation_failed',
  'send_failed',
] as const
export type NewsletterJobStatus = (typeof NEWSLETTER_JOB_STATUSES)[number]

/** pending -> sending -> sent | failed; skipped when suppressed; unconfirmed when a crash interrupted the SES call. */
export type NewsletterDeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'unconfirmed'

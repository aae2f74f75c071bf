/** The values a status, kind or audience column may hold: shared by the database types, the zod schemas and the screens. */

export type LeadKind = 'quote' | 'contact'

export const LEAD_STATUSES = ['nuovo', 'assegnato', 'contattato', 'sopralluogo fissato', 'preventivo inviato', 'acquisito', 'perso'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const ARTISAN_STATUSES = ['active', 'inactive', 'pending_review', 'rejected'] as const
export type ArtisanStatus = (typeof ARTISAN_STATUSES)[number]

export const NEWSLETTER_TARGET_GROUPS = ['users', 'artisans'] as const
export type NewsletterTargetGroup = (typeof NEWSLETTER_TARGET_GROUPS)[number]
export const NEWSLETTER_JOB_STATUSES = [
  'draft',
  'scheduled',
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

/** A craftsman's answer to an offer (lead_assignments.response). */
export type OfferResponse = 'accepted' | 'declined'
/** Why a craftsman declined, in the order the page offers them. */
export const DECLINE_REASONS = ['troppo_lontano', 'troppo_impegnato', 'non_mio_settore', 'altro'] as const
export type DeclineReason = (typeof DECLINE_REASONS)[number]
/** What the requester says of the job when rating a craftsman. */
export const RATING_OUTCOMES = ['fatto', 'non_ancora', 'non_contattato'] as const
export type RatingOutcome = (typeof RATING_OUTCOMES)[number]
/** The steps of a lead's timeline (lead_events.kind); its arrival is the lead's created_at. */
export const LEAD_EVENT_KINDS = [
  'assigned',
  'accepted',
  'declined',
  'withdrawn',
  'revoked',
  'introduced',
  'rating_requested',
  'rated',
  'status_changed',
  /** No craftsman accepted within the promise (shared/promise.ts): the office, and the requester if reachable, were told. */
  'promise_missed',
  /** The dispatcher gave the lead back to the office: "Nessun artigiano disponibile" (details.reason). */
  'no_artisan',
] as const
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number]

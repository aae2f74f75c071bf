/**
 * Every table of the database: the single source of truth for row types.
 * Columns filled by the database are Generated<>; nullable columns are `T | null`.
 * Timestamps are ISO-8601 strings in UTC. Lists are JSON text (see the artisan_* tables for their index).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely'
import type {
  ArtisanStatus,
  DeclineReason,
  LeadEventKind,
  LeadKind,
  LeadStatus,
  OfferResponse,
  RatingOutcome,
  NewsletterDeliveryStatus,
  NewsletterJobStatus,
  NewsletterTargetGroup,
} from '#shared/enums.ts'
import type { OfferMailMode } from '#shared/artisan-notifications.ts'
import type { Timing } from '#shared/catalog/questions.ts'
import type { NoArtisanReason } from '#shared/schemas/dispatch.ts'
import type { OfferOutcome } from '#shared/offer-outcomes.ts'

export interface AppSettingsTable {
  key: string
  value: string
  updated_at: string
}

/** What a lead and a contact message both hold: who sent it, their consent, and where it came from (browser, page, campaign, visit). */
interface RequestColumns {
  id: Generated<number>
  created_at: string
  updated_at: string
  full_name: string
  email: string
  /** Lower-cased and trimmed: unique requesters are one per normalized e-mail, and a person's data rights find their requests by it. */
  email_normalized: string
  phone: string | null
  /** When the sender ticked the marketing consent and its exact words (MARKETING_CONSENT_TEXT); null without it. */
  marketing_consent_at: string | null
  marketing_consent_text: string | null
  ip_address: string | null
  user_agent: string | null
  from_page: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  /** The first page of the visit that sent the request (its path), where that visit came from, and the device class. */
  landing_page: string | null
  traffic_source: string | null
  device: 'mobile' | 'tablet' | 'desktop' | null
}

export interface LeadsTable extends RequestColumns {
  kind: LeadKind
  /** Catalog id, or 'altro'; null for contact requests. */
  service_id: string | null
  service_name: string
  subject: string | null
  location_label: string | null
  place_id: string | null
  comune_slug: string | null
  description: string
  status: Generated<LeadStatus>
  notes: string | null
  /** When the lead was offered with no craftsman on it; null once one accepts (the dashboard's waiting leads). */
  awaiting_answer_since: string | null
  first_accepted_at: string | null
  /** The lead's first offer (earliest assigned_at of its offers), kept by triggers on lead_assignments (migration 2026_11_28_0101). */
  first_offered_at: string | null
  /** From first_offered_at to first_accepted_at in milliseconds, null unless both are set: kept by triggers on leads (migration 2026_11_28_0108). */
  first_acceptance_ms: number | null
  /** When a craftsman should have accepted by: PROMISE_OFFICE_HOURS of office time after arrival (migration 2026_11_26_0951); null on older leads. */
  promise_due_at: string | null
  /** When the requester and the office were told the promise was not kept (or it was settled without a mail); null until then. */
  promise_missed_at: string | null
  /** When "Com'è andata?" is due (a week after the first acceptance); null once mailed or when there is nothing to ask. */
  rating_request_due_at: string | null
  rating_requested_at: string | null
  /** The last time the office chose the status by hand: after it, the craftsmen's answers no longer move it. */
  status_set_by_hand_at: string | null
  /** The craftsman the request was asked of from their public profile; the office sees it, matching puts them first. */
  preferred_artisan_id: number | null
  /** The answers to the service's questions, JSON text { questionId: optionId | number } (shared/catalog/questions.ts); null when none. */
  answers: string | null
  /** "Quando?" (migration 2026_11_26_0911); null when not said, and on leads sent before it. */
  timing: Timing | null
  /** 'Via e numero civico' as the requester typed it (migration 2026_11_26_0921); null on leads sent before it. */
  street: string | null
  /** When the dispatcher next looks at the lead (its first offer, the end of a round); null once it has nothing to do (migration 2026_11_26_0941). */
  dispatch_due_at: string | null
  /** Rounds of offers the dispatcher made. */
  dispatch_round: Generated<number>
  /** The process whose dispatcher holds the lead until it is done with it (its due time is then the claim's lease). */
  dispatch_claimed_by: string | null
  /** When the office first offered the lead by hand: from then on the dispatcher leaves it alone. */
  taken_by_hand_at: string | null
  /** "Nessun artigiano disponibile": why and when the dispatcher gave the lead back to the office (NO_ARTISAN_REASONS). */
  no_artisan_reason: NoArtisanReason | null
  no_artisan_at: string | null
}

/** A message of /contattaci to the office (migration 2026_11_26_0501): not a lead, no pipeline, no newsletters. */
export interface ContactMessagesTable extends RequestColumns {
  subject: string
  message: string
  notes: string | null
  /** When the office first opened it; null while it is new. */
  read_at: string | null
  /** When the office marked it answered; null until then. */
  answered_at: string | null
}

export interface LeadAttachmentsTable {
  id: Generated<number>
  lead_id: number
  file_name: string
  content_type: string
  size: number
  content: Buffer
  created_at: string
}

export interface ArtisansTable {
  id: Generated<number>
  created_at: string
  updated_at: string
  company_name: string | null
  vat_number: string | null
  contact_name: string
  email: string
  phone: string
  /** JSON array of sector names; mirrored row by row in artisan_sectors. */
  specialization_sectors: Generated<string>
  /** JSON array of zones; mirrored row by row in artisan_zones. */
  operative_zones: Generated<string>
  status: Generated<ArtisanStatus>
  notes: string | null
  profile_image_url: string | null
  is_verified: Generated<number>
  description: string | null
  privacy_consent_at: string | null
  source: Generated<'admin' | 'application'>
  /** Out of matching through this Italian calendar day (YYYY-MM-DD, inclusive); null when not paused. */
  paused_until: string | null
  pause_reason: string | null
  /** JSON array of the zones typed by a person that name no catalogue comune, for the office to fix. */
  unmatched_zones: Generated<string>
  /** When the craftsman last signed in to their area (ISO); null when never. */
  last_sign_in_at: string | null
  /** How new offers are mailed: each at once, in the morning summary, or both (shared/artisan-notifications.ts). */
  offer_mail: Generated<OfferMailMode>
  /** When the craftsman stopped every mail that is not an offer (the craftsmen's newsletter); null while they get them. */
  other_mail_stopped_at: string | null
  /** The Italian day (YYYY-MM-DD) of the last morning summary mailed to them; null when never. */
  summary_sent_on: string | null
}

/** Where an artisan takes requests for a sector: within radius_km of the base comune, or (radius_km null) the comuni of comune_slugs (JSON). */
export interface ArtisanCoverageTable {
  artisan_id: number
  sector: string
  base_comune_slug: string
  radius_km: number | null
  comune_slugs: Generated<string>
}

/** artisan_coverage materialised: one row per comune reached, with its distance from the base in whole km. */
export interface ArtisanCoverageComuniTable {
  artisan_id: number
  sector: string
  comune_slug: string
  distance_km: number
}

export interface ArtisanSectorsTable {
  artisan_id: number
  sector: string
}
export interface ArtisanZonesTable {
  artisan_id: number
  zone: string
  zone_normalized: string
}

export interface EmailSuppressionsTable {
  email_normalized: string
  reason: 'unsubscribed' | 'erased' | 'bounced' | 'complaint'
  created_at: string
  /** The campaign whose mail bounced or was marked as spam, when it was one. */
  source_job_id: number | null
  /** SES's bounce type and subtype, or the complaint's feedback type; never an address. */
  detail: string | null
}

/** What SES reported about a mail after it left (through SNS). */
export type EmailEventKind = 'delivery' | 'bounce' | 'soft_bounce' | 'complaint' | 'open' | 'click'

export interface EmailEventsTable {
  id: Generated<number>
  kind: EmailEventKind
  email_normalized: string
  job_id: number | null
  delivery_id: number | null
  outbox_id: number | null
  detail: string | null
  /** When SES says it happened. */
  occurred_at: string
  received_at: string
}

/** SNS MessageIds already handled: a second message with one of them is a replay. */
export interface SnsMessagesTable {
  message_id: string
  received_at: string
}

export interface AdminUsersTable {
  /** Random id, also lucia's user id. */
  id: string
  /** Lower-cased and trimmed. */
  email: string
  /** argon2id PHC string. */
  password_hash: string
  created_at: string
  updated_at: string
  /** Base32 TOTP secret; null until the administrator enrols a second factor. */
  totp_secret: string | null
  /** The last TOTP time step accepted: a code of that step or an older one is refused (each code works once). */
  totp_last_step: number | null
}

export interface AdminSessionsTable {
  id: string
  user_id: string
  /** Unix time in seconds. */
  expires_at: number
  created_at: string
}

/** A craftsman's session in their own area (server/auth/artisan-auth.ts). */
export interface ArtisanSessionsTable {
  /** SHA-256 of the session id, in hex: the id itself lives only in the craftsman's cookie. */
  id_hash: string
  artisan_id: number
  /** Unix time in seconds. */
  expires_at: number
  created_at: string
}

/** A sign-in link and code mailed to a craftsman (server/auth/artisan-sign-in.ts): only hashes, single use, 15 minutes. */
export interface ArtisanSignInTokensTable {
  /** SHA-256 of the token the link carries, in hex. */
  token_hash: string
  artisan_id: number
  /** SHA-256 of the 6-digit code, salted with the token's hash. */
  code_hash: string
  /** SHA-256 of the random value in the asking browser's cookie; null when the office sent the link. */
  binding_hash: string | null
  /** The page of the area to open once signed in. */
  redirect_path: string
  /** Wrong codes typed for this mail; at 5 it no longer signs anyone in. */
  failed_codes: Generated<number>
  /** Unix time in seconds. */
  expires_at: number
  used_at: string | null
  created_at: string
}

export interface PasswordResetTokensTable {
  /** SHA-256 of the token sent by e-mail, in hex: the token itself is never stored. */
  token_hash: string
  user_id: string
  /** Unix time in seconds. */
  expires_at: number
  used_at: string | null
  created_at: string
}

/** Single-use codes that stand in for a TOTP code; shown once at enrolment. */
export interface AdminRecoveryCodesTable {
  user_id: string
  /** SHA-256 of the normalised code, in hex. */
  code_hash: string
  used_at: string | null
  created_at: string
}

/** A second factor being set up: the secret stays on the server until a code proves the phone has it. */
export interface AdminTotpEnrolmentsTable {
  /** SHA-256 of the token the sign-in page holds, in hex. */
  token_hash: string
  user_id: string
  secret: string
  /** Unix time in seconds. */
  expires_at: number
  created_at: string
}

/** Sign-in and password-reset counters, one row per key (a hash of what is counted: account, address or both). */
export interface AuthThrottleTable {
  key: string
  count: number
  /** Unix time in seconds when the window ends and the count starts again. */
  expires_at: number
  /** Unix time in seconds before which an address that never signed in to the account waits. */
  next_at: Generated<number>
}

/** Addresses that completed a sign-in to an account, keyed by a hash of both. */
export interface LoginKnownAddressesTable {
  key: string
  /** Unix time in seconds. */
  last_success_at: number
}

export interface AuditLogTable {
  id: Generated<number>
  created_at: string
  actor_id: string | null
  actor_email: string | null
  /** create, update, delete, ... */
  action: string
  entity_type: string
  entity_id: string
  /** JSON object describing the change. */
  details: string | null
  /** Who made the change: an administrator (actor_id, actor_email), a craftsman from their area (actor_id = their id), the system. */
  actor_kind: Generated<AuditActorKind>
}

export type AuditActorKind = 'administrator' | 'artisan' | 'system'

export interface NewsletterJobsTable {
  id: Generated<number>
  subject: string
  /** Stored and sent exactly as the administrator wrote it. */
  body_html: string
  target_group: NewsletterTargetGroup
  /** JSON object; on creation_failed it also carries the error. */
  filters: Generated<string>
  status: Generated<NewsletterJobStatus>
  total_recipients: Generated<number>
  sent_count: Generated<number>
  /** Deliveries a crash interrupted during the SES call, until SES's Delivery notification confirms them (decision 040). */
  unconfirmed_count: Generated<number>
  failed_count: Generated<number>
  /** Recipients who unsubscribed between preparation and their turn. */
  skipped_count: Generated<number>
  /** Operator-facing reason of the last failure (preparation or sending). */
  error: string | null
  /** From the form, so a double submit creates one campaign. */
  idempotency_key: string
  created_by: string | null
  created_at: string
  updated_at: string
  started_at: string | null
  finished_at: string | null
  paused_at: string | null
  cancelled_at: string | null
  /** When a scheduled campaign starts (UTC ISO); null for drafts and campaigns sent at once. */
  scheduled_at: string | null
  /** 'visual': written with the editor, body_source holds its HTML before the mail layout; 'html': body_html as written. */
  editor: Generated<'visual' | 'html'>
  body_source: string | null
}

export interface NewsletterDeliveriesTable {
  id: Generated<number>
  job_id: number
  email: string
  email_normalized: string
  name: string | null
  status: Generated<NewsletterDeliveryStatus>
  attempts: Generated<number>
  last_error: string | null
  sent_at: string | null
  message_id: string | null
  /** When SES's Delivery notification arrived. */
  delivered_at: string | null
  /** The app process (app_instances.id) whose SES call is in flight while the status is 'sending'. */
  claimed_by: string | null
}

/** The running app processes, each seen every few seconds: a delivery in flight of a process not seen lately was interrupted. */
export interface AppInstancesTable {
  id: string
  started_at: string
  seen_at: string
}

/** One row: the next free send slot (Unix microseconds) of the schedule every process's mail shares (MAIL_RATE_PER_SECOND in total). */
export interface MailSendSlotsTable {
  id: number
  next_slot_us: number
}

export interface LeadAssignmentsTable {
  id: Generated<number>
  lead_id: number
  artisan_id: number
  assigned_at: string
  /** The administrator's id. */
  assigned_by: string | null
  /** The e-mail that told the craftsman, in the outbox. */
  email_outbox_id: number | null
  /** Null while the offer waits for the craftsman's answer. */
  response: OfferResponse | null
  responded_at: string | null
  decline_reason: DeclineReason | null
  /** The craftsman gave the job back after accepting it (within 24 hours). */
  withdrawn_at: string | null
  /** The office took the offer back before an answer. */
  revoked_at: string | null
  /** 1 for the first offer of the lead to this craftsman, one more on each offer made again; its links carry it (migration 2026_11_26_0202). */
  offer_number: Generated<number>
  /** "Com'è finita?", as the craftsman set it from their area (migration 2026_11_27_0201). */
  outcome: OfferOutcome | null
  /** The amount the craftsman gave with the outcome, in euro cents. */
  outcome_amount_cents: number | null
  outcome_at: string | null
}

/** What happened to a lead, in order (migration 2026_11_24_0101); `details` is a JSON object. */
export interface LeadEventsTable {
  id: Generated<number>
  lead_id: number
  created_at: string
  kind: LeadEventKind
  /** Set null when the craftsman is deleted; details keep the name. */
  artisan_id: number | null
  /** Who did it: the administrator's e-mail, 'artigiano', 'cliente' or 'sistema'. */
  actor: string | null
  details: string | null
}

/** A requester's rating of a craftsman who accepted their lead; one per pair, changed by a second use of the link. */
export interface LeadRatingsTable {
  id: Generated<number>
  lead_id: number
  artisan_id: number
  /** 1 to 5 (CHECK). */
  stars: number
  outcome: RatingOutcome
  /** Plain text as typed, never rendered as HTML. */
  comment: string | null
  created_at: string
  updated_at: string
}

/** A craftsman's public profile (migration 2026_11_26_0601): live while published_at is set, and only with consent. */
export interface ArtisanProfilesTable {
  artisan_id: number
  /** The path under /artigiani/; kept once published, so a profile gone private answers 410. */
  slug: string
  /** The public description, plain text. */
  description: string | null
  /** The craftsman's consent to publication: when, the text they agreed to, and the administrator who recorded it. */
  consent_at: string | null
  consent_text: string | null
  /** The administrator (admin_users.id) who recorded it. */
  consent_recorded_by: string | null
  published_at: string | null
  unpublished_at: string | null
  /** What the office verified, and when. */
  vat_checked_at: string | null
  identity_checked_at: string | null
  insurance_checked_at: string | null
  insurance_note: string | null
  created_at: string
  updated_at: string
}

/** A portfolio photo, resized and stripped of metadata on upload; served under a URL that names its digest. */
export interface ArtisanPhotosTable {
  id: Generated<number>
  artisan_id: number
  position: number
  content_type: string
  width: number
  height: number
  size: number
  /** Base64url SHA-256 of content: the URL changes with the bytes, so they are cached for a year. */
  digest: string
  caption: string | null
  content: Buffer
  created_at: string
}

export type ReviewStatus = 'pending' | 'published' | 'hidden'

/** The public side of a rating: what a profile shows, copied when the requester rates (docs/product.md §11). */
export interface ReviewsTable {
  id: Generated<number>
  artisan_id: number
  /** Null once the requester is erased (the review stays, by "Cliente verificato"). */
  lead_id: number | null
  stars: number
  /** Plain text as typed; null without one or once removed at the author's request. */
  comment: string | null
  /** "Marco R.", or "Cliente verificato" after erasure. */
  author_label: string
  comune: string | null
  service_name: string | null
  /** YYYY-MM of the job (the lead's first acceptance). */
  job_month: string
  status: ReviewStatus
  /** A key of HIDE_REASONS (shared/reviews.ts) while hidden. */
  hidden_reason: string | null
  /** The administrator (admin_users.id) who last published or hid it. */
  moderated_by: string | null
  moderated_at: string | null
  text_removed_at: string | null
  /** The craftsman's reply, shown under the review once the office published it. */
  reply: string | null
  reply_at: string | null
  reply_by: string | null
  created_at: string
  published_at: string | null
}

export type ProfileChangeKind = 'description' | 'photo' | 'reply'
export type ProfileChangeStatus = 'pending' | 'approved' | 'refused' | 'withdrawn'

/** What a craftsman proposed from their area, waiting for the office or decided (migration 2026_11_27_0401). */
export interface ArtisanProfileChangesTable {
  id: Generated<number>
  artisan_id: number
  kind: ProfileChangeKind
  /** The review a reply answers. */
  review_id: number | null
  /** The description or the reply, plain text as typed. */
  text: string | null
  photo_content_type: string | null
  photo_width: number | null
  photo_height: number | null
  photo_size: number | null
  photo_digest: string | null
  photo_caption: string | null
  /** A new photo's bytes while it waits; null once decided (approved ones move to artisan_photos). */
  photo_content: Buffer | null
  status: Generated<ProfileChangeStatus>
  /** Why the office refused it, as the craftsman reads it. */
  refusal_reason: string | null
  created_at: string
  decided_at: string | null
  /** The administrator (admin_users.id) who decided. */
  decided_by: string | null
}

/** A visitor's report of a review; `reporter` is a keyed hash of the address (never the address itself). */
export interface ReviewReportsTable {
  id: Generated<number>
  review_id: number
  reason: string
  note: string | null
  reporter: string
  created_at: string
  resolved_at: string | null
  resolved_by: string | null
}

/** Each craftsman's answers and ratings, kept by triggers (migration 2026_11_24_0101); never written by the application. */
export interface ArtisanResponseTotalsTable {
  artisan_id: number
  /** Every offer made, answered or not. */
  offers: number
  /** Acceptances still standing (not withdrawn). */
  accepted: number
  declined: number
  withdrawn: number
  /** Offers the office took back unanswered. */
  revoked: number
  ratings: number
  /** Sum of the ratings' stars. */
  stars: number
}

/** One row per normalized e-mail of leads, kept by triggers (migration 0301); never written by the application. */
export interface RequestersTable {
  id: Generated<number>
  email_normalized: string
  email: string
  last_full_name: string
  last_phone: string | null
  last_location_label: string | null
  last_created_at: string
  last_lead_id: number
  first_created_at: string
  lead_count: number
}

/** The one row of list totals, kept by triggers (migration 0302). */
export interface ListTotalsTable {
  id: number
  leads: number
  requesters: number
}

/** pending -> sent, or failed after the last attempt (permanent error or too many retries); suppressed when the address is on the suppression list. */
export type EmailOutboxStatus = 'pending' | 'sent' | 'failed' | 'suppressed'

export interface EmailOutboxTable {
  id: Generated<number>
  created_at: string
  updated_at: string
  /** What the mail is about (quote-notification, contact-confirmation, ...), for logs and the admin. */
  category: string
  /** Empty for mail to the office: NOTIFY_EMAIL is read when sending, so mail queued before it was set still goes out. */
  to_address: string
  reply_to: string | null
  subject: string
  /** Empty when `template` is set: the worker renders the template when it sends. */
  html: string
  text: string
  /** A template of server/mail/templates/index.ts and its values as JSON. */
  template: string | null
  template_props: string | null
  /** JSON object of extra headers, checked for CR/LF before it is written. */
  headers: string | null
  lead_id: number | null
  /** The contact message the mail is about (its notification or confirmation). */
  contact_message_id: number | null
  /** 1: attach the lead's files (or link to them beyond the SES size limit). */
  attach_lead_files: Generated<number>
  status: Generated<EmailOutboxStatus>
  attempts: Generated<number>
  next_attempt_at: string
  last_error: string | null
  sent_at: string | null
  message_id: string | null
  /** The outbox worker whose claim (its lease in next_attempt_at) holds the mail while it is pending; null once given back. */
  claimed_by: string | null
}

export interface CaptchaUsesTable {
  nonce: string
  /** Unix time in milliseconds. */
  expires_at: number
}

/** One row per confirmation mailed to a visitor, kept a day: at most 3 per address (routers/requests.ts). */
export interface ConfirmationSendsTable {
  /** SHA-256 of the normalised address, in hex: the counter needs no address in clear. */
  address_key: string
  /** Unix time in ms. */
  sent_at: number
}

/** Row types: what a select returns (`Lead`), what an insert takes (`NewLead`), what an update sets (`LeadUpdate`). */
export type NewAppSetting = Insertable<AppSettingsTable>
export type Lead = Selectable<LeadsTable>
export type NewLead = Insertable<LeadsTable>
export type LeadUpdate = Updateable<LeadsTable>
export type NewLeadAttachment = Insertable<LeadAttachmentsTable>
export type ContactMessage = Selectable<ContactMessagesTable>
export type Artisan = Selectable<ArtisansTable>
export type NewArtisan = Insertable<ArtisansTable>
export type ArtisanUpdate = Updateable<ArtisansTable>
export type AdminUser = Selectable<AdminUsersTable>
export type AuditEntry = Selectable<AuditLogTable>
export type NewsletterJob = Selectable<NewsletterJobsTable>
export type NewNewsletterJob = Insertable<NewsletterJobsTable>
export type NewsletterJobUpdate = Updateable<NewsletterJobsTable>
export type Requester = Selectable<RequestersTable>
export type EmailOutboxRow = Selectable<EmailOutboxTable>
export type LeadAssignment = Selectable<LeadAssignmentsTable>
export type LeadEvent = Selectable<LeadEventsTable>
export type LeadRating = Selectable<LeadRatingsTable>
export type ArtisanProfile = Selectable<ArtisanProfilesTable>
export type Review = Selectable<ReviewsTable>
export type NewEmailOutboxRow = Insertable<EmailOutboxTable>

/** Visits of a public page on an Italian day from one source (server/analytics): totals only, nothing about a visitor. */
export interface PageVisitsTable {
  day: string
  path: string
  source: string
  visits: number
}

/** A page's (or a source's) visits on a day, and its running total up to that day: a period's sum is two lookups. */
export interface PageVisitDaysTable {
  path: string
  day: string
  visits: number
  cumulative: number
}
export interface VisitSourceDaysTable {
  source: string
  day: string
  visits: number
  cumulative: number
}
export interface VisitDaysTable {
  day: string
  visits: number
  /** Requests left uncounted as suspicious that day (one address over its share of visits). */
  uncounted: Generated<number>
}
/** What a campaign cost in a month (YYYY-MM), entered by hand on the Statistiche screen. */
export interface CampaignCostsTable {
  month: string
  source: string
  cost_cents: number
  updated_at: string
  updated_by: string | null
}

/** Requests of an Italian day by one attribution ('all', 'landing', 'source', 'town', 'service'), with the running total. */
export interface LeadDaysTable {
  dimension: string
  key: string
  day: string
  requests: number
  cumulative: number
}

/** Offers of an Italian day (by assigned_at) not taken back, and those of them answered and accepted (migration 2026_11_28_0101). */
export interface OfferDaysTable {
  day: string
  offers: number
  answered: number
  accepted: number
}

export interface Database {
  lead_days: LeadDaysTable
  lead_day_keys: { dimension: string; key: string; total: Generated<number>; last_day: string | null }
  offer_days: OfferDaysTable
  page_visits: PageVisitsTable
  page_visit_days: PageVisitDaysTable
  visit_source_days: VisitSourceDaysTable
  visit_days: VisitDaysTable
  /** Each key's total so far and its last day with a row (migration 2026_11_28_0103). */
  visit_paths: { path: string; total: Generated<number>; last_day: string | null }
  visit_sources: { source: string; total: Generated<number>; last_day: string | null }
  campaign_costs: CampaignCostsTable
  app_settings: AppSettingsTable
  leads: LeadsTable
  contact_messages: ContactMessagesTable
  lead_attachments: LeadAttachmentsTable
  artisans: ArtisansTable
  artisan_sectors: ArtisanSectorsTable
  artisan_zones: ArtisanZonesTable
  artisan_coverage: ArtisanCoverageTable
  artisan_coverage_comuni: ArtisanCoverageComuniTable
  email_suppressions: EmailSuppressionsTable
  email_events: EmailEventsTable
  sns_messages: SnsMessagesTable
  email_outbox: EmailOutboxTable
  captcha_uses: CaptchaUsesTable
  confirmation_sends: ConfirmationSendsTable
  newsletter_jobs: NewsletterJobsTable
  newsletter_deliveries: NewsletterDeliveriesTable
  admin_users: AdminUsersTable
  admin_sessions: AdminSessionsTable
  artisan_sessions: ArtisanSessionsTable
  artisan_sign_in_tokens: ArtisanSignInTokensTable
  password_reset_tokens: PasswordResetTokensTable
  admin_recovery_codes: AdminRecoveryCodesTable
  admin_totp_enrolments: AdminTotpEnrolmentsTable
  auth_throttle: AuthThrottleTable
  login_known_addresses: LoginKnownAddressesTable
  audit_log: AuditLogTable
  lead_assignments: LeadAssignmentsTable
  lead_events: LeadEventsTable
  lead_ratings: LeadRatingsTable
  artisan_profiles: ArtisanProfilesTable
  artisan_photos: ArtisanPhotosTable
  artisan_profile_changes: ArtisanProfileChangesTable
  reviews: ReviewsTable
  review_reports: ReviewReportsTable
  artisan_response_totals: ArtisanResponseTotalsTable
  requesters: RequestersTable
  list_totals: ListTotalsTable
  app_instances: AppInstancesTable
  mail_send_slots: MailSendSlotsTable
}

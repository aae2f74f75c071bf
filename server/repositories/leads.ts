import type { DB } from '#db/client.ts'
import type { LeadKind } from '#shared/enums.ts'
import type { StoredAnswers, Timing } from '#shared/catalog/questions.ts'

export type LeadInput = {
  kind: LeadKind
  fullName: string
  email: string
  phone: string | null
  serviceId: string | null
  serviceName: string
  subject: string | null
  locationLabel: string | null
  placeId: string | null
  comuneSlug: string | null
  description: string
  ipAddress: string | null
  userAgent: string | null
  fromPage: string | null
  utm: { source?: string; medium?: string; campaign?: string; term?: string; content?: string } | undefined
  /** The visit's first page, where the visit came from, and the device class (server/analytics/sources.ts). */
  landingPage?: string | null
  trafficSource?: string | null
  device?: 'mobile' | 'tablet' | 'desktop' | null
  /** The craftsman of the published profile the request was sent from (docs/product.md §11). */
  preferredArtisanId?: number | null
  /** False when automatic dispatch is off: the request is the office's, and the dispatcher never looks at it. */
  dispatch?: boolean
  /** When a craftsman should have accepted by (shared/promise.ts PROMISE_OFFICE_HOURS of working days, server/leads/promise.ts). */
  promiseDueAt?: string | null
  /** The checked answers to the service's questions (leads.answers as JSON), and "Quando?". */
  answers?: StoredAnswers | null
  timing?: Timing | null
  /** 'Via e numero civico', apart from the comune (comuneSlug). */
  street?: string | null
  /** When the requester ticked the marketing consent, and its words (shared/marketing-consent.ts). */
  marketingConsentAt?: string | null
  marketingConsentText?: string | null
}

export type AttachmentInput = { fileName: string; contentType: string; content: Buffer }

/** Stores a lead and its files; call inside the transaction that also queues its e-mails. Returns the lead id. */
export async function insertLead(db: DB, lead: LeadInput, attachments: AttachmentInput[], now = new Date().toISOString()): Promise<number> {
  const { id } = await db
    .insertInto('leads')
    .values({
      kind: lead.kind,
      created_at: now,
      updated_at: now,
      full_name: lead.fullName,
      email: lead.email,
      email_normalized: lead.email.trim().toLowerCase(),
      phone: lead.phone,
      service_id: lead.serviceId,
      service_name: lead.serviceName,
      subject: lead.subject,
      location_label: lead.locationLabel,
      place_id: lead.placeId,
      comune_slug: lead.comuneSlug,
      description: lead.description,
      ip_address: lead.ipAddress,
      user_agent: lead.userAgent,
      from_page: lead.fromPage,
      utm_source: lead.utm?.source || null,
      utm_medium: lead.utm?.medium || null,
      utm_campaign: lead.utm?.campaign || null,
      utm_term: lead.utm?.term || null,
      utm_content: lead.utm?.content || null,
      landing_page: lead.landingPage ?? null,
      traffic_source: lead.trafficSource ?? null,
      device: lead.device ?? null,
      preferred_artisan_id: lead.preferredArtisanId ?? null,
      promise_due_at: lead.promiseDueAt ?? null,
      answers: lead.answers ? JSON.stringify(lead.answers) : null,
      timing: lead.timing ?? null,
      // Due for the dispatcher at once (server/dispatch/dispatcher.ts), unless dispatch is off.
      dispatch_due_at: lead.dispatch === false ? null : now,
      street: lead.street ?? null,
      marketing_consent_at: lead.marketingConsentAt ?? null,
      marketing_consent_text: lead.marketingConsentText ?? null,
      notes: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (attachments.length) {
    await db
      .insertInto('lead_attachments')
      .values(
        attachments.map((file) => ({
          lead_id: id,
          file_name: file.fileName,
          content_type: file.contentType,
          size: file.content.length,
          content: file.content,
          created_at: now,
        })),
      )
      .execute()
  }
  return id
}

/** A lead's files with their content, for the notification e-mail. */
export function findLeadAttachments(db: DB, leadId: number) {
  return db.selectFrom('lead_attachments').select(['id', 'file_name', 'content_type', 'size', 'content']).where('lead_id', '=', leadId).orderBy('id').execute()
}

import { sql } from 'kysely'
import { type DB, inTransaction } from '#db/client.ts'
import type { Requester } from '#db/schema.ts'
import { LEADS_PAGE_SIZE } from '#shared/schemas/admin-leads.ts'
import type { RequesterFilters } from '#shared/schemas/requesters.ts'
import { anonymiseReviews, reviewsOfLeads } from './reviews.ts'
import { listPage, searchedList, textSearch } from './search.ts'
import { suppressErasedEmail } from './suppressions.ts'
import { normalizeEmail } from '#shared/text.ts'

export type RequesterRow = Pick<
  Requester,
  'email_normalized' | 'email' | 'last_full_name' | 'last_phone' | 'last_location_label' | 'last_created_at' | 'lead_count'
>

const SEARCH_COLUMNS = { name: 'last_full_name', email: 'email', phone: 'last_phone', location: 'last_location_label' }

/** One page of unique requesters, most recent request first, with the number of matching rows. */
export async function listRequesters(db: DB, filters: RequesterFilters, page: number, pageSize = LEADS_PAGE_SIZE) {
  const search = textSearch(db, 'requesters', SEARCH_COLUMNS, filters)
  const { where, total, totalCapped, hint, pageIds, onSearchTable } = await searchedList(db, 'requesters', search, {
    date: 'last_created_at',
    byDate: 'requesters_last_created_at',
  })
  const columns = sql`email_normalized, email, last_full_name, last_phone, last_location_label, last_created_at, lead_count`
  const rows = !total
    ? []
    : onSearchTable
      ? (
          await sql<RequesterRow>`SELECT ${columns} FROM requesters WHERE id IN (${pageIds(pageSize, (page - 1) * pageSize)})
            ORDER BY last_created_at DESC, id DESC`.execute(db)
        ).rows
      : (
          await sql<RequesterRow>`SELECT ${columns} FROM requesters ${hint} ${where}
            ORDER BY last_created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(db)
        ).rows
  return listPage(rows, total, page, pageSize, totalCapped)
}

export function findRequester(db: DB, email: string) {
  return db.selectFrom('requesters').selectAll().where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst()
}

/** Every request of one person, newest first, for the detail view. */
export function listRequesterLeads(db: DB, email: string) {
  return db
    .selectFrom('leads')
    .select((eb) => [
      'id',
      'created_at',
      'kind',
      'full_name',
      'email',
      'phone',
      'service_name',
      'location_label',
      'status',
      eb.selectFrom('lead_attachments').whereRef('lead_attachments.lead_id', '=', 'leads.id').select(eb.fn.countAll<number>().as('n')).as('attachment_count'),
    ])
    .where('email_normalized', '=', normalizeEmail(email))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** Everything stored about one e-mail address (GDPR access and portability), attachments included. */
export async function exportRequesterData(db: DB, email: string) {
  const normalized = normalizeEmail(email)
  const leads = await db.selectFrom('leads').selectAll().where('email_normalized', '=', normalized).orderBy('created_at').orderBy('id').execute()
  const leadIds = leads.map((lead) => lead.id)
  const messages = await db.selectFrom('contact_messages').selectAll().where('email_normalized', '=', normalized).orderBy('created_at').orderBy('id').execute()
  const messageIds = messages.map((message) => message.id)
  const [attachments, assignments, ratings, reviews, emails, suppression] = await Promise.all([
    leadIds.length ? db.selectFrom('lead_attachments').selectAll().where('lead_id', 'in', leadIds).orderBy('id').execute() : Promise.resolve([]),
    leadIds.length
      ? db
          .selectFrom('lead_assignments')
          .innerJoin('artisans', 'artisans.id', 'lead_assignments.artisan_id')
          .select([
            'lead_assignments.lead_id',
            'lead_assignments.assigned_at',
            'lead_assignments.response',
            'lead_assignments.responded_at',
            'lead_assignments.withdrawn_at',
            'artisans.company_name',
            'artisans.contact_name',
            'artisans.email',
          ])
          .where('lead_assignments.lead_id', 'in', leadIds)
          .orderBy('lead_assignments.id')
          .execute()
      : Promise.resolve([]),
    leadIds.length
      ? db
          .selectFrom('lead_ratings')
          .innerJoin('artisans', 'artisans.id', 'lead_ratings.artisan_id')
          .select([
            'lead_ratings.lead_id',
            'artisans.contact_name as artisan',
            'lead_ratings.stars',
            'lead_ratings.outcome',
            'lead_ratings.comment',
            'lead_ratings.created_at',
            'lead_ratings.updated_at',
          ])
          .where('lead_ratings.lead_id', 'in', leadIds)
          .orderBy('lead_ratings.id')
          .execute()
      : Promise.resolve([]),
    reviewsOfLeads(db, leadIds),
    db
      .selectFrom('email_outbox')
      .select(['id', 'created_at', 'category', 'to_address', 'subject', 'text', 'status', 'sent_at', 'lead_id'])
      .select('contact_message_id')
      .where((eb) =>
        eb.or([
          eb(sql`lower(trim(to_address))`, '=', normalized),
          ...(leadIds.length ? [eb('lead_id', 'in', leadIds)] : []),
          ...(messageIds.length ? [eb('contact_message_id', 'in', messageIds)] : []),
        ]),
      )
      .orderBy('id')
      .execute(),
    db.selectFrom('email_suppressions').selectAll().where('email_normalized', '=', normalized).executeTakeFirst(),
  ])
  return {
    email: normalized,
    leads: leads.map((lead) => ({
      ...lead,
      attachments: attachments
        .filter((file) => file.lead_id === lead.id)
        .map((file) => ({
          id: file.id,
          file_name: file.file_name,
          content_type: file.content_type,
          size: file.size,
          created_at: file.created_at,
          content_base64: Buffer.from(file.content).toString('base64'),
        })),
      /** Craftsmen this request was handed to. */
      shared_with: assignments.filter((a) => a.lead_id === lead.id).map(({ lead_id: _, ...artisan }) => artisan),
      /** What the requester said of those craftsmen. */
      ratings: ratings.filter((r) => r.lead_id === lead.id).map(({ lead_id: _, ...rating }) => rating),
      /** Their public side: the reviews as the profiles show them (or the office hid them). */
      reviews: reviews.filter((r) => r.lead_id === lead.id).map(({ lead_id: _, ...review }) => review),
    })),
    /** What they wrote to the office through /contattaci. */
    messages,
    emails,
    suppression: suppression ?? null,
  }
}

/**
 * Erases one person: every lead (attachments and assignments cascade), every message to the office, every e-mail
 * about them or to them, and suppresses the address so nothing is ever sent to it again. Their reviews stay, by
 * "Cliente verificato" with no link to the request (docs/product.md §11). Returns what was erased and anonymised.
 */
export function eraseRequester(db: DB, email: string, now = new Date().toISOString()): Promise<{ leads: number; messages: number; reviews: number }> {
  const normalized = normalizeEmail(email)
  return inTransaction(db, async (trx) => {
    const leadIds = (await trx.selectFrom('leads').select('id').where('email_normalized', '=', normalized).execute()).map((lead) => lead.id)
    const messageIds = (await trx.selectFrom('contact_messages').select('id').where('email_normalized', '=', normalized).execute()).map((m) => m.id)
    await deleteMailTraces(trx, [normalized], leadIds, messageIds)
    const reviews = await anonymiseReviews(trx, leadIds, now)
    const deleted = await trx.deleteFrom('leads').where('email_normalized', '=', normalized).executeTakeFirst()
    const messages = await trx.deleteFrom('contact_messages').where('email_normalized', '=', normalized).executeTakeFirst()
    await suppressErasedEmail(trx, normalized, now)
    return { leads: Number(deleted.numDeletedRows), messages: Number(messages.numDeletedRows), reviews }
  })
}

/**
 * Deletes what the mail kept about some people: the e-mails about their leads and messages or to their (normalised) addresses,
 * their settled newsletter deliveries (one still to send goes, or is skipped, first) and what SES reported about
 * mail to them. Shared by the erasure of a person and the retention job (server/retention).
 */
export async function deleteMailTraces(db: DB, addresses: string[], leadIds: number[], messageIds: number[] = []) {
  if (!addresses.length && !leadIds.length && !messageIds.length) return { mails: 0, newsletterDeliveries: 0, mailEvents: 0 }
  const mails = await db
    .deleteFrom('email_outbox')
    .where((eb) =>
      eb.or([
        ...(leadIds.length ? [eb('lead_id', 'in', leadIds)] : []),
        ...(messageIds.length ? [eb('contact_message_id', 'in', messageIds)] : []),
        ...(addresses.length ? [eb(sql`lower(trim(to_address))`, 'in', addresses)] : []),
      ]),
    )
    .executeTakeFirst()
  const deliveries = addresses.length
    ? await db
        .deleteFrom('newsletter_deliveries')
        .where('email_normalized', 'in', addresses)
        .where('status', 'not in', ['pending', 'sending'])
        .executeTakeFirst()
    : null
  const events = addresses.length ? await db.deleteFrom('email_events').where('email_normalized', 'in', addresses).executeTakeFirst() : null
  return {
    mails: Number(mails.numDeletedRows),
    newsletterDeliveries: Number(deliveries?.numDeletedRows ?? 0),
    mailEvents: Number(events?.numDeletedRows ?? 0),
  }
}

/** The value of a column in the requester's latest lead (`g` is the requester's group): the latest that has one, for a detail. */
function latestLead(column: 'id' | 'phone' | 'location_label') {
  const value = sql.ref(`p.${column}`)
  const present = column === 'id' ? sql`` : sql`AND ${value} IS NOT NULL`
  return sql`(SELECT ${value} FROM leads p WHERE p.email_normalized = g.email_normalized ${present} ORDER BY p.created_at DESC, p.id DESC LIMIT 1)`
}

/** Recomputes the requesters table from leads (the triggers keep it current; bulk loads call this once at the end). */
export function rebuildRequesters(db: DB): Promise<void> {
  return inTransaction(db, async (trx) => {
    await sql`DELETE FROM requesters`.execute(trx)
    await sql`INSERT INTO requesters (email_normalized, email, last_full_name, last_phone, last_location_label, last_created_at, last_lead_id, first_created_at, lead_count)
    SELECT g.email_normalized, l.email, l.full_name, ${latestLead('phone')}, ${latestLead('location_label')}, l.created_at, l.id, g.first_created_at, g.lead_count
    FROM (SELECT email_normalized, min(created_at) AS first_created_at, count(*) AS lead_count FROM leads WHERE email_normalized <> '' GROUP BY email_normalized) g
    JOIN leads l ON l.id = ${latestLead('id')}`.execute(trx)
    await sql`INSERT INTO requesters_search (requesters_search) VALUES ('rebuild')`.execute(trx)
  })
}

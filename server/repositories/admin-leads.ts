import { type SqlBool, sql } from 'kysely'
import { type DB, inTransaction } from '#db/client.ts'
import type { Lead, LeadUpdate } from '#db/schema.ts'
import type { LeadStatus } from '#shared/enums.ts'
import { romeDayEnd, romeDayStart } from '#shared/italian-time.ts'
import { LEADS_PAGE_SIZE, type LeadFilters } from '#shared/schemas/admin-leads.ts'
import { type ListSearch, listPage, searchConditions, searchedList, textSearch, whereClause, withDateRange } from './search.ts'
import { joinInOrder } from './dialect/index-hints.ts'
import { OFFER_STATE } from './offers.ts'

export type LeadListRow = Pick<Lead, 'id' | 'created_at' | 'kind' | 'full_name' | 'email' | 'phone' | 'service_name' | 'location_label' | 'status'> & {
  attachment_count: number
  /** Craftsmen it stands offered to: every offer but those the office took back unanswered. */
  offered_count: number
  /** Those of them who answered, accepting or declining. */
  answered_count: number
}

const SEARCH_COLUMNS = { name: 'full_name', email: 'email', phone: 'phone', location: 'location_label' } as const

/** Every filter as a condition on leads: exact values use the indexes, substrings of 3+ characters the trigram index. */
function leadSearch(db: DB, filters: LeadFilters): ListSearch {
  const { conditions, match } = textSearch(db, 'leads', SEARCH_COLUMNS, filters)
  if (filters.service) conditions.push(sql<SqlBool>`leads.service_id = ${filters.service}`)
  if (filters.status) conditions.push(sql<SqlBool>`leads.status = ${filters.status}`)
  if (filters.timing) conditions.push(sql<SqlBool>`leads.timing = ${filters.timing}`)
  return withDateRange(db, 'leads', { conditions, match }, filters.from && romeDayStart(filters.from), filters.to && romeDayEnd(filters.to))
}

/** One page of leads, newest first, with the number of matching rows for the page-number bar. */
export async function listLeads(db: DB, filters: LeadFilters, page: number, pageSize = LEADS_PAGE_SIZE) {
  const { total, totalCapped, pageSource } = await searchedList(db, 'leads', leadSearch(db, filters), {
    date: 'created_at',
    byDate: 'leads_created_at',
    filters: 'leads_filters',
  })
  const rows = total
    ? // The page's ids first, from the index alone: the rows skipped by OFFSET are never read or counted. The join
      // keeps that order on SQLite: with a bound LIMIT its planner would otherwise scan every lead and probe the page.
      (
        await sql<LeadListRow>`SELECT l.id, l.created_at, l.kind, l.full_name, l.email, l.phone, l.service_name, l.location_label, l.status,
          (SELECT count(*) FROM lead_attachments a WHERE a.lead_id = l.id) AS attachment_count,
          (SELECT count(*) FROM lead_assignments s WHERE s.lead_id = l.id AND s.revoked_at IS NULL) AS offered_count,
          (SELECT count(*) FROM lead_assignments s WHERE s.lead_id = l.id AND s.response IS NOT NULL) AS answered_count
        FROM (${await pageSource(pageSize, (page - 1) * pageSize)}) page
        ${joinInOrder(db)} leads l ON l.id = page.id
        ORDER BY l.created_at DESC, l.id DESC`.execute(db)
      ).rows
    : []
  return listPage(rows, total, page, pageSize, totalCapped)
}

/** Recomputes the kept totals after a bulk load that set the triggers aside. */
export async function refreshListTotals(db: DB): Promise<void> {
  await sql`UPDATE list_totals SET leads = (SELECT count(*) FROM leads), requesters = (SELECT count(*) FROM requesters) WHERE id = 1`.execute(db)
}

export type LeadExportRow = Pick<
  Lead,
  | 'id'
  | 'created_at'
  | 'kind'
  | 'full_name'
  | 'email'
  | 'phone'
  | 'service_id'
  | 'service_name'
  | 'subject'
  | 'location_label'
  | 'street'
  | 'comune_slug'
  | 'description'
  | 'answers'
  | 'timing'
  | 'status'
  | 'notes'
  | 'from_page'
  | 'utm_source'
  | 'utm_medium'
  | 'utm_campaign'
  | 'utm_term'
  | 'utm_content'
>

/**
 * The filtered leads for the CSV export, newest first, a chunk at a time: each chunk continues after the last row
 * of the previous one (created_at, id), so memory stays flat and the connection is free between chunks.
 */
export async function* iterateLeadsForExport(db: DB, filters: LeadFilters, chunkSize = 1000): AsyncGenerator<LeadExportRow[]> {
  const conditions = searchConditions(db, 'leads', leadSearch(db, filters))
  let after: { created_at: string; id: number } | null = null
  for (;;) {
    const page = [...conditions]
    if (after) page.push(sql<SqlBool>`(created_at, id) < (${after.created_at}, ${after.id})`)
    const { rows } = await sql<LeadExportRow>`SELECT id, created_at, kind, full_name, email, phone, service_id, service_name, subject, location_label,
        street, comune_slug, description, answers, timing, status, notes, from_page, utm_source, utm_medium, utm_campaign, utm_term, utm_content
      FROM leads ${whereClause(page)} ORDER BY created_at DESC, id DESC LIMIT ${chunkSize}`.execute(db)
    if (rows.length) yield rows
    if (rows.length < chunkSize) return
    const last = rows.at(-1)!
    after = { created_at: last.created_at, id: last.id }
  }
}

/** A lead with what the detail dialog shows: attachments (without content) and the craftsmen it was handed to. */
export async function findLeadDetail(db: DB, id: number) {
  const lead = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst()
  if (!lead) return undefined
  const [attachments, assignments] = await Promise.all([
    db.selectFrom('lead_attachments').select(['id', 'file_name', 'content_type', 'size']).where('lead_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('lead_assignments as la')
      .innerJoin('artisans', 'artisans.id', 'la.artisan_id')
      .leftJoin('email_outbox', 'email_outbox.id', 'la.email_outbox_id')
      .select([
        'la.artisan_id',
        ...OFFER_STATE,
        'la.outcome',
        'la.outcome_amount_cents',
        'la.outcome_at',
        'artisans.company_name',
        'artisans.contact_name',
        'artisans.email',
        'email_outbox.status as email_status',
        'email_outbox.sent_at as email_sent_at',
      ])
      .where('la.lead_id', '=', id)
      .orderBy('la.assigned_at')
      .orderBy('la.id')
      .execute(),
  ])
  // The craftsman the requester asked for from their profile, named as the office knows them.
  const preferred = lead.preferred_artisan_id
    ? await db.selectFrom('artisans').select(['id', 'company_name', 'contact_name']).where('id', '=', lead.preferred_artisan_id).executeTakeFirst()
    : undefined
  const preferredArtisan = preferred ? { id: preferred.id, name: preferred.company_name || preferred.contact_name } : null
  return { ...lead, attachments, assignments, preferredArtisan }
}

/**
 * Changes status and/or notes; returns the values before and after, or undefined for an unknown lead. A status chosen
 * here is the office's: the craftsmen's answers no longer move it (offers.ts).
 */
export function updateLeadWork(db: DB, id: number, change: { status?: LeadStatus; notes?: string }, now = new Date().toISOString()) {
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('leads').select(['status', 'notes']).where('id', '=', id).executeTakeFirst()
    if (!before) return undefined
    const after = { status: change.status ?? before.status, notes: change.notes === undefined ? before.notes : change.notes || null }
    const update: LeadUpdate = { ...after, updated_at: now, ...(after.status !== before.status ? { status_set_by_hand_at: now } : {}) }
    await trx.updateTable('leads').set(update).where('id', '=', id).execute()
    return { before, after }
  })
}

/** Deletes a lead with its e-mails (attachments and assignments cascade); false when there was no such lead. */
export function deleteLead(db: DB, id: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await trx.deleteFrom('email_outbox').where('lead_id', '=', id).execute()
    const result = await trx.deleteFrom('leads').where('id', '=', id).executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  })
}

/** One attachment with its content, for the signed-in download. */
export function findAttachment(db: DB, id: number) {
  return db.selectFrom('lead_attachments').select(['id', 'lead_id', 'file_name', 'content_type', 'size', 'content']).where('id', '=', id).executeTakeFirst()
}

import { type Expression, type SqlBool, sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { Lead } from '#db/schema.ts'
import type { LeadStatus } from '#shared/enums.ts'
import { LEADS_PAGE_SIZE, type LeadFilters } from '#shared/schemas/admin-leads.ts'
import { ftsPhrase, TRIGRAM } from './search.ts'

export type LeadListRow = Pick<Lead, 'id' | 'created_at' | 'kind' | 'full_name' | 'email' | 'phone' | 'service_name' | 'location_label' | 'status'> & {
  attachment_count: number
  assignment_count: number
}

const SEARCH_COLUMNS = { name: 'full_name', email: 'email', phone: 'phone', location: 'location_label' } as const

/** How far Italian wall-clock time is ahead of UTC at an instant, in milliseconds. */
function romeOffsetAt(instant: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Rome',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) - instant
}

/** Midnight of an Italian calendar day, as the UTC instant stored in created_at (right on the days the clocks change). */
export function romeDayStart(day: string): string {
  const wallMidnight = Date.parse(`${day}T00:00:00Z`)
  const guess = wallMidnight - romeOffsetAt(wallMidnight)
  return new Date(wallMidnight - romeOffsetAt(guess)).toISOString()
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
}

/** Exact filters as SQL conditions, and the substring filters as one trigram full-text query (null when there is none). */
function splitFilters(filters: LeadFilters): { conditions: Expression<SqlBool>[]; match: string | null } {
  const conditions: Expression<SqlBool>[] = []
  const phrases: string[] = []
  for (const [key, column] of Object.entries(SEARCH_COLUMNS) as [keyof typeof SEARCH_COLUMNS, string][]) {
    const value = filters[key]?.trim()
    if (!value) continue
    if ([...value].length >= TRIGRAM) phrases.push(`${column} : ${ftsPhrase(value)}`)
    else conditions.push(sql<SqlBool>`instr(lower(coalesce(leads.${sql.ref(column)}, '')), lower(${value})) > 0`)
  }
  if (filters.service) conditions.push(sql<SqlBool>`leads.service_id = ${filters.service}`)
  if (filters.kind) conditions.push(sql<SqlBool>`leads.kind = ${filters.kind}`)
  if (filters.status) conditions.push(sql<SqlBool>`leads.status = ${filters.status}`)
  if (filters.from) conditions.push(sql<SqlBool>`leads.created_at >= ${romeDayStart(filters.from)}`)
  if (filters.to) conditions.push(sql<SqlBool>`leads.created_at < ${romeDayStart(nextDay(filters.to))}`)
  return { conditions, match: phrases.length ? phrases.join(' AND ') : null }
}

const matchCondition = (match: string) => sql<SqlBool>`leads.id IN (SELECT rowid FROM leads_search WHERE leads_search MATCH ${match})`

/** Every filter as SQL conditions on leads: exact values use the indexes, substrings of 3+ characters the trigram index. */
export function leadConditions(filters: LeadFilters): Expression<SqlBool>[] {
  const { conditions, match } = splitFilters(filters)
  return match ? [matchCondition(match), ...conditions] : conditions
}

const whereClause = (conditions: Expression<SqlBool>[]) => (conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``)

/** Beyond this many text matches, walking the date index and probing the matches beats sorting them all. */
export const BROAD_MATCH = 2000

/** One page of leads, newest first, with the number of matching rows for the page-number bar. */
export async function listLeads(db: DB, filters: LeadFilters, page: number, pageSize = LEADS_PAGE_SIZE) {
  const { conditions, match } = splitFilters(filters)
  const matches = match ? await countMatches(db, 'leads_search', match) : null
  const all = match ? [matchCondition(match), ...conditions] : conditions
  const where = whereClause(all)
  const total =
    matches !== null && conditions.length === 0
      ? matches
      : all.length === 0
        ? Number((await db.selectFrom('list_totals').select('leads').executeTakeFirst())?.leads ?? 0)
        : Number((await sql<{ total: number }>`SELECT count(*) AS total FROM leads ${where}`.execute(db)).rows[0]?.total ?? 0)
  const hint = matches !== null && matches > BROAD_MATCH ? sql`INDEXED BY leads_created_at` : sql``
  const rows = total
    ? // The page's ids first, from the index alone: the rows skipped by OFFSET are never read or counted. CROSS JOIN
      // keeps that order: with a bound LIMIT the planner would otherwise scan every lead and probe the page.
      (
        await sql<LeadListRow>`SELECT l.id, l.created_at, l.kind, l.full_name, l.email, l.phone, l.service_name, l.location_label, l.status,
          (SELECT count(*) FROM lead_attachments a WHERE a.lead_id = l.id) AS attachment_count,
          (SELECT count(*) FROM lead_assignments s WHERE s.lead_id = l.id) AS assignment_count
        FROM (SELECT id FROM leads ${hint} ${where} ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) page
        CROSS JOIN leads l ON l.id = page.id
        ORDER BY l.created_at DESC, l.id DESC`.execute(db)
      ).rows
    : []
  return { rows, total, page, pageSize, pageCount: Math.ceil(total / pageSize) }
}

/** How many rows a full-text query matches, read from the search index alone. */
export async function countMatches(db: DB, table: 'leads_search' | 'requesters_search', match: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.table(table)} MATCH ${match}`.execute(db)
  return Number(rows[0]?.n ?? 0)
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
  | 'service_name'
  | 'subject'
  | 'location_label'
  | 'description'
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
  const conditions = leadConditions(filters)
  let after: { created_at: string; id: number } | null = null
  for (;;) {
    const page = [...conditions]
    if (after) page.push(sql<SqlBool>`(created_at, id) < (${after.created_at}, ${after.id})`)
    const { rows } = await sql<LeadExportRow>`SELECT id, created_at, kind, full_name, email, phone, service_name, subject, location_label,
        description, status, notes, from_page, utm_source, utm_medium, utm_campaign, utm_term, utm_content
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
      .selectFrom('lead_assignments')
      .innerJoin('artisans', 'artisans.id', 'lead_assignments.artisan_id')
      .leftJoin('email_outbox', 'email_outbox.id', 'lead_assignments.email_outbox_id')
      .select([
        'lead_assignments.artisan_id',
        'lead_assignments.assigned_at',
        'artisans.company_name',
        'artisans.contact_name',
        'artisans.email',
        'email_outbox.status as email_status',
        'email_outbox.sent_at as email_sent_at',
      ])
      .where('lead_assignments.lead_id', '=', id)
      .orderBy('lead_assignments.assigned_at')
      .orderBy('lead_assignments.id')
      .execute(),
  ])
  return { ...lead, attachments, assignments }
}

/** Changes status and/or notes; returns the values before and after, or undefined for an unknown lead. */
export async function updateLeadWork(db: DB, id: number, change: { status?: LeadStatus; notes?: string }, now = new Date().toISOString()) {
  const before = await db.selectFrom('leads').select(['status', 'notes']).where('id', '=', id).executeTakeFirst()
  if (!before) return undefined
  const after = { status: change.status ?? before.status, notes: change.notes === undefined ? before.notes : change.notes || null }
  await db
    .updateTable('leads')
    .set({ ...after, updated_at: now })
    .where('id', '=', id)
    .execute()
  return { before, after }
}

/** Deletes a lead with its e-mails (attachments and assignments cascade); false when there was no such lead. */
export async function deleteLead(db: DB, id: number): Promise<boolean> {
  await db.deleteFrom('email_outbox').where('lead_id', '=', id).execute()
  const result = await db.deleteFrom('leads').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** One attachment with its content, for the signed-in download. */
export function findAttachment(db: DB, id: number) {
  return db.selectFrom('lead_attachments').select(['id', 'lead_id', 'file_name', 'content_type', 'size', 'content']).where('id', '=', id).executeTakeFirst()
}

import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { LeadStatus } from '#shared/enums.ts'
import { lastDays, romeDayStart } from '#shared/italian-time.ts'
import { indexedBy } from './dialect/index-hints.ts'

/**
 * Requests whose promise (shared/promise.ts) was due by `now` with no craftsman's acceptance and nobody told yet,
 * the longest overdue first: the partial index leads_promise_open holds exactly these.
 */
export function missedPromises(db: DB, now: string, limit: number) {
  return db
    .selectFrom('leads')
    .select(['id', 'created_at', 'full_name', 'email', 'email_normalized', 'service_name', 'location_label', 'promise_due_at'])
    .where('promise_due_at', '<=', now)
    .where('first_accepted_at', 'is', null)
    .where('promise_missed_at', 'is', null)
    .orderBy('promise_due_at')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/**
 * Settles a missed promise, for the one caller that got there first and while nobody has accepted meanwhile: the
 * lead's status as it is now, or null for everyone else. The notices are queued in the same transaction, so a lead is
 * told once whichever process and however many restarts.
 */
export async function markPromiseMissed(db: DB, leadId: number, now: string): Promise<LeadStatus | null> {
  const updated = await db
    .updateTable('leads')
    .set({ promise_missed_at: now })
    .where('id', '=', leadId)
    .where('promise_due_at', '<=', now)
    .where('first_accepted_at', 'is', null)
    .where('promise_missed_at', 'is', null)
    .returning('status')
    .executeTakeFirst()
  return updated?.status ?? null
}

/** Whether the requester's confirmation of a request was queued: it is skipped past the daily share of an address. */
export async function confirmationQueued(db: DB, leadId: number): Promise<boolean> {
  const row = await db
    .selectFrom('email_outbox')
    .select('id')
    .where('lead_id', '=', leadId)
    .where('category', '=', 'quote-confirmation')
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** A lead's offers so far, as the office's alert names them. */
export async function offerCounts(db: DB, leadId: number) {
  const row = await db
    .selectFrom('lead_assignments')
    .select([
      (eb) => eb.fn.countAll<number>().as('offers'),
      sql<number>`coalesce(sum(CASE WHEN response IS NULL AND revoked_at IS NULL THEN 1 ELSE 0 END), 0)`.as('pending'),
      sql<number>`coalesce(sum(CASE WHEN response = 'declined' THEN 1 ELSE 0 END), 0)`.as('declined'),
    ])
    .where('lead_id', '=', leadId)
    .executeTakeFirstOrThrow()
  return { offers: Number(row.offers), pending: Number(row.pending), declined: Number(row.declined) }
}

/**
 * "Promessa mantenuta": of the requests whose promise fell due in the last `days` Italian days (today included, up to
 * `now`), how many a craftsman accepted by the due time. Read from the index leads_promise_due alone.
 */
export async function promiseKept(db: DB, now = new Date(), days = 30): Promise<{ days: number; due: number; kept: number }> {
  const since = romeDayStart(lastDays(days, now.getTime()).from)
  const { rows } = await sql<{ due: number; kept: number }>`SELECT count(*) AS due,
      coalesce(sum(CASE WHEN first_accepted_at <= promise_due_at THEN 1 ELSE 0 END), 0) AS kept
    FROM leads ${indexedBy(db, 'leads_promise_due')}
    WHERE promise_due_at >= ${since} AND promise_due_at <= ${now.toISOString()}`.execute(db)
  return { days, due: Number(rows[0]?.due ?? 0), kept: Number(rows[0]?.kept ?? 0) }
}

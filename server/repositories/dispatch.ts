import type { DB } from '#db/client.ts'
import { CLOSED_STATUSES } from './offers.ts'

/** Flagged leads the dashboard lists at most; the count says how many more there are. */
const UNASSIGNED_LIST_SIZE = 20

/**
 * Leads the dispatcher gave back to the office ("Nessun artigiano disponibile") that still wait for its hand: not
 * offered by hand since and not closed, oldest flag first.
 */
export async function unassignedLeads(db: DB, limit = UNASSIGNED_LIST_SIZE) {
  const open = db.selectFrom('leads').where('no_artisan_at', 'is not', null).where('taken_by_hand_at', 'is', null).where('status', 'not in', CLOSED_STATUSES)
  const [leads, total] = await Promise.all([
    open
      .select(['id', 'created_at', 'service_name', 'comune_slug', 'location_label', 'status', 'no_artisan_reason', 'no_artisan_at'])
      .orderBy('no_artisan_at')
      .orderBy('id')
      .limit(limit)
      .execute(),
    open.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { leads: leads.map((lead) => ({ ...lead, no_artisan_reason: lead.no_artisan_reason!, no_artisan_at: lead.no_artisan_at! })), total: Number(total.n) }
}

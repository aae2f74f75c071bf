import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'

// PostgreSQL: the triggers that keep the lists' totals and the requests per day run when their transaction commits
// (constraint triggers, DEFERRABLE INITIALLY DEFERRED) instead of right after each row. Every new lead updates the same
// few rows (the leads total, today's requests): updated mid-transaction, each row stayed locked through the rest of
// the request's statements, so concurrent quotes waited for each other one by one; updated at the commit, it is
// locked only for the commit itself. The functions stay as they are. SQLite has one writer at a time: unchanged.

const TRIGGERS: Array<{ name: string; event: string; table: string }> = [
  { name: 'list_totals_lead_insert', event: 'AFTER INSERT', table: 'leads' },
  { name: 'list_totals_lead_delete', event: 'AFTER DELETE', table: 'leads' },
  { name: 'list_totals_requester_insert', event: 'AFTER INSERT', table: 'requesters' },
  { name: 'list_totals_requester_delete', event: 'AFTER DELETE', table: 'requesters' },
  { name: 'lead_days_insert', event: 'AFTER INSERT', table: 'leads' },
  { name: 'lead_days_delete', event: 'AFTER DELETE', table: 'leads' },
  { name: 'lead_days_update', event: 'AFTER UPDATE OF created_at, landing_page, traffic_source, comune_slug, service_id', table: 'leads' },
]

async function recreate(db: Kysely<unknown>, deferred: boolean): Promise<void> {
  if (engineOf(db) !== 'postgres') return
  for (const { name, event, table } of TRIGGERS) {
    await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db)
    const create = deferred
      ? `CREATE CONSTRAINT TRIGGER ${name} ${event} ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${name}()`
      : `CREATE TRIGGER ${name} ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`
    await sql.raw(create).execute(db)
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await recreate(db, true)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await recreate(db, false)
}

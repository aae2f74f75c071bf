import { type Kysely, sql } from 'kysely'

// The promise to the requester (docs/product.md §12): a craftsman calls within PROMISE_OFFICE_HOURS of office time.
// Each request carries when that time is up, and when the requester and the office were told it was not kept, so the
// notice goes once per lead whichever process sends it, and the dashboard reads the share kept from an index alone.
// Requests stored before this migration carry no promise (null): they are neither counted nor told.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column a statement: SQLite adds a single column per ALTER TABLE.
  await db.schema.alterTable('leads').addColumn('promise_due_at', 'text').execute()
  await db.schema.alterTable('leads').addColumn('promise_missed_at', 'text').execute()
  // The job's queue: requests whose promise still stands open (not accepted, not yet told), by due time. A request
  // leaves it when a craftsman accepts or when it is told, so it holds days of requests, never the whole history.
  await sql`CREATE INDEX leads_promise_open ON leads (promise_due_at)
    WHERE promise_due_at IS NOT NULL AND first_accepted_at IS NULL AND promise_missed_at IS NULL`.execute(db)
  // The dashboard's share kept over 30 days: the due time and the first acceptance, read from the index without the rows.
  await sql`CREATE INDEX leads_promise_due ON leads (promise_due_at, first_accepted_at) WHERE promise_due_at IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('leads_promise_due').execute()
  await db.schema.dropIndex('leads_promise_open').execute()
  await db.schema.alterTable('leads').dropColumn('promise_missed_at').execute()
  await db.schema.alterTable('leads').dropColumn('promise_due_at').execute()
}

import { type Kysely, sql } from 'kysely'

// Indexes that answer two back-office queries without reading the leads' rows:
// - leads_filters: the leads list's filters other than text, beside the id. A name fragment's matches are checked
//   against a date range (and service, kind, status) in this small index (server/repositories/search.ts).
// - leads_first_accepted_at with the id: the dashboard's time to first acceptance reads the lead's id from the index.
//   SQLite's indexes hold the rowid already; PostgreSQL's need it named to scan the index alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('leads_filters').on('leads').columns(['id', 'created_at', 'kind', 'status', 'service_id']).execute()
  await db.schema.dropIndex('leads_first_accepted_at').execute()
  await sql`CREATE INDEX leads_first_accepted_at ON leads (first_accepted_at, id) WHERE first_accepted_at IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('leads_first_accepted_at').execute()
  await sql`CREATE INDEX leads_first_accepted_at ON leads (first_accepted_at) WHERE first_accepted_at IS NOT NULL`.execute(db)
  await db.schema.dropIndex('leads_filters').execute()
}

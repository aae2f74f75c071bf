import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'

// The Statistiche screen sums visits over any period in a few index lookups per page: each (page, day) and (source,
// day) row keeps the running total up to that day, so a period's visits are the running total at its last day minus
// the one before its first (docs/decisions/025-visits-without-cookies.md). Leads get a covering index for the same
// periods, and the office's monthly campaign costs a table.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A table clustered on its primary key: SQLite's WITHOUT ROWID; every PostgreSQL table is a heap with its indexes.
  const withoutRowid = engineOf(db) === 'sqlite' ? sql` WITHOUT ROWID` : sql``
  await sql`CREATE TABLE page_visit_days (
    path TEXT NOT NULL,
    day TEXT NOT NULL,
    visits INTEGER NOT NULL,
    cumulative INTEGER NOT NULL,
    PRIMARY KEY (path, day)
  )${withoutRowid}`.execute(db)
  await sql`CREATE TABLE visit_source_days (
    source TEXT NOT NULL,
    day TEXT NOT NULL,
    visits INTEGER NOT NULL,
    cumulative INTEGER NOT NULL,
    PRIMARY KEY (source, day)
  )${withoutRowid}`.execute(db)
  await sql`CREATE TABLE visit_days (day TEXT PRIMARY KEY, visits INTEGER NOT NULL)${withoutRowid}`.execute(db)
  await sql`CREATE TABLE visit_paths (path TEXT PRIMARY KEY)${withoutRowid}`.execute(db)
  await sql`CREATE TABLE visit_sources (source TEXT PRIMARY KEY)${withoutRowid}`.execute(db)
  await sql`CREATE TABLE campaign_costs (
    month TEXT NOT NULL,
    source TEXT NOT NULL,
    cost_cents INTEGER NOT NULL CHECK (cost_cents >= 0),
    updated_at TEXT NOT NULL,
    updated_by TEXT,
    PRIMARY KEY (month, source)
  )${withoutRowid}`.execute(db)
  await sql`CREATE INDEX leads_attribution ON leads (created_at, landing_page, traffic_source, comune_slug, service_id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX leads_attribution`.execute(db)
  for (const table of ['campaign_costs', 'visit_sources', 'visit_paths', 'visit_days', 'visit_source_days', 'page_visit_days']) {
    await sql.raw(`DROP TABLE ${table}`).execute(db)
  }
}

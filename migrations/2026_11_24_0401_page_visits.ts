import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'

// Visits of public pages, counted in memory and added here every few seconds: one row per Italian day, page and
// source, nothing about any visitor (docs/decisions/025-visits-without-cookies.md). Leads gain the same attribution.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A table clustered on its primary key: SQLite's WITHOUT ROWID; every PostgreSQL table is a heap with its indexes.
  const withoutRowid = engineOf(db) === 'sqlite' ? sql` WITHOUT ROWID` : sql``
  await sql`CREATE TABLE page_visits (
    day TEXT NOT NULL,
    path TEXT NOT NULL,
    source TEXT NOT NULL,
    visits INTEGER NOT NULL,
    PRIMARY KEY (day, path, source)
  )${withoutRowid}`.execute(db)
  // The first page of the visit that sent the request, where that visit came from, and the kind of device.
  await db.schema.alterTable('leads').addColumn('landing_page', 'text').execute()
  await db.schema.alterTable('leads').addColumn('traffic_source', 'text').execute()
  await db.schema.alterTable('leads').addColumn('device', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['device', 'traffic_source', 'landing_page']) await db.schema.alterTable('leads').dropColumn(column).execute()
  await db.schema.dropTable('page_visits').execute()
}

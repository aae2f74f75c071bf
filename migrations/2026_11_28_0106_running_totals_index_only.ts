import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'

// PostgreSQL: the running-total tables' primary keys carry the running total (INCLUDE cumulative), so the Statistiche
// lookup of a key's total before a period is read from the index alone, without a visit to the row (about a fifth of
// the pages it touches: docs/decisions/061). SQLite's tables are clustered on their keys (WITHOUT ROWID): nothing to do.

const TABLES: Array<{ table: string; key: string }> = [
  { table: 'page_visit_days', key: 'path, day' },
  { table: 'visit_source_days', key: 'source, day' },
  { table: 'lead_days', key: 'dimension, key, day' },
]

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return
  for (const { table, key } of TABLES) {
    await sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD CONSTRAINT ${table}_pkey PRIMARY KEY (${key}) INCLUDE (cumulative)`).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return
  for (const { table, key } of TABLES) {
    await sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD CONSTRAINT ${table}_pkey PRIMARY KEY (${key})`).execute(db)
  }
}

import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'

// Statistiche reads the running totals of one day for every key at once (docs/decisions/061, addendum): a period's
// requests summed from its own days' rows when they are few, and each key's running total on the day before a period,
// instead of one lookup per key (about 7 µs each on PostgreSQL, 4,000 pages and 4,000 landing pages at 1,000,000 leads).
// lead_days by dimension and day on both engines, covering what is read; page_visit_days by day on PostgreSQL only,
// where a heap is read through its indexes (SQLite's table is clustered on (path, day) and finds the day's row of
// each page in one step).
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`CREATE INDEX lead_days_by_day ON lead_days (dimension, day, key) INCLUDE (requests, cumulative)`.execute(db)
    await sql`CREATE INDEX page_visit_days_by_day ON page_visit_days (day, path) INCLUDE (cumulative)`.execute(db)
    return
  }
  await sql`CREATE INDEX lead_days_by_day ON lead_days (dimension, day, key, requests, cumulative)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX lead_days_by_day`.execute(db)
  if (engineOf(db) === 'postgres') await sql`DROP INDEX page_visit_days_by_day`.execute(db)
}

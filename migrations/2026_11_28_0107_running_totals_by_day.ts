import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'

// Statistiche reads running totals by day (docs/decisions/061, addendum): a dimension's requests summed from the
// period's own rows when they are few, on both engines (lead_days by dimension and day, covering what is read); and on
// PostgreSQL, each page's running total on the day before a period, read for every page as one range of rows
// (page_visit_days by day) instead of a lookup per page, an executor's subplan of about 5.5 µs each for 4,000 pages.
// SQLite looks a page's last row up in one descent of its table, clustered on (path, day): nothing to add there.
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

import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { VisitRow } from '#server/analytics/visits.ts'

/** Adds counted visits to the day's totals, in one transaction. */
export async function addVisits(db: DB, rows: VisitRow[]): Promise<void> {
  if (!rows.length) return
  await db.transaction().execute(async (trx) => {
    // 4 parameters a row, well under SQLite's limit of 32,766 per statement.
    for (let start = 0; start < rows.length; start += 1000) {
      await trx
        .insertInto('page_visits')
        .values(rows.slice(start, start + 1000))
        .onConflict((oc) => oc.columns(['day', 'path', 'source']).doUpdateSet({ visits: sql`visits + excluded.visits` }))
        .execute()
    }
  })
}

/** The sources already counted on a day, so that a restarted process keeps the day's cap on distinct sources. */
export async function sourcesOfDay(db: DB, day: string): Promise<string[]> {
  const rows = await db.selectFrom('page_visits').select('source').distinct().where('day', '=', day).execute()
  return rows.map((row) => row.source)
}

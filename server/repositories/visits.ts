import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { VisitRow, VisitTotals } from '#server/analytics/visits.ts'
import { larger } from './dialect/functions.ts'

/** Sums rows by one of their keys and day, in day order (a flush around midnight holds two days). */
function byKeyAndDay(rows: VisitRow[], key: 'path' | 'source'): Array<{ key: string; day: string; visits: number }> {
  const sums = new Map<string, { key: string; day: string; visits: number }>()
  for (const row of rows) {
    const id = `${row[key]}\n${row.day}`
    const sum = sums.get(id)
    if (sum) sum.visits += row.visits
    else sums.set(id, { key: row[key], day: row.day, visits: row.visits })
  }
  // A move of visits from 'altro' to a source listed since leaves its page's total as it was.
  return [...sums.values()].filter((sum) => sum.visits !== 0).sort((a, b) => a.day.localeCompare(b.day))
}

/** Where each key keeps its running totals by day, and the list of its values the Statistiche screen offers. */
const KEY_TABLES = {
  path: { totals: 'page_visit_days', names: 'visit_paths' },
  source: { totals: 'visit_source_days', names: 'visit_sources' },
} as const

/**
 * Adds one key's visits of a day to its running-total table: its row of the day (with the running total up to the day
 * before, when new), and the total of any later day (a flush after midnight can still carry yesterday's last visits);
 * and lists the key's value if it is new.
 */
async function addToRunningTotal(db: DB, column: 'path' | 'source', row: { key: string; day: string; visits: number }) {
  const t = sql.table(KEY_TABLES[column].totals)
  const c = sql.ref(column)
  await sql`INSERT INTO ${t} (${c}, day, visits, cumulative)
    VALUES (${row.key}, ${row.day}, ${row.visits},
      ${row.visits} + coalesce((SELECT cumulative FROM ${t} WHERE ${c} = ${row.key} AND day < ${row.day} ORDER BY day DESC LIMIT 1), 0))
    ON CONFLICT (${c}, day) DO UPDATE SET visits = ${t}.visits + excluded.visits, cumulative = ${t}.cumulative + ${row.visits}`.execute(db)
  await sql`UPDATE ${t} SET cumulative = cumulative + ${row.visits} WHERE ${c} = ${row.key} AND day > ${row.day}`.execute(db)
  // The key's total so far and its last day with a row (migration 2026_11_28_0103), which a period ending after it reads.
  const names = sql.table(KEY_TABLES[column].names)
  await sql`INSERT INTO ${names} (${c}, total, last_day) VALUES (${row.key}, ${row.visits}, ${row.day})
    ON CONFLICT (${c}) DO UPDATE SET total = ${names}.total + excluded.total, last_day = ${larger(db, sql`${names}.last_day`, sql`excluded.last_day`)}`.execute(
    db,
  )
}

/**
 * Adds counted visits to the totals by day, page and source, and to the running totals the Statistiche screen reads;
 * and the requests left uncounted as suspicious to their day's row.
 */
export async function addVisits(db: DB, { rows, uncounted }: VisitTotals): Promise<void> {
  if (!rows.length && !uncounted.length) return
  await db.transaction().execute(async (trx) => {
    // 4 parameters a row, well under SQLite's limit of 32,766 per statement.
    for (let start = 0; start < rows.length; start += 1000) {
      await trx
        .insertInto('page_visits')
        .values(rows.slice(start, start + 1000))
        .onConflict((oc) => oc.columns(['day', 'path', 'source']).doUpdateSet({ visits: sql`page_visits.visits + excluded.visits` }))
        .execute()
    }
    // Visits moved from 'altro' can leave its row of a page at zero: gone, as if never written.
    const moved = [...new Set(rows.filter((row) => row.visits < 0).map((row) => row.day))]
    if (moved.length) await trx.deleteFrom('page_visits').where('day', 'in', moved).where('source', '=', 'altro').where('visits', '=', 0).execute()
    for (const key of ['path', 'source'] as const) for (const row of byKeyAndDay(rows, key)) await addToRunningTotal(trx, key, row)
    const days = new Map<string, { visits: number; uncounted: number }>()
    for (const row of rows) {
      const day = days.get(row.day) ?? { visits: 0, uncounted: 0 }
      day.visits += row.visits
      days.set(row.day, day)
    }
    for (const row of uncounted) {
      const day = days.get(row.day) ?? { visits: 0, uncounted: 0 }
      day.uncounted += row.requests
      days.set(row.day, day)
    }
    for (const [day, { visits, uncounted }] of days) {
      if (visits === 0 && uncounted === 0) continue
      await trx
        .insertInto('visit_days')
        .values({ day, visits, uncounted })
        .onConflict((oc) =>
          oc.column('day').doUpdateSet({ visits: sql`visit_days.visits + excluded.visits`, uncounted: sql`visit_days.uncounted + excluded.uncounted` }),
        )
        .execute()
    }
  })
}

/** The sources already counted on a day, so that a restarted process keeps the day's cap on distinct sources. */
export async function sourcesOfDay(db: DB, day: string): Promise<string[]> {
  const rows = await db.selectFrom('page_visits').select('source').distinct().where('day', '=', day).execute()
  return rows.map((row) => row.source)
}

/**
 * Recomputes the running totals and lists from page_visits, for a bulk load that wrote page_visits only
 * (scripts/seed-demo.ts).
 */
export async function rebuildVisitTotals(db: DB): Promise<void> {
  for (const table of ['page_visit_days', 'visit_source_days', 'visit_days', 'visit_paths', 'visit_sources'])
    await sql`DELETE FROM ${sql.table(table)}`.execute(db)
  await sql`INSERT INTO page_visit_days (path, day, visits, cumulative)
    SELECT path, day, visits, sum(visits) OVER (PARTITION BY path ORDER BY day) FROM (SELECT path, day, sum(visits) AS visits FROM page_visits GROUP BY path, day) by_day`.execute(
    db,
  )
  await sql`INSERT INTO visit_source_days (source, day, visits, cumulative)
    SELECT source, day, visits, sum(visits) OVER (PARTITION BY source ORDER BY day) FROM (SELECT source, day, sum(visits) AS visits FROM page_visits GROUP BY source, day) by_day`.execute(
    db,
  )
  await sql`INSERT INTO visit_days (day, visits) SELECT day, sum(visits) FROM page_visits GROUP BY day`.execute(db)
  await sql`INSERT INTO visit_paths (path, total, last_day) SELECT path, sum(visits), max(day) FROM page_visit_days GROUP BY path`.execute(db)
  await sql`INSERT INTO visit_sources (source, total, last_day) SELECT source, sum(visits), max(day) FROM visit_source_days GROUP BY source`.execute(db)
}

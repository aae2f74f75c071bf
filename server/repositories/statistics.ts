import { sql } from 'kysely'
import type { DB } from '#db/client.ts'

type Sum = { key: string; visits: number }

/** Visits of each page (or source) from `fromDay` to `toDay` included: two running totals per key, whatever the period. */
async function periodSums(db: DB, dimension: 'path' | 'source', fromDay: string, toDay: string): Promise<Sum[]> {
  const [days, list, column] =
    dimension === 'path'
      ? ([sql.table('page_visit_days'), sql.table('visit_paths'), sql.ref('path')] as const)
      : ([sql.table('visit_source_days'), sql.table('visit_sources'), sql.ref('source')] as const)
  const { rows } = await sql<Sum>`SELECT k.key, upto - before AS visits FROM (
      SELECT l.${column} AS key,
        coalesce((SELECT cumulative FROM ${days} d WHERE d.${column} = l.${column} AND d.day <= ${toDay} ORDER BY d.day DESC LIMIT 1), 0) AS upto,
        coalesce((SELECT cumulative FROM ${days} d WHERE d.${column} = l.${column} AND d.day < ${fromDay} ORDER BY d.day DESC LIMIT 1), 0) AS before
      FROM ${list} l) k
    WHERE upto > before`.execute(db)
  return rows
}

export const visitsByPath = (db: DB, fromDay: string, toDay: string) => periodSums(db, 'path', fromDay, toDay)
export const visitsBySource = (db: DB, fromDay: string, toDay: string) => periodSums(db, 'source', fromDay, toDay)

export async function visitsByDay(db: DB, fromDay: string, toDay: string): Promise<Array<{ day: string; visits: number }>> {
  return db.selectFrom('visit_days').select(['day', 'visits']).where('day', '>=', fromDay).where('day', '<=', toDay).orderBy('day').execute()
}

type Count = { key: string | null; requests: number }

/** Requests (quotes and contacts) received in [fromIso, toIso), counted by one of their attributions, through one covering index. */
export async function requestsBy(
  db: DB,
  column: 'landing_page' | 'traffic_source' | 'comune_slug' | 'service_id',
  fromIso: string,
  toIso: string,
): Promise<Count[]> {
  const { rows } = await sql<Count>`SELECT ${sql.ref(column)} AS key, count(*) AS requests FROM leads INDEXED BY leads_attribution
    WHERE created_at >= ${fromIso} AND created_at < ${toIso} GROUP BY key`.execute(db)
  return rows
}

/** Requests by UTC hour ('2026-11-24T09'): the caller puts each hour on its Italian day. */
export async function requestsByHour(db: DB, fromIso: string, toIso: string): Promise<Array<{ hour: string; requests: number }>> {
  const { rows } = await sql<{ hour: string; requests: number }>`SELECT substr(created_at, 1, 13) AS hour, count(*) AS requests
    FROM leads INDEXED BY leads_attribution WHERE created_at >= ${fromIso} AND created_at < ${toIso} GROUP BY hour`.execute(db)
  return rows
}

/** Campaign costs of the months from `fromMonth` to `toMonth` (YYYY-MM). */
export function campaignCosts(db: DB, fromMonth: string, toMonth: string) {
  return db
    .selectFrom('campaign_costs')
    .select(['month', 'source', 'cost_cents'])
    .where('month', '>=', fromMonth)
    .where('month', '<=', toMonth)
    .orderBy('month')
    .orderBy('source')
    .execute()
}

/** Sets (or, with null, removes) what a campaign cost in a month. */
export async function setCampaignCost(db: DB, cost: { month: string; source: string; costCents: number | null; by: string }): Promise<void> {
  if (cost.costCents === null) {
    await db.deleteFrom('campaign_costs').where('month', '=', cost.month).where('source', '=', cost.source).execute()
    return
  }
  const now = new Date().toISOString()
  await db
    .insertInto('campaign_costs')
    .values({ month: cost.month, source: cost.source, cost_cents: cost.costCents, updated_at: now, updated_by: cost.by })
    .onConflict((oc) => oc.columns(['month', 'source']).doUpdateSet({ cost_cents: cost.costCents!, updated_at: now, updated_by: cost.by }))
    .execute()
}

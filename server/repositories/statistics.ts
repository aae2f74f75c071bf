import { type RawBuilder, sql } from 'kysely'
import { type DB, engineOf } from '#db/client.ts'
import { addDays, romeDayEnd, romeDayStart, romeWallTime } from '#shared/italian-time.ts'
import { romeDayOf } from './dialect/time.ts'

type Sum = { key: string; visits: number }

/**
 * A key's running total up to the end of a period: its total so far when the period ends on or after its last day
 * (every "last N days"), kept beside the key (migration 2026_11_28_0103); otherwise its days' row at the end.
 */
const upTo = (key: RawBuilder<unknown>, match: RawBuilder<unknown>, days: RawBuilder<unknown>, toDay: string) =>
  sql`CASE WHEN ${key}.last_day <= ${toDay} THEN ${key}.total
    ELSE (SELECT cumulative FROM ${days} d WHERE ${match} AND d.day <= ${toDay} ORDER BY d.day DESC LIMIT 1) END`

/**
 * A key's running total before a period, for every key at once, and what to join for it (`join`, on the table's rows as
 * `b`): its last row before the period, looked up for each key, and only when some day before the period has rows at
 * all (`firstDay`: the earliest day of the table's rows). On PostgreSQL, where such a lookup is an executor's subplan
 * (about 5.5 µs), first the key's row of the day before the period, read for every key as one range by day (migration
 * 2026_11_28_0107): where most keys have a row most days (pages visited daily), one range of rows instead of a lookup
 * per key. SQLite's lookup is one descent of the table's own key (about 1.5 µs), as cheap as finding that row
 * (docs/decisions/061, addendum).
 */
function before(db: DB, keyMatch: RawBuilder<unknown>, match: RawBuilder<unknown>, days: RawBuilder<unknown>, fromDay: string, firstDay: RawBuilder<unknown>) {
  /** The key's last row before `day`, when the table has rows before it. */
  const lastBefore = (day: string) => sql`CASE WHEN ${day} > (${firstDay})
    THEN (SELECT cumulative FROM ${days} d WHERE ${match} AND d.day < ${day} ORDER BY d.day DESC LIMIT 1) END`
  if (engineOf(db) !== 'postgres') return { value: sql`coalesce(${lastBefore(fromDay)}, 0)`, join: sql`` }
  const dayBefore = addDays(fromDay, -1)
  return { value: sql`coalesce(b.cumulative, ${lastBefore(dayBefore)}, 0)`, join: sql`LEFT JOIN ${days} b ON b.day = ${dayBefore} AND ${keyMatch}` }
}

/**
 * Visits of each page (or source) from `fromDay` to `toDay` included: two running totals per key, whatever the period,
 * for the keys with a day in it or after it (a key whose last day is before the period had no visits in it: at the
 * start of an Italian day, every key). On PostgreSQL the rows come as one JSON value: the Node process parses about
 * 4,000 rows of the wire protocol in about 2 ms more than one JSON text (docs/decisions/061, second addendum).
 */
async function periodSums(db: DB, dimension: 'path' | 'source', fromDay: string, toDay: string): Promise<Sum[]> {
  const [days, list, column] =
    dimension === 'path'
      ? ([sql.table('page_visit_days'), sql.table('visit_paths'), sql.ref('path')] as const)
      : ([sql.table('visit_source_days'), sql.table('visit_sources'), sql.ref('source')] as const)
  const earlier = before(db, sql`b.${column} = l.${column}`, sql`d.${column} = l.${column}`, days, fromDay, sql`SELECT min(day) FROM visit_days`)
  const query = sql<Sum>`WITH k AS MATERIALIZED (
      SELECT l.${column} AS key,
        coalesce(${upTo(sql`l`, sql`d.${column} = l.${column}`, days, toDay)}, 0) AS upto,
        ${earlier.value} AS before
      FROM ${list} l ${earlier.join}
      WHERE l.last_day >= ${fromDay})
    SELECT key, upto - before AS visits FROM k WHERE upto > before`
  if (engineOf(db) !== 'postgres') return (await query.execute(db)).rows
  const { rows } = await sql<{ sums: Array<[string, number]> }>`SELECT coalesce(json_agg(json_build_array(key, visits)), '[]') AS sums
    FROM (${query}) q`.execute(db)
  return rows[0]!.sums.map(([key, visits]) => ({ key, visits }))
}

export const visitsByPath = (db: DB, fromDay: string, toDay: string) => periodSums(db, 'path', fromDay, toDay)
export const visitsBySource = (db: DB, fromDay: string, toDay: string) => periodSums(db, 'source', fromDay, toDay)

/** Visits per Italian day, and the requests left uncounted as suspicious. */
export async function visitsByDay(db: DB, fromDay: string, toDay: string): Promise<Array<{ day: string; visits: number; uncounted: number }>> {
  return db.selectFrom('visit_days').select(['day', 'visits', 'uncounted']).where('day', '>=', fromDay).where('day', '<=', toDay).orderBy('day').execute()
}

/** A lead_days.dimension value: stored by the triggers of migration 2026_11_24_0403_lead_days, so 'town' stays. */
export type LeadDimension = 'landing' | 'source' | 'town' | 'service'

/**
 * How many of a period's requests cost as much to sum from the period's own rows as one key's running total costs to
 * look up (each request is in one row of its key and day, so that many rows at most). Measured on 1,000,000 leads for
 * the 4,020 landing pages (docs/decisions/061, addendum): a key's lookup is an index descent on SQLite (about 1.5 µs)
 * and an executor's subplan on PostgreSQL (about 5.5 µs), while summing a period's rows costs about 0.1 µs a request
 * on both.
 */
const REQUESTS_PER_LOOKUP = { sqlite: 12, postgres: 60 } as const

/** What requestsBy chooses its way by: the period's requests, and how many keys each dimension has. */
export type LeadPeriodSize = { requests: number; keys: Record<LeadDimension, number> }

/** The period's requests and each dimension's number of keys, in one statement (a report asks once for its four dimensions). */
export async function leadPeriodSize(db: DB, fromDay: string, toDay: string): Promise<LeadPeriodSize> {
  const keys = (dimension: LeadDimension) => sql`(SELECT count(*) FROM lead_day_keys WHERE dimension = ${dimension}) AS ${sql.ref(dimension)}`
  const { rows } = await sql<{ requests: number } & Record<LeadDimension, number>>`SELECT
      (SELECT coalesce(sum(requests), 0) FROM lead_days WHERE dimension = 'all' AND key = '' AND day >= ${fromDay} AND day <= ${toDay}) AS requests,
      ${keys('landing')}, ${keys('source')}, ${keys('town')}, ${keys('service')}`.execute(db)
  const { requests, landing, source, town, service } = rows[0]!
  return { requests: Number(requests), keys: { landing: Number(landing), source: Number(source), town: Number(town), service: Number(service) } }
}

/** Whether a period's requests by `dimension` cost less summed from the period's own rows than read from each key's running totals. */
export const periodRowsCheaper = (
  db: DB,
  dimension: LeadDimension,
  { requests, keys }: LeadPeriodSize,
  requestsPerLookup: number = REQUESTS_PER_LOOKUP[engineOf(db)],
) => requests <= keys[dimension] * requestsPerLookup

type KeyRequests = { key: string; requests: number }

/**
 * Quote requests (messages from /contattaci are not leads, decision 051) of the Italian days from `fromDay` to `toDay`
 * by one attribution ('' where the lead has none), from the running totals the triggers on leads keep (migration
 * 2026_11_24_0403_lead_days): summed from the period's own rows while they cost less than a lookup per key (a short
 * period; a dimension with many keys, such as the 4,000 landing pages), else each key's running totals at both ends.
 * `size` is the period's (leadPeriodSize), asked for when not given; `requestsPerLookup` moves the choice (the tests
 * try both ways).
 */
export async function requestsBy(
  db: DB,
  dimension: LeadDimension,
  fromDay: string,
  toDay: string,
  options: { size?: LeadPeriodSize; requestsPerLookup?: number } = {},
): Promise<KeyRequests[]> {
  return (await requestsByEach(db, [dimension], fromDay, toDay, options))[dimension]
}

/**
 * requestsBy for several dimensions at once: at most two statements, one for the dimensions summed from the period's
 * rows and one for those read from their keys' running totals (a statement's round trip and planning cost more than
 * reading a few hundred keys on PostgreSQL).
 */
export async function requestsByEach<Dimension extends LeadDimension>(
  db: DB,
  dimensions: readonly Dimension[],
  fromDay: string,
  toDay: string,
  { size, requestsPerLookup }: { size?: LeadPeriodSize; requestsPerLookup?: number } = {},
): Promise<Record<Dimension, KeyRequests[]>> {
  const period = size ?? (await leadPeriodSize(db, fromDay, toDay))
  const summed = dimensions.filter((dimension) => periodRowsCheaper(db, dimension, period, requestsPerLookup))
  const lookedUp = dimensions.filter((dimension) => !summed.includes(dimension))
  const read = await Promise.all([
    summed.length === 0
      ? []
      : sql<KeyRequests & { dimension: Dimension }>`SELECT dimension, key, sum(requests) AS requests FROM lead_days
          WHERE dimension IN (${sql.join(summed)}) AND day >= ${fromDay} AND day <= ${toDay}
          GROUP BY dimension, key HAVING sum(requests) > 0`
          .execute(db)
          .then(({ rows }) => rows),
    lookedUp.length === 0 ? [] : lookedUpRequests(db, lookedUp, fromDay, toDay),
  ])
  const byDimension = Object.fromEntries(dimensions.map((dimension) => [dimension, [] as KeyRequests[]])) as Record<Dimension, KeyRequests[]>
  for (const { dimension, key, requests } of read.flat()) byDimension[dimension].push({ key, requests })
  return byDimension
}

/**
 * The period's requests of each key of a dimension (of the given keys only, when given) from its running totals at
 * both ends: a lookup or two per key, whatever the period's length, for the keys with a day in the period or after it.
 * Keys without requests in the period are left out.
 */
export async function requestsOfKeys(db: DB, dimension: LeadDimension, fromDay: string, toDay: string, only?: readonly string[]): Promise<KeyRequests[]> {
  if (only?.length === 0) return []
  return (await lookedUpRequests(db, [dimension], fromDay, toDay, only)).map(({ key, requests }) => ({ key, requests }))
}

async function lookedUpRequests<Dimension extends LeadDimension>(
  db: DB,
  dimensions: readonly Dimension[],
  fromDay: string,
  toDay: string,
  only?: readonly string[],
): Promise<Array<KeyRequests & { dimension: Dimension }>> {
  const match = sql`d.dimension = k.dimension AND d.key = k.key`
  const firstDay = sql`SELECT min(day) FROM lead_days WHERE dimension = 'all' AND key = ''`
  const earlier = before(db, sql`b.dimension = k.dimension AND b.key = k.key`, match, sql.table('lead_days'), fromDay, firstDay)
  const some = only ? sql`AND k.key IN (${sql.join(only)})` : sql``
  const { rows } = await sql<KeyRequests & { dimension: Dimension }>`WITH totals AS MATERIALIZED (
      SELECT k.dimension, k.key,
        coalesce(${upTo(sql`k`, match, sql.table('lead_days'), toDay)}, 0) AS upto,
        ${earlier.value} AS before
      FROM lead_day_keys k ${earlier.join}
      WHERE k.dimension IN (${sql.join(dimensions)}) AND k.last_day >= ${fromDay} ${some})
    SELECT dimension, key, upto - before AS requests FROM totals WHERE upto > before`.execute(db)
  return rows
}

/**
 * Every key a dimension has had (in no order): the landing pages, sources, towns or services of any request; as one
 * JSON value on PostgreSQL, as visitsByPath's.
 */
export async function dimensionKeys(db: DB, dimension: LeadDimension): Promise<string[]> {
  if (engineOf(db) === 'postgres') {
    const { rows } = await sql<{ keys: string[] }>`SELECT coalesce(json_agg(key), '[]') AS keys FROM lead_day_keys WHERE dimension = ${dimension}`.execute(db)
    return rows[0]!.keys
  }
  const rows = await db.selectFrom('lead_day_keys').select('key').where('dimension', '=', dimension).execute()
  return rows.map((row) => row.key)
}

/** Requests per Italian day. */
export function requestsByDay(db: DB, fromDay: string, toDay: string): Promise<Array<{ day: string; requests: number }>> {
  return db
    .selectFrom('lead_days')
    .select(['day', 'requests'])
    .where('dimension', '=', 'all')
    .where('key', '=', '')
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .execute()
}

/**
 * Requests of one Italian day by hour of the Italian clock (24 entries, 0 to 23): the lead_days totals go no finer than
 * a day, so these are counted from the day's leads. The hour repeated when the clocks go back counts as one.
 */
export async function requestsByHour(db: DB, day: string): Promise<Array<{ hour: number; requests: number }>> {
  const leads = await db
    .selectFrom('leads')
    .select('created_at')
    .where('created_at', '>=', romeDayStart(day))
    .where('created_at', '<', romeDayEnd(day))
    .execute()
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, requests: 0 }))
  for (const { created_at } of leads) hours[Number(romeWallTime(created_at).slice(11, 13))]!.requests++
  return hours
}

const LEAD_DIMENSIONS: Array<[string, string]> = [
  ['all', "''"],
  ['landing', "coalesce(landing_page, '')"],
  ['source', "coalesce(traffic_source, '')"],
  ['town', "coalesce(comune_slug, '')"],
  ['service', "coalesce(service_id, '')"],
]

/** Recomputes lead_days from the leads, for a bulk load that set its triggers aside (scripts/seed-demo.ts). */
export async function rebuildLeadDays(db: DB): Promise<void> {
  await sql`DELETE FROM lead_days`.execute(db)
  await sql`DELETE FROM lead_day_keys`.execute(db)
  for (const [dimension, key] of LEAD_DIMENSIONS) {
    await sql`INSERT INTO lead_days (dimension, key, day, requests, cumulative)
        SELECT ${dimension}, key, day, requests, sum(requests) OVER (PARTITION BY key ORDER BY day)
        FROM (SELECT ${sql.raw(key)} AS key, ${romeDayOf(db, 'created_at')} AS day, count(*) AS requests FROM leads GROUP BY 1, 2) by_day`.execute(db)
  }
  await sql`INSERT INTO lead_day_keys (dimension, key, total, last_day) SELECT dimension, key, sum(requests), max(day) FROM lead_days GROUP BY dimension, key`.execute(
    db,
  )
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

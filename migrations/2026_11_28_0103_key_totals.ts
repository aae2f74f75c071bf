import { type Kysely, sql } from 'kysely'
import { type Engine, engineOf } from '#db/client.ts'
import { postgresTrigger } from '#db/postgres.ts'

// Statistiche: each key's total so far and its last day with a row, beside the key in the lists of pages, sources and
// lead attributions (docs/decisions/061). A period that ends on or after a key's last day (any "last N days") reads the
// key's running total up to its end from there: one lookup per key (the running total before the period) instead of
// two, for the 4,000 pages and 4,000 landing pages of two years. The visits' totals are kept by the code that counts
// them (server/repositories/visits.ts); the requests' by the lead_days triggers, rewritten here to keep them too.

/** The Italian day of an ISO UTC timestamp, in SQL (as migration 2026_11_24_0403_lead_days writes it). */
const romeDay = (column: string, engine: Engine) =>
  engine === 'postgres'
    ? `to_char((${column})::timestamptz AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD')`
    : `date(${column}, CASE WHEN ${column} >= date(substr(${column}, 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00:00'
    AND ${column} < date(substr(${column}, 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00:00' THEN '+2 hours' ELSE '+1 hours' END)`

const DIMENSIONS: Array<[string, (row: string) => string]> = [
  ['all', () => `''`],
  ['landing', (row) => `coalesce(${row}.landing_page, '')`],
  ['source', (row) => `coalesce(${row}.traffic_source, '')`],
  ['town', (row) => `coalesce(${row}.comune_slug, '')`],
  ['service', (row) => `coalesce(${row}.service_id, '')`],
]

/**
 * One lead added to (+1) or taken from (-1) its day, the running totals of the days after, and its key's total and last
 * day, for every dimension: migration 2026_11_24_0403's statements, and the key's row kept.
 */
function count(row: 'new' | 'old', sign: 1 | -1, engine: Engine): string {
  const kept = (column: string) => (engine === 'postgres' ? `lead_days.${column}` : column)
  const later = engine === 'postgres' ? 'greatest' : 'max'
  return DIMENSIONS.map(([dimension, key]) => {
    const day = romeDay(`${row}.created_at`, engine)
    return `INSERT INTO lead_days (dimension, key, day, requests, cumulative)
      VALUES ('${dimension}', ${key(row)}, ${day}, ${sign}, ${sign} + coalesce((SELECT cumulative FROM lead_days
        WHERE dimension = '${dimension}' AND key = ${key(row)} AND day < ${day} ORDER BY day DESC LIMIT 1), 0))
      ON CONFLICT (dimension, key, day) DO UPDATE SET requests = ${kept('requests')} + (${sign}), cumulative = ${kept('cumulative')} + (${sign});
    UPDATE lead_days SET cumulative = cumulative + (${sign}) WHERE dimension = '${dimension}' AND key = ${key(row)} AND day > ${day};
    INSERT INTO lead_day_keys (dimension, key) VALUES ('${dimension}', ${key(row)}) ON CONFLICT DO NOTHING;
    UPDATE lead_day_keys SET total = total + (${sign}), last_day = ${later}(coalesce(last_day, ''), ${day})
      WHERE dimension = '${dimension}' AND key = ${key(row)};`
  }).join('\n')
}

const KEY_TABLES = [
  { keys: 'visit_paths', days: 'page_visit_days', match: 'd.path = k.path' },
  { keys: 'visit_sources', days: 'visit_source_days', match: 'd.source = k.source' },
  { keys: 'lead_day_keys', days: 'lead_days', match: 'd.dimension = k.dimension AND d.key = k.key' },
]

const UPDATED = 'AFTER UPDATE OF created_at, landing_page, traffic_source, comune_slug, service_id'

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db)
  for (const { keys, days, match } of KEY_TABLES) {
    await sql.raw(`ALTER TABLE ${keys} ADD COLUMN total INTEGER NOT NULL DEFAULT 0`).execute(db)
    await sql.raw(`ALTER TABLE ${keys} ADD COLUMN last_day TEXT`).execute(db)
    await sql
      .raw(`UPDATE ${keys} AS k SET (total, last_day) = (SELECT d.cumulative, d.day FROM ${days} d WHERE ${match} ORDER BY d.day DESC LIMIT 1)
        WHERE EXISTS (SELECT 1 FROM ${days} d WHERE ${match})`)
      .execute(db)
  }
  await replaceTriggers(db, engine)
}

/** The three lead_days triggers on leads with count()'s statements, each passed through `edit` (down: without the key's row). */
async function replaceTriggers(db: Kysely<unknown>, engine: Engine, edit = (body: string) => body): Promise<void> {
  const triggers = [
    ['lead_days_insert', 'AFTER INSERT', count('new', 1, engine)],
    ['lead_days_delete', 'AFTER DELETE', count('old', -1, engine)],
    ['lead_days_update', UPDATED, `${count('old', -1, engine)} ${count('new', 1, engine)}`],
  ] as const
  for (const [name, event, body] of triggers) {
    if (engine === 'postgres') {
      // The functions only: the constraint triggers of migration 2026_11_26_0101 call them by name.
      await sql.raw(postgresTrigger({ name, event: 'AFTER INSERT', table: 'leads', body: edit(body) })[0]!).execute(db)
    } else {
      await sql.raw(`DROP TRIGGER ${name}`).execute(db)
      await sql.raw(`CREATE TRIGGER ${name} ${event} ON leads BEGIN ${edit(body)} END`).execute(db)
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db)
  // The statements of migration 2026_11_24_0403 again: the same as count() without the key's row.
  await replaceTriggers(db, engine, (body) => body.replace(/UPDATE lead_day_keys SET total[^;]*;/g, ''))
  for (const { keys } of KEY_TABLES) {
    await sql.raw(`ALTER TABLE ${keys} DROP COLUMN last_day`).execute(db)
    await sql.raw(`ALTER TABLE ${keys} DROP COLUMN total`).execute(db)
  }
}

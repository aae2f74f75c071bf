import { type Kysely, sql } from 'kysely'
import { type Engine, engineOf } from '#db/client.ts'
import { postgresTrigger } from '#db/postgres.ts'

// Requests by Italian day for each attribution the Statistiche screen reads (landing page, source, town, service, and
// all of them), with the running total up to each day, kept by triggers on leads: a period's requests are two lookups
// per key however many leads it holds (docs/decisions/025-visits-without-cookies.md).

/**
 * The Italian day of an ISO UTC timestamp, in SQL: summer time (UTC+2) from 01:00 UTC of the last Sunday of March to
 * 01:00 UTC of the last Sunday of October, as the EU has had it since 1996; UTC+1 otherwise. PostgreSQL knows the
 * zone itself.
 */
const romeDay = (column: string, engine: Engine = 'sqlite') =>
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

/** One lead added to (+1) or taken from (-1) its day and the running totals of the days after, for every dimension. */
function count(row: 'new' | 'old', sign: 1 | -1, engine: Engine = 'sqlite'): string {
  return DIMENSIONS.map(([dimension, key]) => {
    const day = romeDay(`${row}.created_at`, engine)
    return `INSERT INTO lead_days (dimension, key, day, requests, cumulative)
      VALUES ('${dimension}', ${key(row)}, ${day}, ${sign}, ${sign} + coalesce((SELECT cumulative FROM lead_days
        WHERE dimension = '${dimension}' AND key = ${key(row)} AND day < ${day} ORDER BY day DESC LIMIT 1), 0))
      ON CONFLICT (dimension, key, day) DO UPDATE SET ${engine === 'postgres' ? 'requests = lead_days.requests' : 'requests = requests'} + (${sign}), ${engine === 'postgres' ? 'cumulative = lead_days.cumulative' : 'cumulative = cumulative'} + (${sign});
    UPDATE lead_days SET cumulative = cumulative + (${sign}) WHERE dimension = '${dimension}' AND key = ${key(row)} AND day > ${day};
    INSERT INTO lead_day_keys (dimension, key) VALUES ('${dimension}', ${key(row)}) ON CONFLICT DO NOTHING;`
  }).join('\n')
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // A table clustered on its primary key: SQLite's WITHOUT ROWID; every PostgreSQL table is a heap with its indexes.
  const withoutRowid = engineOf(db) === 'sqlite' ? sql` WITHOUT ROWID` : sql``
  await sql`CREATE TABLE lead_days (
    dimension TEXT NOT NULL,
    key TEXT NOT NULL,
    day TEXT NOT NULL,
    requests INTEGER NOT NULL,
    cumulative INTEGER NOT NULL,
    PRIMARY KEY (dimension, key, day)
  )${withoutRowid}`.execute(db)
  await sql`CREATE TABLE lead_day_keys (dimension TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (dimension, key))${withoutRowid}`.execute(db)
  const engine = engineOf(db)
  if (engine === 'postgres') {
    const updated = 'AFTER UPDATE OF created_at, landing_page, traffic_source, comune_slug, service_id'
    for (const statement of [
      ...postgresTrigger({ name: 'lead_days_insert', event: 'AFTER INSERT', table: 'leads', body: count('new', 1, engine) }),
      ...postgresTrigger({ name: 'lead_days_delete', event: 'AFTER DELETE', table: 'leads', body: count('old', -1, engine) }),
      ...postgresTrigger({ name: 'lead_days_update', event: updated, table: 'leads', body: `${count('old', -1, engine)} ${count('new', 1, engine)}` }),
    ]) {
      await sql.raw(statement).execute(db)
    }
  } else {
    await sql.raw(`CREATE TRIGGER lead_days_insert AFTER INSERT ON leads BEGIN ${count('new', 1)} END`).execute(db)
    await sql.raw(`CREATE TRIGGER lead_days_delete AFTER DELETE ON leads BEGIN ${count('old', -1)} END`).execute(db)
    await sql
      .raw(
        `CREATE TRIGGER lead_days_update AFTER UPDATE OF created_at, landing_page, traffic_source, comune_slug, service_id ON leads BEGIN ${count('old', -1)} ${count('new', 1)} END`,
      )
      .execute(db)
  }
  // The leads received so far (PostgreSQL names every subquery in FROM).
  const alias = engine === 'postgres' ? ' AS leads_by_day' : ''
  for (const [dimension, key] of DIMENSIONS) {
    await sql
      .raw(`INSERT INTO lead_days (dimension, key, day, requests, cumulative)
        SELECT '${dimension}', key, day, requests, sum(requests) OVER (PARTITION BY key ORDER BY day)
        FROM (SELECT ${key('l')} AS key, ${romeDay('l.created_at', engine)} AS day, count(*) AS requests FROM leads l GROUP BY 1, 2)${alias}`)
      .execute(db)
  }
  await sql`INSERT INTO lead_day_keys (dimension, key) SELECT DISTINCT dimension, key FROM lead_days`.execute(db)
  // The running totals replace the scans of the period's leads this index served.
  await sql`DROP INDEX leads_attribution`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX leads_attribution ON leads (created_at, landing_page, traffic_source, comune_slug, service_id)`.execute(db)
  const postgres = engineOf(db) === 'postgres'
  for (const trigger of ['lead_days_insert', 'lead_days_delete', 'lead_days_update']) {
    await sql.raw(postgres ? `DROP TRIGGER ${trigger} ON leads; DROP FUNCTION ${trigger}()` : `DROP TRIGGER ${trigger}`).execute(db)
  }
  await sql`DROP TABLE lead_day_keys`.execute(db)
  await sql`DROP TABLE lead_days`.execute(db)
}

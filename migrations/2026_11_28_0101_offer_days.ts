import { type Kysely, sql } from 'kysely'
import { type Engine, engineOf } from '#db/client.ts'
import { postgresTrigger } from '#db/postgres.ts'

// The dashboard's 30-day response figures without reading the period's offers (docs/decisions/061):
// - offer_days: the offers of each Italian day (by assigned_at) not taken back, those answered and those accepted,
//   kept by triggers on lead_assignments whoever writes; a period's figures are a sum of its days.
// - leads.first_offered_at: the lead's first offer (the earliest assigned_at of its offers), kept by triggers on
//   lead_assignments; the time to a first acceptance is read from the index on first_accepted_at alone.

/** The Italian day of an ISO UTC timestamp, in SQL (as migration 2026_11_24_0403_lead_days writes it). */
const romeDay = (column: string, engine: Engine) =>
  engine === 'postgres'
    ? `to_char((${column})::timestamptz AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD')`
    : `date(${column}, CASE WHEN ${column} >= date(substr(${column}, 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00:00'
    AND ${column} < date(substr(${column}, 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00:00' THEN '+2 hours' ELSE '+1 hours' END)`

/** What one offer counts for in its day: 1 or 0 for each figure (a cast on PostgreSQL, where a condition is boolean). */
function figures(row: 'new' | 'old', engine: Engine): [string, string, string] {
  const n = (condition: string) => (engine === 'postgres' ? `(${condition})::int` : `(${condition})`)
  const standing = `${row}.revoked_at IS NULL`
  const accepted = engine === 'postgres' ? `${row}.response IS NOT DISTINCT FROM 'accepted'` : `${row}.response IS 'accepted'`
  return [n(standing), n(`${standing} AND ${row}.response IS NOT NULL`), n(`${standing} AND ${accepted}`)]
}

function addToDay(row: 'new' | 'old', engine: Engine): string {
  const [offers, answered, accepted] = figures(row, engine)
  const kept = engine === 'postgres' ? 'offer_days.' : ''
  return `INSERT INTO offer_days (day, offers, answered, accepted) VALUES (${romeDay(`${row}.assigned_at`, engine)}, ${offers}, ${answered}, ${accepted})
    ON CONFLICT (day) DO UPDATE SET offers = ${kept}offers + excluded.offers, answered = ${kept}answered + excluded.answered, accepted = ${kept}accepted + excluded.accepted;`
}

function takeFromDay(row: 'new' | 'old', engine: Engine): string {
  const [offers, answered, accepted] = figures(row, engine)
  return `UPDATE offer_days SET offers = offers - ${offers}, answered = answered - ${answered}, accepted = accepted - ${accepted}
    WHERE day = ${romeDay(`${row}.assigned_at`, engine)};`
}

/** An offer added: the lead's first offer moves earlier when this one is. */
const earlierFirstOffer = `UPDATE leads SET first_offered_at = new.assigned_at
  WHERE id = new.lead_id AND (first_offered_at IS NULL OR first_offered_at > new.assigned_at);`
/** An offer gone (or moved): when it was the lead's first, the first is read again from the offers left. */
const firstOfferAgain = `UPDATE leads SET first_offered_at = (SELECT min(assigned_at) FROM lead_assignments a WHERE a.lead_id = old.lead_id)
  WHERE id = old.lead_id AND first_offered_at >= old.assigned_at;`

const UPDATED = 'AFTER UPDATE OF lead_id, assigned_at, response, revoked_at'

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db)
  const withoutRowid = engine === 'sqlite' ? sql` WITHOUT ROWID` : sql``
  await sql`CREATE TABLE offer_days (
    day TEXT PRIMARY KEY,
    offers INTEGER NOT NULL DEFAULT 0,
    answered INTEGER NOT NULL DEFAULT 0,
    accepted INTEGER NOT NULL DEFAULT 0
  )${withoutRowid}`.execute(db)
  await sql`ALTER TABLE leads ADD COLUMN first_offered_at TEXT`.execute(db)

  if (engine === 'postgres') {
    // The day's row is updated when the transaction commits (as lead_days, migration 2026_11_26_0101): offers of the
    // same day made at once do not wait for each other's whole transaction.
    const statements = [
      ...postgresTrigger({ name: 'offer_days_insert', event: 'AFTER INSERT', table: 'lead_assignments', body: addToDay('new', engine) }),
      ...postgresTrigger({ name: 'offer_days_delete', event: 'AFTER DELETE', table: 'lead_assignments', body: takeFromDay('old', engine) }),
      ...postgresTrigger({
        name: 'offer_days_update',
        event: UPDATED,
        table: 'lead_assignments',
        body: `${takeFromDay('old', engine)} ${addToDay('new', engine)}`,
      }),
      ...postgresTrigger({ name: 'first_offer_insert', event: 'AFTER INSERT', table: 'lead_assignments', body: earlierFirstOffer }),
      ...postgresTrigger({ name: 'first_offer_delete', event: 'AFTER DELETE', table: 'lead_assignments', body: firstOfferAgain }),
      ...postgresTrigger({
        name: 'first_offer_update',
        event: 'AFTER UPDATE OF lead_id, assigned_at',
        table: 'lead_assignments',
        body: `${firstOfferAgain} ${earlierFirstOffer}`,
      }),
    ]
    for (const statement of statements) await sql.raw(statement).execute(db)
    for (const [name, event] of [
      ['offer_days_insert', 'AFTER INSERT'],
      ['offer_days_delete', 'AFTER DELETE'],
      ['offer_days_update', UPDATED],
    ] as const) {
      await sql.raw(`DROP TRIGGER ${name} ON lead_assignments`).execute(db)
      await sql
        .raw(`CREATE CONSTRAINT TRIGGER ${name} ${event} ON lead_assignments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${name}()`)
        .execute(db)
    }
  } else {
    await sql.raw(`CREATE TRIGGER offer_days_insert AFTER INSERT ON lead_assignments BEGIN ${addToDay('new', engine)} END`).execute(db)
    await sql.raw(`CREATE TRIGGER offer_days_delete AFTER DELETE ON lead_assignments BEGIN ${takeFromDay('old', engine)} END`).execute(db)
    await sql
      .raw(`CREATE TRIGGER offer_days_update ${UPDATED} ON lead_assignments BEGIN ${takeFromDay('old', engine)} ${addToDay('new', engine)} END`)
      .execute(db)
    await sql.raw(`CREATE TRIGGER first_offer_insert AFTER INSERT ON lead_assignments BEGIN ${earlierFirstOffer} END`).execute(db)
    await sql.raw(`CREATE TRIGGER first_offer_delete AFTER DELETE ON lead_assignments BEGIN ${firstOfferAgain} END`).execute(db)
    await sql
      .raw(`CREATE TRIGGER first_offer_update AFTER UPDATE OF lead_id, assigned_at ON lead_assignments BEGIN ${firstOfferAgain} ${earlierFirstOffer} END`)
      .execute(db)
  }

  // The offers made so far.
  await rebuild(db, engine)
  // The time to a first acceptance reads both ends from the index.
  await sql`DROP INDEX leads_first_accepted_at`.execute(db)
  await sql`CREATE INDEX leads_first_accepted_at ON leads (first_accepted_at, first_offered_at) WHERE first_accepted_at IS NOT NULL`.execute(db)
}

/** offer_days and first_offered_at from the offers (a bulk load calls the same through server/repositories/response-metrics.ts). */
async function rebuild(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const alias = engine === 'postgres' ? ' AS offers_by_day' : ''
  await sql
    .raw(`INSERT INTO offer_days (day, offers, answered, accepted)
      SELECT day, sum(offers), sum(answered), sum(accepted) FROM (SELECT ${romeDay('o.assigned_at', engine)} AS day,
        CASE WHEN o.revoked_at IS NULL THEN 1 ELSE 0 END AS offers,
        CASE WHEN o.revoked_at IS NULL AND o.response IS NOT NULL THEN 1 ELSE 0 END AS answered,
        CASE WHEN o.revoked_at IS NULL AND o.response = 'accepted' THEN 1 ELSE 0 END AS accepted
      FROM lead_assignments o)${alias} GROUP BY day`)
    .execute(db)
  await sql`UPDATE leads SET first_offered_at = firsts.at
    FROM (SELECT lead_id, min(assigned_at) AS at FROM lead_assignments GROUP BY lead_id) firsts WHERE leads.id = firsts.lead_id`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === 'postgres'
  for (const trigger of ['offer_days_insert', 'offer_days_delete', 'offer_days_update', 'first_offer_insert', 'first_offer_delete', 'first_offer_update']) {
    await sql.raw(postgres ? `DROP TRIGGER ${trigger} ON lead_assignments; DROP FUNCTION ${trigger}()` : `DROP TRIGGER ${trigger}`).execute(db)
  }
  await sql`DROP INDEX leads_first_accepted_at`.execute(db)
  await sql`CREATE INDEX leads_first_accepted_at ON leads (first_accepted_at, id) WHERE first_accepted_at IS NOT NULL`.execute(db)
  await sql`ALTER TABLE leads DROP COLUMN first_offered_at`.execute(db)
  await sql`DROP TABLE offer_days`.execute(db)
}

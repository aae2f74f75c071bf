import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'

// The dashboard's median time from a lead's first offer to its first acceptance, in milliseconds, kept on the lead
// (docs/decisions/061, addendum): the median sorted integers read from the index on first_accepted_at, where it parsed
// two text timestamps for each lead accepted in the period (about 23,000 in 30 days at 1,000,000 leads: 20 ms of a
// 25 ms figure on PostgreSQL). Kept whoever writes either end: on PostgreSQL by a trigger before the row is written, on
// SQLite by one after, which writes the row again only when the wait changes (the offers' triggers move
// first_offered_at, the code sets first_accepted_at).

/** The wait in whole milliseconds, null unless both ends are known (the same arithmetic as server/repositories/dialect/time.ts). */
const POSTGRES_WAIT = `CASE WHEN NEW.first_accepted_at IS NOT NULL AND NEW.first_offered_at IS NOT NULL
  THEN round(date_part('epoch', NEW.first_accepted_at::timestamptz - NEW.first_offered_at::timestamptz) * 1000) END`
const sqliteWait = (row: string) => `CASE WHEN ${row}.first_accepted_at IS NOT NULL AND ${row}.first_offered_at IS NOT NULL
  THEN CAST(round((julianday(${row}.first_accepted_at) - julianday(${row}.first_offered_at)) * 86400000.0) AS INTEGER) END`

/** The triggers, named alike on both engines (the engines' schemas are compared by name: tests/database-engines.test.ts). */
const TRIGGERS = [
  ['first_acceptance_wait_insert', 'INSERT'],
  ['first_acceptance_wait_update', 'UPDATE OF first_offered_at, first_accepted_at'],
] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`ALTER TABLE leads ADD COLUMN first_acceptance_ms BIGINT`.execute(db)
    await sql
      .raw(`CREATE FUNCTION first_acceptance_wait() RETURNS trigger LANGUAGE plpgsql AS $function$
        BEGIN NEW.first_acceptance_ms := ${POSTGRES_WAIT}; RETURN NEW; END $function$`)
      .execute(db)
    // A new lead has neither end (a bulk copy sets its triggers aside): nothing to compute for it.
    for (const [name, event] of TRIGGERS) {
      const when = event === 'INSERT' ? 'WHEN (NEW.first_accepted_at IS NOT NULL AND NEW.first_offered_at IS NOT NULL)' : ''
      await sql.raw(`CREATE TRIGGER ${name} BEFORE ${event} ON leads FOR EACH ROW ${when} EXECUTE FUNCTION first_acceptance_wait()`).execute(db)
    }
    await sql.raw(`UPDATE leads SET first_acceptance_ms = ${POSTGRES_WAIT.replaceAll('NEW.', '')} WHERE first_accepted_at IS NOT NULL`).execute(db)
  } else {
    await sql`ALTER TABLE leads ADD COLUMN first_acceptance_ms INTEGER`.execute(db)
    for (const [name, event] of TRIGGERS) {
      await sql
        .raw(`CREATE TRIGGER ${name} AFTER ${event} ON leads WHEN new.first_acceptance_ms IS NOT (${sqliteWait('new')})
          BEGIN UPDATE leads SET first_acceptance_ms = ${sqliteWait('new')} WHERE id = new.id; END`)
        .execute(db)
    }
    await sql.raw(`UPDATE leads SET first_acceptance_ms = ${sqliteWait('leads')} WHERE first_accepted_at IS NOT NULL`).execute(db)
  }
  await sql`DROP INDEX leads_first_accepted_at`.execute(db)
  await sql`CREATE INDEX leads_first_accepted_at ON leads (first_accepted_at, first_acceptance_ms) WHERE first_accepted_at IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX leads_first_accepted_at`.execute(db)
  await sql`CREATE INDEX leads_first_accepted_at ON leads (first_accepted_at, first_offered_at) WHERE first_accepted_at IS NOT NULL`.execute(db)
  const postgres = engineOf(db) === 'postgres'
  for (const [name] of TRIGGERS) await sql.raw(postgres ? `DROP TRIGGER ${name} ON leads` : `DROP TRIGGER ${name}`).execute(db)
  if (postgres) await sql`DROP FUNCTION first_acceptance_wait()`.execute(db)
  await sql`ALTER TABLE leads DROP COLUMN first_acceptance_ms`.execute(db)
}

import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'
import { postgresTrigger } from '#db/postgres.ts'

// An offer the office took back because nobody answered it is an offer the craftsman let lapse: it now counts among
// the offers (so it lowers the acceptance rate that matching orders by) and is counted apart as 'revoked'.
const OFFER_TRIGGERS = ['offer_insert', 'offer_delete', 'offer_update'] as const

function offerTriggers(counts: (row: 'new' | 'old', sign: '+' | '-') => string) {
  const ensure = (row: 'new' | 'old') =>
    row === 'new' ? 'INSERT INTO artisan_response_totals (artisan_id) VALUES (new.artisan_id) ON CONFLICT (artisan_id) DO NOTHING;' : ''
  const apply = (row: 'new' | 'old', sign: '+' | '-') =>
    `${ensure(row)} UPDATE artisan_response_totals SET ${counts(row, sign)} WHERE artisan_id = ${row}.artisan_id;`
  return [
    `CREATE TRIGGER artisan_totals_offer_insert AFTER INSERT ON lead_assignments BEGIN ${apply('new', '+')} END`,
    `CREATE TRIGGER artisan_totals_offer_delete AFTER DELETE ON lead_assignments BEGIN ${apply('old', '-')} END`,
    `CREATE TRIGGER artisan_totals_offer_update AFTER UPDATE OF artisan_id, response, withdrawn_at, revoked_at ON lead_assignments BEGIN ${apply('old', '-')} ${apply('new', '+')} END`,
  ]
}

type Counts = (row: 'new' | 'old', sign: '+' | '-') => string

/** PostgreSQL: the same statements in trigger functions. */
function offerTriggersOnPostgres(counts: Counts) {
  const ensure = (row: 'new' | 'old') =>
    row === 'new' ? 'INSERT INTO artisan_response_totals (artisan_id) VALUES (new.artisan_id) ON CONFLICT (artisan_id) DO NOTHING;' : ''
  const apply = (row: 'new' | 'old', sign: '+' | '-') =>
    `${ensure(row)} UPDATE artisan_response_totals SET ${counts(row, sign)} WHERE artisan_id = ${row}.artisan_id;`
  return [
    ...postgresTrigger({ name: 'artisan_totals_offer_insert', event: 'AFTER INSERT', table: 'lead_assignments', body: apply('new', '+') }),
    ...postgresTrigger({ name: 'artisan_totals_offer_delete', event: 'AFTER DELETE', table: 'lead_assignments', body: apply('old', '-') }),
    ...postgresTrigger({
      name: 'artisan_totals_offer_update',
      event: 'AFTER UPDATE OF artisan_id, response, withdrawn_at, revoked_at',
      table: 'lead_assignments',
      body: `${apply('old', '-')} ${apply('new', '+')}`,
    }),
  ]
}

/** The counts on each engine: SQLite adds a condition as 1 or 0; PostgreSQL casts it, and compares with IS NOT DISTINCT FROM. */
async function replaceOfferTriggers(db: Kysely<unknown>, counts: { sqlite: Counts; postgres: Counts }) {
  if (engineOf(db) === 'postgres') {
    for (const trigger of OFFER_TRIGGERS) await sql.raw(`DROP TRIGGER artisan_totals_${trigger} ON lead_assignments`).execute(db)
    for (const statement of offerTriggersOnPostgres(counts.postgres)) await sql.raw(statement).execute(db)
    return
  }
  for (const trigger of OFFER_TRIGGERS) await sql.raw(`DROP TRIGGER artisan_totals_${trigger}`).execute(db)
  for (const statement of offerTriggers(counts.sqlite)) await sql.raw(statement).execute(db)
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE artisan_response_totals ADD COLUMN revoked INTEGER NOT NULL DEFAULT 0`.execute(db)
  await replaceOfferTriggers(db, {
    sqlite: (row, sign) => `offers = offers ${sign} 1,
      accepted = accepted ${sign} (${row}.response IS 'accepted' AND ${row}.withdrawn_at IS NULL AND ${row}.revoked_at IS NULL),
      declined = declined ${sign} (${row}.response IS 'declined'),
      withdrawn = withdrawn ${sign} (${row}.withdrawn_at IS NOT NULL),
      revoked = revoked ${sign} (${row}.revoked_at IS NOT NULL)`,
    postgres: (row, sign) => `offers = offers ${sign} 1,
      accepted = accepted ${sign} (${row}.response IS NOT DISTINCT FROM 'accepted' AND ${row}.withdrawn_at IS NULL AND ${row}.revoked_at IS NULL)::int,
      declined = declined ${sign} (${row}.response IS NOT DISTINCT FROM 'declined')::int,
      withdrawn = withdrawn ${sign} (${row}.withdrawn_at IS NOT NULL)::int,
      revoked = revoked ${sign} (${row}.revoked_at IS NOT NULL)::int`,
  })
  await sql`UPDATE artisan_response_totals SET
      offers = (SELECT count(*) FROM lead_assignments la WHERE la.artisan_id = artisan_response_totals.artisan_id),
      revoked = (SELECT count(*) FROM lead_assignments la WHERE la.artisan_id = artisan_response_totals.artisan_id AND la.revoked_at IS NOT NULL)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceOfferTriggers(db, {
    sqlite: (row, sign) => `offers = offers ${sign} (${row}.revoked_at IS NULL),
      accepted = accepted ${sign} (${row}.response IS 'accepted' AND ${row}.withdrawn_at IS NULL AND ${row}.revoked_at IS NULL),
      declined = declined ${sign} (${row}.response IS 'declined'),
      withdrawn = withdrawn ${sign} (${row}.withdrawn_at IS NOT NULL)`,
    postgres: (row, sign) => `offers = offers ${sign} (${row}.revoked_at IS NULL)::int,
      accepted = accepted ${sign} (${row}.response IS NOT DISTINCT FROM 'accepted' AND ${row}.withdrawn_at IS NULL AND ${row}.revoked_at IS NULL)::int,
      declined = declined ${sign} (${row}.response IS NOT DISTINCT FROM 'declined')::int,
      withdrawn = withdrawn ${sign} (${row}.withdrawn_at IS NOT NULL)::int`,
  })
  await sql`UPDATE artisan_response_totals SET offers = offers - revoked`.execute(db)
  await sql`ALTER TABLE artisan_response_totals DROP COLUMN revoked`.execute(db)
}

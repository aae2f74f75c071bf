import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'
import { postgresTrigger } from '#db/postgres.ts'

// Craftsmen answer an offer from their e-mail, requesters rate them, and every step of a lead is kept in its timeline.
export async function up(db: Kysely<unknown>): Promise<void> {
  // An offer is pending until the craftsman answers (accepted, declined), withdraws an acceptance, or the office takes it back.
  await db.schema.alterTable('lead_assignments').addColumn('response', 'text').execute()
  await db.schema.alterTable('lead_assignments').addColumn('responded_at', 'text').execute()
  await db.schema.alterTable('lead_assignments').addColumn('decline_reason', 'text').execute()
  await db.schema.alterTable('lead_assignments').addColumn('withdrawn_at', 'text').execute()
  await db.schema.alterTable('lead_assignments').addColumn('revoked_at', 'text').execute()
  // The 30-day response figures of the dashboard read offers by date.
  await db.schema.createIndex('lead_assignments_assigned_at').on('lead_assignments').column('assigned_at').execute()

  // Set when the lead is offered with nobody on it, cleared when a craftsman accepts: the dashboard's waiting leads.
  await db.schema.alterTable('leads').addColumn('awaiting_answer_since', 'text').execute()
  await db.schema.alterTable('leads').addColumn('first_accepted_at', 'text').execute()
  // "Com'è andata?" is mailed once, a week after the first acceptance.
  await db.schema.alterTable('leads').addColumn('rating_request_due_at', 'text').execute()
  await db.schema.alterTable('leads').addColumn('rating_requested_at', 'text').execute()
  // The last time the office chose the status by hand: after it, answers no longer move the status.
  await db.schema.alterTable('leads').addColumn('status_set_by_hand_at', 'text').execute()
  await sql`CREATE INDEX leads_awaiting_answer ON leads (awaiting_answer_since) WHERE awaiting_answer_since IS NOT NULL`.execute(db)
  await sql`CREATE INDEX leads_first_accepted_at ON leads (first_accepted_at) WHERE first_accepted_at IS NOT NULL`.execute(db)
  await sql`CREATE INDEX leads_rating_request_due ON leads (rating_request_due_at) WHERE rating_request_due_at IS NOT NULL`.execute(db)

  // What happened to a lead, in order; kept when the craftsman it names is deleted (details hold the name).
  await db.schema
    .createTable('lead_events')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('lead_id', 'integer', (col) => col.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('artisan_id', 'integer', (col) => col.references('artisans.id').onDelete('set null'))
    .addColumn('actor', 'text')
    .addColumn('details', 'text')
    .execute()
  await db.schema.createIndex('lead_events_lead').on('lead_events').columns(['lead_id', 'id']).execute()
  await db.schema.createIndex('lead_events_artisan').on('lead_events').column('artisan_id').execute()

  // One rating per craftsman and lead: a second use of the link changes it.
  await db.schema
    .createTable('lead_ratings')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('lead_id', 'integer', (col) => col.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('artisan_id', 'integer', (col) => col.notNull().references('artisans.id').onDelete('cascade'))
    .addColumn('stars', 'integer', (col) => col.notNull().check(sql`stars BETWEEN 1 AND 5`))
    .addColumn('outcome', 'text', (col) => col.notNull().check(sql`outcome IN ('fatto', 'non_ancora', 'non_contattato')`))
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('lead_ratings_lead_artisan', ['lead_id', 'artisan_id'])
    .execute()
  await db.schema.createIndex('lead_ratings_artisan').on('lead_ratings').column('artisan_id').execute()

  // Each craftsman's running totals, kept by triggers whoever writes: matching orders candidates by them on every lead.
  await sql`CREATE TABLE artisan_response_totals (
    artisan_id INTEGER PRIMARY KEY REFERENCES artisans (id) ON DELETE CASCADE,
    offers INTEGER NOT NULL DEFAULT 0,
    accepted INTEGER NOT NULL DEFAULT 0,
    declined INTEGER NOT NULL DEFAULT 0,
    withdrawn INTEGER NOT NULL DEFAULT 0,
    ratings INTEGER NOT NULL DEFAULT 0,
    stars INTEGER NOT NULL DEFAULT 0
  )`.execute(db)
  if (engineOf(db) === 'postgres') await totalsTriggersOnPostgres(db)
  else await totalsTriggersOnSqlite(db)
  // Offers made before this migration.
  await sql`INSERT INTO artisan_response_totals (artisan_id, offers) SELECT artisan_id, count(*) FROM lead_assignments GROUP BY artisan_id`.execute(db)
}

async function totalsTriggersOnSqlite(db: Kysely<unknown>) {
  // What one offer counts for: offers not taken back, acceptances still standing, refusals, acceptances given back.
  // Only a new row creates its craftsman's totals: an old one may belong to a craftsman being deleted.
  const ensure = (row: 'new' | 'old') =>
    row === 'new' ? 'INSERT INTO artisan_response_totals (artisan_id) VALUES (new.artisan_id) ON CONFLICT (artisan_id) DO NOTHING;' : ''
  const addOffer = (row: 'new' | 'old', sign: '+' | '-') => `${ensure(row)}
    UPDATE artisan_response_totals SET
      offers = offers ${sign} (${row}.revoked_at IS NULL),
      accepted = accepted ${sign} (${row}.response IS 'accepted' AND ${row}.withdrawn_at IS NULL AND ${row}.revoked_at IS NULL),
      declined = declined ${sign} (${row}.response IS 'declined'),
      withdrawn = withdrawn ${sign} (${row}.withdrawn_at IS NOT NULL)
    WHERE artisan_id = ${row}.artisan_id;`
  await sql.raw(`CREATE TRIGGER artisan_totals_offer_insert AFTER INSERT ON lead_assignments BEGIN ${addOffer('new', '+')} END`).execute(db)
  await sql.raw(`CREATE TRIGGER artisan_totals_offer_delete AFTER DELETE ON lead_assignments BEGIN ${addOffer('old', '-')} END`).execute(db)
  await sql
    .raw(
      `CREATE TRIGGER artisan_totals_offer_update AFTER UPDATE OF artisan_id, response, withdrawn_at, revoked_at ON lead_assignments BEGIN ${addOffer('old', '-')} ${addOffer('new', '+')} END`,
    )
    .execute(db)
  const addRating = (row: 'new' | 'old', sign: '+' | '-') => `${ensure(row)}
    UPDATE artisan_response_totals SET ratings = ratings ${sign} 1, stars = stars ${sign} ${row}.stars WHERE artisan_id = ${row}.artisan_id;`
  await sql.raw(`CREATE TRIGGER artisan_totals_rating_insert AFTER INSERT ON lead_ratings BEGIN ${addRating('new', '+')} END`).execute(db)
  await sql.raw(`CREATE TRIGGER artisan_totals_rating_delete AFTER DELETE ON lead_ratings BEGIN ${addRating('old', '-')} END`).execute(db)
  await sql
    .raw(
      `CREATE TRIGGER artisan_totals_rating_update AFTER UPDATE OF artisan_id, stars ON lead_ratings BEGIN ${addRating('old', '-')} ${addRating('new', '+')} END`,
    )
    .execute(db)
}

/** PostgreSQL: the same totals in trigger functions; a condition counts as 1 or 0 through a cast. */
async function totalsTriggersOnPostgres(db: Kysely<unknown>) {
  const ensure = (row: 'new' | 'old') =>
    row === 'new' ? 'INSERT INTO artisan_response_totals (artisan_id) VALUES (new.artisan_id) ON CONFLICT (artisan_id) DO NOTHING;' : ''
  const offer = (row: 'new' | 'old', sign: '+' | '-') => `${ensure(row)}
    UPDATE artisan_response_totals SET
      offers = offers ${sign} (${row}.revoked_at IS NULL)::int,
      accepted = accepted ${sign} (${row}.response IS NOT DISTINCT FROM 'accepted' AND ${row}.withdrawn_at IS NULL AND ${row}.revoked_at IS NULL)::int,
      declined = declined ${sign} (${row}.response IS NOT DISTINCT FROM 'declined')::int,
      withdrawn = withdrawn ${sign} (${row}.withdrawn_at IS NOT NULL)::int
    WHERE artisan_id = ${row}.artisan_id;`
  const rating = (row: 'new' | 'old', sign: '+' | '-') => `${ensure(row)}
    UPDATE artisan_response_totals SET ratings = ratings ${sign} 1, stars = stars ${sign} ${row}.stars WHERE artisan_id = ${row}.artisan_id;`
  const statements = [
    ...postgresTrigger({ name: 'artisan_totals_offer_insert', event: 'AFTER INSERT', table: 'lead_assignments', body: offer('new', '+') }),
    ...postgresTrigger({ name: 'artisan_totals_offer_delete', event: 'AFTER DELETE', table: 'lead_assignments', body: offer('old', '-') }),
    ...postgresTrigger({
      name: 'artisan_totals_offer_update',
      event: 'AFTER UPDATE OF artisan_id, response, withdrawn_at, revoked_at',
      table: 'lead_assignments',
      body: `${offer('old', '-')} ${offer('new', '+')}`,
    }),
    ...postgresTrigger({ name: 'artisan_totals_rating_insert', event: 'AFTER INSERT', table: 'lead_ratings', body: rating('new', '+') }),
    ...postgresTrigger({ name: 'artisan_totals_rating_delete', event: 'AFTER DELETE', table: 'lead_ratings', body: rating('old', '-') }),
    ...postgresTrigger({
      name: 'artisan_totals_rating_update',
      event: 'AFTER UPDATE OF artisan_id, stars',
      table: 'lead_ratings',
      body: `${rating('old', '-')} ${rating('new', '+')}`,
    }),
  ]
  for (const statement of statements) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === 'postgres'
  for (const trigger of ['offer_insert', 'offer_delete', 'offer_update', 'rating_insert', 'rating_delete', 'rating_update']) {
    const table = trigger.startsWith('offer') ? 'lead_assignments' : 'lead_ratings'
    if (postgres) await sql.raw(`DROP TRIGGER artisan_totals_${trigger} ON ${table}; DROP FUNCTION artisan_totals_${trigger}()`).execute(db)
    else await sql.raw(`DROP TRIGGER artisan_totals_${trigger}`).execute(db)
  }
  await db.schema.dropTable('artisan_response_totals').execute()
  await db.schema.dropTable('lead_ratings').execute()
  await db.schema.dropTable('lead_events').execute()
  for (const index of ['leads_rating_request_due', 'leads_first_accepted_at', 'leads_awaiting_answer', 'lead_assignments_assigned_at']) {
    await db.schema.dropIndex(index).execute()
  }
  for (const column of ['status_set_by_hand_at', 'rating_requested_at', 'rating_request_due_at', 'first_accepted_at', 'awaiting_answer_since']) {
    await db.schema.alterTable('leads').dropColumn(column).execute()
  }
  for (const column of ['revoked_at', 'withdrawn_at', 'decline_reason', 'responded_at', 'response']) {
    await db.schema.alterTable('lead_assignments').dropColumn(column).execute()
  }
}

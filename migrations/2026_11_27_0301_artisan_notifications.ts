import { type Kysely, sql } from 'kysely'

// How a craftsman wants to hear of new offers (each at once, a morning summary, or both), whether they stopped every
// other mail (the craftsmen's newsletter), and the Italian day of their last summary, which makes it once a day across
// processes and restarts. Values spelled here, not imported: a migration is frozen in time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('artisans')
    .addColumn('offer_mail', 'text', (col) => col.notNull().defaultTo('immediate').check(sql`offer_mail in ('immediate', 'summary', 'both')`))
    .execute()
  await db.schema.alterTable('artisans').addColumn('other_mail_stopped_at', 'text').execute()
  await db.schema.alterTable('artisans').addColumn('summary_sent_on', 'text').execute()
  // The summary's sweep reads only the craftsmen who chose it.
  await sql`CREATE INDEX artisans_offer_summary ON artisans (id) WHERE offer_mail <> 'immediate'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX artisans_offer_summary`.execute(db)
  await db.schema.alterTable('artisans').dropColumn('summary_sent_on').execute()
  await db.schema.alterTable('artisans').dropColumn('other_mail_stopped_at').execute()
  await db.schema.alterTable('artisans').dropColumn('offer_mail').execute()
}

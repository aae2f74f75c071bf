import { type Kysely, sql } from 'kysely'

// Structured coverage: per trade (sector), a base comune and a radius in km, or a list of comuni (comune_slugs, JSON,
// when radius_km is null). artisan_coverage_comuni is its materialised form, one row per comune reached with its
// distance from the base, written in the same transaction as any coverage change, so matching a lead is one indexed
// join on (sector, comune_slug). A pause (paused_until, an Italian calendar day, inclusive) takes a craftsman out of
// matching until that day is over; unmatched_zones lists the zones typed by a person that name no catalogue comune,
// for the office to fix.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('artisans').addColumn('paused_until', 'text').execute()
  await db.schema.alterTable('artisans').addColumn('pause_reason', 'text').execute()
  await db.schema
    .alterTable('artisans')
    .addColumn('unmatched_zones', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute()
  await db.schema
    .createTable('artisan_coverage')
    .addColumn('artisan_id', 'integer', (col) => col.notNull().references('artisans.id').onDelete('cascade'))
    .addColumn('sector', 'text', (col) => col.notNull())
    .addColumn('base_comune_slug', 'text', (col) => col.notNull())
    .addColumn('radius_km', 'integer')
    .addColumn('comune_slugs', 'text', (col) => col.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('artisan_coverage_pk', ['artisan_id', 'sector'])
    .execute()
  await db.schema
    .createTable('artisan_coverage_comuni')
    .addColumn('artisan_id', 'integer', (col) => col.notNull().references('artisans.id').onDelete('cascade'))
    .addColumn('sector', 'text', (col) => col.notNull())
    .addColumn('comune_slug', 'text', (col) => col.notNull())
    .addColumn('distance_km', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('artisan_coverage_comuni_pk', ['artisan_id', 'sector', 'comune_slug'])
    .execute()
  // The matching's lookup: every craftsman covering a trade in a comune, with the distance, from the index alone.
  await db.schema
    .createIndex('artisan_coverage_comuni_match')
    .on('artisan_coverage_comuni')
    .columns(['sector', 'comune_slug', 'artisan_id', 'distance_km'])
    .execute()
  await sql`CREATE INDEX artisans_unmatched_zones ON artisans (id) WHERE unmatched_zones <> '[]'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('artisans_unmatched_zones').execute()
  await db.schema.dropTable('artisan_coverage_comuni').execute()
  await db.schema.dropTable('artisan_coverage').execute()
  for (const column of ['unmatched_zones', 'pause_reason', 'paused_until']) await db.schema.alterTable('artisans').dropColumn(column).execute()
}

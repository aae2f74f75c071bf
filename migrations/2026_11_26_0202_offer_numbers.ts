import type { Kysely } from 'kysely'

// Offering a lead again to a craftsman who declined, gave it back or had it taken back reuses the (lead, craftsman)
// row, so its links need to tell the offers apart: each offer of the row has its number, carried in its signed links,
// and the links of an earlier offer are refused. Offers made before this migration are the first of their row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lead_assignments')
    .addColumn('offer_number', 'integer', (col) => col.notNull().defaultTo(1))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lead_assignments').dropColumn('offer_number').execute()
}

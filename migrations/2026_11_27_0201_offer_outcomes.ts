import type { Kysely } from 'kysely'

// "Com'è finita?": what a craftsman says came of a job they accepted (a quote sent, the job won or lost), with an
// optional amount in euro cents, set from their area and shown to the office in the lead's dialog.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lead_assignments').addColumn('outcome', 'text').execute()
  await db.schema.alterTable('lead_assignments').addColumn('outcome_amount_cents', 'integer').execute()
  await db.schema.alterTable('lead_assignments').addColumn('outcome_at', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lead_assignments').dropColumn('outcome_at').execute()
  await db.schema.alterTable('lead_assignments').dropColumn('outcome_amount_cents').execute()
  await db.schema.alterTable('lead_assignments').dropColumn('outcome').execute()
}

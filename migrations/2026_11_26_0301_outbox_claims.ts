import { type Kysely, sql } from 'kysely'

// A claim of queued mail names the worker that made it, so that a claim whose COMMIT reached the database while its
// answer did not (an outage at the wrong moment) can be given back by that worker once the database answers, instead
// of leaving the mail waiting for its lease to end. Only mail being sent carries a claimant: the index stays small.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('claimed_by', 'text').execute()
  await db.schema.createIndex('email_outbox_claimed_by').on('email_outbox').column('claimed_by').where(sql.ref('claimed_by'), 'is not', null).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('email_outbox_claimed_by').execute()
  await db.schema.alterTable('email_outbox').dropColumn('claimed_by').execute()
}

import type { Kysely } from 'kysely'

// The dashboard's new requesters of the last 30 days: those whose first request (requesters.first_created_at, kept by
// the triggers on leads) falls in the period, read from this index instead of grouping every lead by e-mail
// (docs/decisions/061).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('requesters_first_created_at').on('requesters').column('first_created_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('requesters_first_created_at').execute()
}

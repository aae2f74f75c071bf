import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // Confirmations mailed to visitors in the last day, by a hash of the normalised address: the per-address cap.
  await db.schema
    .createTable('confirmation_sends')
    .addColumn('address_key', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'integer', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('confirmation_sends_address').on('confirmation_sends').columns(['address_key', 'sent_at']).execute()
  await db.schema.createIndex('confirmation_sends_sent_at').on('confirmation_sends').column('sent_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('confirmation_sends').execute()
}

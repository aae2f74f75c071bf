import { type Kysely, sql } from 'kysely'

// Automatic dispatch (docs/product.md §12): each lead carries where the dispatcher stands with it, so a restart in the
// middle of a round loses nothing and several processes share the work (a claim names its process). Only leads the
// dispatcher still has to look at carry a due time, and only flagged ones a reason: both indexes stay small.
// Leads stored before this migration are never dispatched: their due time stays null.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column a statement: SQLite adds a single column per ALTER TABLE.
  await db.schema.alterTable('leads').addColumn('dispatch_due_at', 'text').execute()
  await db.schema
    .alterTable('leads')
    .addColumn('dispatch_round', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('leads').addColumn('dispatch_claimed_by', 'text').execute()
  await db.schema.alterTable('leads').addColumn('taken_by_hand_at', 'text').execute()
  await db.schema.alterTable('leads').addColumn('no_artisan_reason', 'text').execute()
  await db.schema.alterTable('leads').addColumn('no_artisan_at', 'text').execute()
  await db.schema.createIndex('leads_dispatch_due').on('leads').column('dispatch_due_at').where(sql.ref('dispatch_due_at'), 'is not', null).execute()
  await db.schema.createIndex('leads_no_artisan').on('leads').column('no_artisan_at').where(sql.ref('no_artisan_at'), 'is not', null).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('leads_no_artisan').execute()
  await db.schema.dropIndex('leads_dispatch_due').execute()
  for (const column of ['no_artisan_at', 'no_artisan_reason', 'taken_by_hand_at', 'dispatch_claimed_by', 'dispatch_round', 'dispatch_due_at']) {
    await db.schema.alterTable('leads').dropColumn(column).execute()
  }
}

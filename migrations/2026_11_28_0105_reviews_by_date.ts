import type { Kysely } from 'kysely'

// The back office's list of every review, newest first: its page from this index instead of sorting every review
// (about 50,000 at 1,000,000 leads; docs/decisions/061).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('reviews_created_at').on('reviews').columns(['created_at', 'id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('reviews_created_at').execute()
}

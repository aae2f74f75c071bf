import { type Kysely, sql } from 'kysely'

// What a craftsman proposes from their area and the office approves before the public sees it (docs/product.md §11):
// a new public description, a new portfolio photo (kept here, resized and stripped, until approved: the public pages
// read artisan_photos only) and a reply to one of their reviews. A refusal keeps its reason, which the craftsman reads.
// One pending description per craftsman and one pending reply per review, enforced by the database.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('artisan_profile_changes')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('artisan_id', 'integer', (col) => col.notNull().references('artisans.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind IN ('description', 'photo', 'reply')`))
    .addColumn('review_id', 'integer', (col) => col.references('reviews.id').onDelete('cascade'))
    // The description or the reply, plain text as typed.
    .addColumn('text', 'text')
    .addColumn('photo_content_type', 'text')
    .addColumn('photo_width', 'integer')
    .addColumn('photo_height', 'integer')
    .addColumn('photo_size', 'integer')
    .addColumn('photo_digest', 'text')
    .addColumn('photo_caption', 'text')
    // Dropped once decided: an approved photo's bytes move to artisan_photos, a refused one's are not kept.
    .addColumn('photo_content', 'blob')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending').check(sql`status IN ('pending', 'approved', 'refused', 'withdrawn')`))
    .addColumn('refusal_reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text')
    // The administrator (admin_users.id) who approved or refused it.
    .addColumn('decided_by', 'text')
    .execute()
  await sql`CREATE INDEX artisan_profile_changes_pending ON artisan_profile_changes (created_at, id) WHERE status = 'pending'`.execute(db)
  await db.schema.createIndex('artisan_profile_changes_artisan').on('artisan_profile_changes').columns(['artisan_id', 'id']).execute()
  await sql`CREATE UNIQUE INDEX artisan_profile_changes_one_description ON artisan_profile_changes (artisan_id) WHERE kind = 'description' AND status = 'pending'`.execute(
    db,
  )
  await sql`CREATE UNIQUE INDEX artisan_profile_changes_one_reply ON artisan_profile_changes (review_id) WHERE kind = 'reply' AND status = 'pending'`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('artisan_profile_changes').execute()
}

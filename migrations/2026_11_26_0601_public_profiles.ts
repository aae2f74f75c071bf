import { type Kysely, sql } from 'kysely'

// Public craftsman profiles with verified reviews (docs/product.md §11).
// - artisan_profiles: one per craftsman the office prepared for publication; live while published_at is set, and a
//   slug once published keeps answering (410) after the profile goes private (unpublished_at).
// - artisan_photos: the portfolio, resized and stripped of metadata on upload, stored like the leads' attachments.
// - reviews: the public side of a rating, written when the requester rates; it copies what the page shows (first name
//   and initial, town, service, month) so that erasing the requester can anonymise it instead of deleting its stars.
// - review_reports: visitors' reports of a review, worked in the same queue as the reviews to moderate.
// - leads.preferred_artisan_id: the craftsman a request was asked of from a profile ("Chiedi un preventivo a ...").

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('artisan_profiles')
    .addColumn('artisan_id', 'integer', (col) => col.primaryKey().references('artisans.id').onDelete('cascade'))
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('consent_at', 'text')
    .addColumn('consent_text', 'text')
    .addColumn('consent_recorded_by', 'integer')
    .addColumn('published_at', 'text')
    .addColumn('unpublished_at', 'text')
    .addColumn('vat_checked_at', 'text')
    .addColumn('identity_checked_at', 'text')
    .addColumn('insurance_checked_at', 'text')
    .addColumn('insurance_note', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  await sql`CREATE INDEX artisan_profiles_published ON artisan_profiles (published_at) WHERE published_at IS NOT NULL`.execute(db)

  await db.schema
    .createTable('artisan_photos')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('artisan_id', 'integer', (col) => col.notNull().references('artisans.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('digest', 'text', (col) => col.notNull())
    .addColumn('caption', 'text')
    .addColumn('content', 'blob', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('artisan_photos_artisan').on('artisan_photos').columns(['artisan_id', 'position']).execute()

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('artisan_id', 'integer', (col) => col.notNull().references('artisans.id').onDelete('cascade'))
    .addColumn('lead_id', 'integer', (col) => col.references('leads.id').onDelete('set null'))
    .addColumn('stars', 'integer', (col) => col.notNull().check(sql`stars BETWEEN 1 AND 5`))
    .addColumn('comment', 'text')
    .addColumn('author_label', 'text', (col) => col.notNull())
    .addColumn('comune', 'text')
    .addColumn('service_name', 'text')
    .addColumn('job_month', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status IN ('pending', 'published', 'hidden')`))
    .addColumn('hidden_reason', 'text')
    .addColumn('moderated_by', 'integer')
    .addColumn('moderated_at', 'text')
    .addColumn('text_removed_at', 'text')
    .addColumn('reply', 'text')
    .addColumn('reply_at', 'text')
    .addColumn('reply_by', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('published_at', 'text')
    .execute()
  // Once per job: one review per lead and craftsman (an erased requester's reviews keep no lead, and NULLs never clash).
  await db.schema.createIndex('reviews_lead_artisan').on('reviews').columns(['lead_id', 'artisan_id']).unique().execute()
  await db.schema.createIndex('reviews_artisan_published').on('reviews').columns(['artisan_id', 'status', 'published_at', 'id']).execute()
  await sql`CREATE INDEX reviews_pending ON reviews (created_at, id) WHERE status = 'pending'`.execute(db)

  await db.schema
    .createTable('review_reports')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('review_id', 'integer', (col) => col.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('reporter', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'integer')
    .execute()
  await db.schema.createIndex('review_reports_once').on('review_reports').columns(['review_id', 'reporter']).unique().execute()
  await sql`CREATE INDEX review_reports_open ON review_reports (created_at, id) WHERE resolved_at IS NULL`.execute(db)
  await db.schema.createIndex('review_reports_reporter').on('review_reports').columns(['reporter', 'created_at']).execute()

  // No foreign key: SQLite cannot drop a column that has one (down); a deleted craftsman's id is cleared by the repository.
  await db.schema.alterTable('leads').addColumn('preferred_artisan_id', 'integer').execute()
  await sql`CREATE INDEX leads_preferred_artisan ON leads (preferred_artisan_id) WHERE preferred_artisan_id IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('leads_preferred_artisan').execute()
  await db.schema.alterTable('leads').dropColumn('preferred_artisan_id').execute()
  await db.schema.dropTable('review_reports').execute()
  await db.schema.dropTable('reviews').execute()
  await db.schema.dropTable('artisan_photos').execute()
  await db.schema.dropTable('artisan_profiles').execute()
}

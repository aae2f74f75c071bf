import type { Kysely } from 'kysely'

// Newsletter campaigns and one delivery row per recipient, unique per campaign, so a restart never mails anyone twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_jobs')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body_html', 'text', (col) => col.notNull())
    .addColumn('target_group', 'text', (col) => col.notNull())
    .addColumn('filters', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending_preparation'))
    .addColumn('total_recipients', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sent_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('paused_at', 'text')
    .addColumn('cancelled_at', 'text')
    .execute()
  await db.schema.createIndex('newsletter_jobs_created_at').on('newsletter_jobs').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('newsletter_jobs_status').on('newsletter_jobs').columns(['status', 'id']).execute()

  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('job_id', 'integer', (col) => col.notNull().references('newsletter_jobs.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_normalized', 'text', (col) => col.notNull())
    .addColumn('name', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('message_id', 'text')
    .addUniqueConstraint('newsletter_deliveries_job_email', ['job_id', 'email_normalized'])
    .execute()
  await db.schema.createIndex('newsletter_deliveries_job_status').on('newsletter_deliveries').columns(['job_id', 'status', 'id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_deliveries').execute()
  await db.schema.dropTable('newsletter_jobs').execute()
}

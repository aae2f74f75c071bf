import type { Kysely } from 'kysely'

// Transactional outbox: each e-mail is written with the request it belongs to and sent afterwards by a worker.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('headers', 'text')
    .addColumn('lead_id', 'integer', (col) => col.references('leads.id').onDelete('set null'))
    .addColumn('attach_lead_files', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('message_id', 'text')
    .execute()
  await db.schema.createIndex('email_outbox_due').on('email_outbox').columns(['status', 'next_attempt_at', 'id']).execute()
  await db.schema.createIndex('email_outbox_lead_id').on('email_outbox').column('lead_id').execute()

  // Answered captcha challenges, kept until they expire so that none is accepted twice.
  await db.schema
    .createTable('captcha_uses')
    .addColumn('nonce', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('captcha_uses_expires_at').on('captcha_uses').column('expires_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('captcha_uses').execute()
  await db.schema.dropTable('email_outbox').execute()
}

import { type Kysely, sql } from 'kysely'

// What SES tells us after a mail left (deliveries, bounces, complaints, opens, clicks, through SNS), the SNS messages
// already handled (replays are refused), where a suppression came from, and the campaigns' drafts, schedules and
// segments. Deliveries a crash left unconfirmed stop counting as sent: they have their own count until SES confirms them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_events')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    // delivery | bounce | soft_bounce | complaint | open | click
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('email_normalized', 'text', (col) => col.notNull())
    .addColumn('job_id', 'integer')
    .addColumn('delivery_id', 'integer')
    .addColumn('outbox_id', 'integer')
    .addColumn('detail', 'text')
    .addColumn('occurred_at', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('email_events_kind_occurred_at').on('email_events').columns(['kind', 'occurred_at']).execute()
  await db.schema.createIndex('email_events_job').on('email_events').columns(['job_id', 'kind', 'email_normalized']).execute()
  await db.schema.createIndex('email_events_email').on('email_events').columns(['email_normalized', 'kind', 'occurred_at']).execute()

  await db.schema
    .createTable('sns_messages')
    .addColumn('message_id', 'text', (col) => col.primaryKey())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('sns_messages_received_at').on('sns_messages').column('received_at').execute()

  await db.schema.alterTable('email_suppressions').addColumn('source_job_id', 'integer').execute()
  await db.schema.alterTable('email_suppressions').addColumn('detail', 'text').execute()
  await db.schema.createIndex('email_suppressions_created_at').on('email_suppressions').columns(['created_at', 'email_normalized']).execute()

  await db.schema
    .alterTable('newsletter_jobs')
    .addColumn('unconfirmed_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('newsletter_jobs').addColumn('scheduled_at', 'text').execute()
  await db.schema
    .alterTable('newsletter_jobs')
    .addColumn('editor', 'text', (col) => col.notNull().defaultTo('html'))
    .execute()
  await db.schema.alterTable('newsletter_jobs').addColumn('body_source', 'text').execute()
  await db.schema.alterTable('newsletter_deliveries').addColumn('delivered_at', 'text').execute()
  await db.schema
    .createIndex('newsletter_deliveries_message_id')
    .on('newsletter_deliveries')
    .column('message_id')
    .where(sql.ref('message_id'), 'is not', null)
    .execute()
  await db.schema.createIndex('newsletter_deliveries_sent_at').on('newsletter_deliveries').column('sent_at').where(sql.ref('sent_at'), 'is not', null).execute()
  await db.schema.createIndex('email_outbox_message_id').on('email_outbox').column('message_id').where(sql.ref('message_id'), 'is not', null).execute()
  await db.schema.createIndex('email_outbox_sent_at').on('email_outbox').column('sent_at').where(sql.ref('sent_at'), 'is not', null).execute()

  // A crash's unconfirmed deliveries were counted as sent.
  await sql`UPDATE newsletter_jobs SET
    unconfirmed_count = (SELECT count(*) FROM newsletter_deliveries d WHERE d.job_id = newsletter_jobs.id AND d.status = 'unconfirmed'),
    sent_count = sent_count - (SELECT count(*) FROM newsletter_deliveries d WHERE d.job_id = newsletter_jobs.id AND d.status = 'unconfirmed')`.execute(db)

  // Segments: requesters by service or town and the date of their request, counted from the index alone.
  await db.schema.createIndex('leads_segment_service').on('leads').columns(['service_id', 'created_at', 'email_normalized']).execute()
  await db.schema.createIndex('leads_segment_town').on('leads').columns(['comune_slug', 'created_at', 'email_normalized']).execute()
  await db.schema.createIndex('leads_segment_created_at').on('leads').columns(['created_at', 'email_normalized']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['leads_segment_created_at', 'leads_segment_town', 'leads_segment_service', 'email_outbox_sent_at', 'email_outbox_message_id']) {
    await db.schema.dropIndex(index).execute()
  }
  await sql`UPDATE newsletter_jobs SET sent_count = sent_count + unconfirmed_count`.execute(db)
  for (const index of ['newsletter_deliveries_sent_at', 'newsletter_deliveries_message_id', 'email_suppressions_created_at']) {
    await db.schema.dropIndex(index).execute()
  }
  await db.schema.alterTable('newsletter_deliveries').dropColumn('delivered_at').execute()
  for (const column of ['body_source', 'editor', 'scheduled_at', 'unconfirmed_count']) {
    await db.schema.alterTable('newsletter_jobs').dropColumn(column).execute()
  }
  await db.schema.alterTable('email_suppressions').dropColumn('detail').execute()
  await db.schema.alterTable('email_suppressions').dropColumn('source_job_id').execute()
  await db.schema.dropTable('sns_messages').execute()
  await db.schema.dropTable('email_events').execute()
}

import { type Kysely, sql } from 'kysely'

// Several app processes on one database (PostgreSQL): each process announces itself, newsletter deliveries in flight
// name the process sending them, and the processes share one schedule of send slots (MAIL_RATE_PER_SECOND in total).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_instances')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('seen_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.alterTable('newsletter_deliveries').addColumn('claimed_by', 'text').execute()
  await db.schema
    .createIndex('newsletter_deliveries_in_flight')
    .on('newsletter_deliveries')
    .column('claimed_by')
    .where(sql.ref('status'), '=', 'sending')
    .execute()
  await db.schema
    .createTable('mail_send_slots')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('next_slot_us', 'integer', (col) => col.notNull())
    .execute()
  await sql`INSERT INTO mail_send_slots (id, next_slot_us) VALUES (1, 0)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_send_slots').execute()
  await db.schema.dropIndex('newsletter_deliveries_in_flight').execute()
  await db.schema.alterTable('newsletter_deliveries').dropColumn('claimed_by').execute()
  await db.schema.dropTable('app_instances').execute()
}

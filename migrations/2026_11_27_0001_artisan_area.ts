import { type Kysely, sql } from 'kysely'

// The craftsmen's own area: their sessions (a table of their own beside the administrators'), when each last signed in,
// and who made a change the audit log records (an administrator, a craftsman from the area, or the system).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('artisan_sessions')
    // SHA-256 of the session id the cookie carries, in hex: the id itself is never stored.
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('artisan_id', 'integer', (col) => col.notNull().references('artisans.id').onDelete('cascade'))
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('artisan_sessions_artisan_id').on('artisan_sessions').column('artisan_id').execute()
  await db.schema.createIndex('artisan_sessions_expires_at').on('artisan_sessions').column('expires_at').execute()

  await db.schema.alterTable('artisans').addColumn('last_sign_in_at', 'text').execute()
  await db.schema
    .alterTable('audit_log')
    .addColumn('actor_kind', 'text', (col) => col.notNull().defaultTo(sql`'administrator'`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('actor_kind').execute()
  await db.schema.alterTable('artisans').dropColumn('last_sign_in_at').execute()
  await db.schema.dropTable('artisan_sessions').execute()
}

import type { Kysely } from 'kysely'

// Administrators, their sessions, password-reset tokens, failed sign-ins and the audit log of back-office changes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('admin_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('admin_sessions_user_id').on('admin_sessions').column('user_id').execute()
  await db.schema.createIndex('admin_sessions_expires_at').on('admin_sessions').column('expires_at').execute()

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('password_reset_tokens_user_id').on('password_reset_tokens').column('user_id').execute()

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('email_normalized', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('login_attempts_email').on('login_attempts').columns(['email_normalized', 'created_at']).execute()
  await db.schema.createIndex('login_attempts_ip').on('login_attempts').columns(['ip', 'created_at']).execute()

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity_type', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    .addColumn('details', 'text')
    .execute()
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity_type', 'entity_id', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_log', 'login_attempts', 'password_reset_tokens', 'admin_sessions', 'admin_users']) {
    await db.schema.dropTable(table).execute()
  }
}

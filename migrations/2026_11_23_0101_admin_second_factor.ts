import { type Kysely, sql } from 'kysely'

// TOTP second factor with recovery codes, enrolments in progress, sign-in throttle counters and the addresses
// each account signed in from; login_attempts is replaced by the counters.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_users').addColumn('totp_secret', 'text').execute()
  await db.schema.alterTable('admin_users').addColumn('totp_last_step', 'integer').execute()

  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('admin_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute()

  await db.schema
    .createTable('admin_totp_enrolments')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('admin_totp_enrolments_user_id').on('admin_totp_enrolments').column('user_id').execute()

  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .addColumn('next_at', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('auth_throttle_expires_at').on('auth_throttle').column('expires_at').execute()

  await db.schema
    .createTable('login_known_addresses')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('last_success_at', 'integer', (col) => col.notNull())
    .execute()

  await db.schema.dropTable('login_attempts').execute()
  // Every administrator enrols a second factor at the next sign-in: no session opened without one survives.
  await sql`delete from admin_sessions`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['login_known_addresses', 'auth_throttle', 'admin_totp_enrolments', 'admin_recovery_codes']) {
    await db.schema.dropTable(table).execute()
  }
  await db.schema.alterTable('admin_users').dropColumn('totp_last_step').execute()
  await db.schema.alterTable('admin_users').dropColumn('totp_secret').execute()
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('email_normalized', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .execute()
}

import { type Kysely, sql } from 'kysely'

// A craftsman signs in to their area with a link and a 6-digit code sent by e-mail: one row per mail. Only hashes are
// stored: of the token the link carries, of the code, and of the random value the asking browser holds in a cookie.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('artisan_sign_in_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('artisan_id', 'integer', (col) => col.notNull().references('artisans.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    // The browser that asked: none when the office sent the link, which then always asks for the code.
    .addColumn('binding_hash', 'text')
    .addColumn('redirect_path', 'text', (col) => col.notNull())
    .addColumn('failed_codes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('artisan_sign_in_tokens_artisan_id').on('artisan_sign_in_tokens').column('artisan_id').execute()
  await db.schema.createIndex('artisan_sign_in_tokens_binding_hash').on('artisan_sign_in_tokens').column('binding_hash').execute()
  await db.schema.createIndex('artisan_sign_in_tokens_expires_at').on('artisan_sign_in_tokens').column('expires_at').execute()
  // The sign-in finds the craftsman by the e-mail typed, whatever the case of its letters.
  await db.schema.createIndex('artisans_email_lower').on('artisans').expression(sql`lower(email)`).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('artisans_email_lower').execute()
  await db.schema.dropTable('artisan_sign_in_tokens').execute()
}

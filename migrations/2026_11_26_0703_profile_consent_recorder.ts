import type { Kysely } from 'kysely'

// The administrator who recorded a craftsman's consent to a public profile is lucia's random text id (admin_users.id):
// migration 2026_11_26_0601 typed artisan_profiles.consent_recorded_by integer, which PostgreSQL refuses a text id for.
// No profile is written before this migration, so the column is replaced rather than converted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('artisan_profiles').dropColumn('consent_recorded_by').execute()
  await db.schema.alterTable('artisan_profiles').addColumn('consent_recorded_by', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('artisan_profiles').dropColumn('consent_recorded_by').execute()
  await db.schema.alterTable('artisan_profiles').addColumn('consent_recorded_by', 'integer').execute()
}

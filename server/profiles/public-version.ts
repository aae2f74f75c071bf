import { sql } from 'kysely'
import type { DB } from '#db/client.ts'

/**
 * The version of what public pages show about craftsmen (profiles, photos, published reviews). Every change that a
 * public page shows bumps it in the same transaction; each process compares it with the one its page cache was filled
 * at and drops the cache when it moved (server/profiles/directory.ts), so a process never serves a page older than the
 * poll interval, and the process that made the change not even that.
 */
const KEY = 'public_profiles_version'

/** Bumps the version; call inside the transaction of the change. */
export async function bumpPublicVersion(db: DB, now = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key: KEY, value: '1', updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql<string>`cast(cast(app_settings.value as integer) + 1 as text)`, updated_at: now }))
    .execute()
}

/** The current version ('0' before any change). */
export async function publicVersion(db: DB): Promise<string> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst()
  return row?.value ?? '0'
}

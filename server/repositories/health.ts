import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import { withShortLockWait } from './dialect/lock-wait.ts'

/** Answers whether the database responds, and how many migrations it has applied. */
export async function checkDatabase(db: DB): Promise<{ ok: true; migrations: number } | { ok: false; error: unknown }> {
  try {
    const row = await sql<{ count: number }>`select count(*) as count from kysely_migration`.execute(db)
    return { ok: true, migrations: Number(row.rows[0]?.count ?? 0) }
  } catch (error) {
    return { ok: false, error }
  }
}

const PROBE_KEY = 'health_probe'
/** Short enough that a locked file does not hold the event loop, long enough for Litestream's checkpoints. */
const PROBE_LOCK_WAIT_MS = 200

/** One tiny committed write, so a full disk, a read-only file or a held lock fails here as it would for a request. */
export async function probeDatabaseWrite(db: DB): Promise<void> {
  await withShortLockWait(db, PROBE_LOCK_WAIT_MS, async (conn) => {
    const now = new Date().toISOString()
    await sql`insert into app_settings (key, value, updated_at) values (${PROBE_KEY}, ${now}, ${now})
      on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`.execute(conn)
  })
}

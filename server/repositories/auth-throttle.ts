import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import { larger, smaller } from './dialect/functions.ts'

/** A counter after an attempt: how many in its window, and when the window ends (Unix seconds). */
export type CounterRow = { key: string; count: number; expires_at: number }

/**
 * Counts one attempt on every key in a single statement and returns each key's count in its window. The count is
 * checked after it is taken, so attempts sent in parallel or in one batch are numbered exactly as if sent in turn.
 */
export async function countAttempts(db: DB, keys: Array<{ key: string; windowSeconds: number }>, now: number): Promise<CounterRow[]> {
  const values = sql.join(keys.map(({ key, windowSeconds }) => sql`(${key}, 1, ${now + windowSeconds}, 0)`))
  const { rows } = await sql<CounterRow>`
    insert into auth_throttle (key, count, expires_at, next_at) values ${values}
    on conflict (key) do update set
      count = case when auth_throttle.expires_at <= ${now} then 1 else auth_throttle.count + 1 end,
      expires_at = case when auth_throttle.expires_at <= ${now} then excluded.expires_at else auth_throttle.expires_at end,
      next_at = case when auth_throttle.expires_at <= ${now} then 0 else auth_throttle.next_at end
    returning key, count, expires_at`.execute(db)
  return rows
}

/**
 * Counts an attempt on an account's counter unless it comes before the counter's next allowed time (a usual address
 * never waits); past `free` attempts in the window each one doubles the wait, up to `maxDelaySeconds`.
 * Returns false when the attempt had to wait and was not counted.
 */
export async function countPacedAttempt(
  db: DB,
  key: string,
  now: number,
  pace: { windowSeconds: number; free: number; maxDelaySeconds: number; usualAddress: boolean },
): Promise<boolean> {
  const { rows } = await sql<{ count: number }>`
    insert into auth_throttle (key, count, expires_at, next_at) values (${key}, 1, ${now + pace.windowSeconds}, 0)
    on conflict (key) do update set
      count = case when auth_throttle.expires_at <= ${now} then 1 else auth_throttle.count + 1 end,
      expires_at = case when auth_throttle.expires_at <= ${now} then excluded.expires_at else auth_throttle.expires_at end,
      next_at = case
        when auth_throttle.expires_at <= ${now} then 0
        when auth_throttle.count + 1 > ${pace.free}
          then cast(${now} as bigint) + ${smaller(db, pace.maxDelaySeconds, sql`1 << cast(${smaller(db, sql`auth_throttle.count - ${pace.free}`, 30)} as integer)`)}
        else auth_throttle.next_at end
      where ${sql.raw(pace.usualAddress ? 'true' : 'false')} or auth_throttle.next_at <= ${now} or auth_throttle.expires_at <= ${now}
    returning count`.execute(db)
  return rows.length > 0
}

/** When the counter lets the next attempt through (Unix seconds), if it exists. */
export async function nextAttemptAt(db: DB, key: string): Promise<number | undefined> {
  const row = await db.selectFrom('auth_throttle').select('next_at').where('key', '=', key).executeTakeFirst()
  return row?.next_at
}

/** Takes one attempt back from each counter (never below zero). */
export async function uncountAttempt(db: DB, keys: string[]): Promise<void> {
  await db
    .updateTable('auth_throttle')
    .set({ count: larger<number>(db, sql`count - 1`, 0) })
    .where('key', 'in', keys)
    .execute()
}

export async function deleteCounter(db: DB, key: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute()
}

/** Records a successful sign-in from an address (its key) at `now`. */
export async function rememberAddress(db: DB, key: string, now: number): Promise<void> {
  await db
    .insertInto('login_known_addresses')
    .values({ key, last_success_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ last_success_at: now }))
    .execute()
}

/** Whether that address signed in after `since` (Unix seconds). */
export async function signedInSince(db: DB, key: string, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('login_known_addresses')
    .select('last_success_at')
    .where('key', '=', key)
    .where('last_success_at', '>', since)
    .executeTakeFirst()
  return Boolean(row)
}

/** Deletes the counters whose window and wait are over, and the addresses not used since `knownSince`. */
export async function deleteStaleCounters(db: DB, now: number, knownSince: number): Promise<void> {
  await db.deleteFrom('auth_throttle').where('expires_at', '<=', now).where('next_at', '<=', now).execute()
  await db.deleteFrom('login_known_addresses').where('last_success_at', '<=', knownSince).execute()
}

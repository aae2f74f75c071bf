import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import { sha256Hex } from '../security/hash.ts'

const unixNow = () => Math.floor(Date.now() / 1000)
/** Counters and known addresses are stored under a hash, so the table holds no e-mail or address. */
const keyOf = (...parts: string[]) => sha256Hex(parts.join('\0'))

export type SignInLimits = {
  perAccountAndIp: number
  perIp: number
  /** Failures on an account, from anywhere, before addresses that never signed in to it are slowed down. */
  perAccount: number
  windowMinutes: number
  maxDelaySeconds: number
}
export type ResetLimits = { perAccount: number; perIp: number }

/** A refused attempt and how long to wait before the next one (the Retry-After header). */
export type Refusal = { retryAfterSeconds: number }

/** An address that signed in to an account within this many days is that account's usual address. */
const KNOWN_ADDRESS_DAYS = 90
const RESET_WINDOW_SECONDS = 60 * 60

/**
 * Counts one attempt on every key in a single statement and returns each key's count in its window. The count is
 * checked after it is taken, so attempts sent in parallel or in one batch are numbered exactly as if sent in turn.
 */
async function countAttempt(db: DB, keys: Array<{ key: string; windowSeconds: number }>, now: number) {
  const values = sql.join(keys.map(({ key, windowSeconds }) => sql`(${key}, 1, ${now + windowSeconds}, 0)`))
  const { rows } = await sql<{ key: string; count: number; expires_at: number }>`
    insert into auth_throttle (key, count, expires_at, next_at) values ${values}
    on conflict (key) do update set
      count = case when expires_at <= ${now} then 1 else count + 1 end,
      expires_at = case when expires_at <= ${now} then excluded.expires_at else expires_at end,
      next_at = case when expires_at <= ${now} then 0 else next_at end
    returning key, count, expires_at`.execute(db)
  return rows
}

function refusalOver(rows: Array<{ key: string; count: number; expires_at: number }>, limits: Map<string, number>, now: number): Refusal | null {
  const over = rows.filter((row) => row.count > limits.get(row.key)!)
  return over.length ? { retryAfterSeconds: Math.max(1, ...over.map((row) => row.expires_at - now)) } : null
}

const signInKeys = (email: string, ip: string) => ({ pair: keyOf('sign-in', email, ip), ip: keyOf('sign-in-ip', ip), account: keyOf('sign-in-account', email) })

/**
 * Counts a sign-in attempt before the password is checked, as a failure until proved otherwise. Refused when this
 * address failed too often on this account or on all accounts; past `perAccount` failures on the account from
 * anywhere, an address that has not signed in to it recently waits 1 s, then 2, 4... up to `maxDelaySeconds` between
 * attempts, while the owner's usual addresses are never slowed. Unknown e-mails are counted the same way.
 */
export async function countSignInAttempt(db: DB, email: string, ip: string, limits: SignInLimits): Promise<Refusal | null> {
  const now = unixNow()
  const window = limits.windowMinutes * 60
  const keys = signInKeys(email, ip)
  const rows = await countAttempt(
    db,
    [
      { key: keys.pair, windowSeconds: window },
      { key: keys.ip, windowSeconds: window },
    ],
    now,
  )
  const refused = refusalOver(
    rows,
    new Map([
      [keys.pair, limits.perAccountAndIp],
      [keys.ip, limits.perIp],
    ]),
    now,
  )
  if (refused) return refused

  await deleteStaleCounters(db, now)
  const known = await isKnownAddress(db, email, ip, now)
  // Counted only when let through, so a stranger's refused attempts do not push the wait further away.
  const { rows: counted } = await sql<{ count: number }>`
    insert into auth_throttle (key, count, expires_at, next_at) values (${keys.account}, 1, ${now + window}, 0)
    on conflict (key) do update set
      count = case when expires_at <= ${now} then 1 else count + 1 end,
      expires_at = case when expires_at <= ${now} then excluded.expires_at else expires_at end,
      next_at = case
        when expires_at <= ${now} then 0
        when count + 1 > ${limits.perAccount} then ${now} + min(${limits.maxDelaySeconds}, 1 << min(count - ${limits.perAccount}, 30))
        else next_at end
      where ${known ? 1 : 0} or next_at <= ${now} or expires_at <= ${now}
    returning count`.execute(db)
  if (counted.length) return null
  const row = await db.selectFrom('auth_throttle').select('next_at').where('key', '=', keys.account).executeTakeFirst()
  return { retryAfterSeconds: Math.max(1, (row?.next_at ?? now) - now) }
}

/** The password was right: the attempt is not a failure (a code may still be asked for). */
export async function refundSignInAttempt(db: DB, email: string, ip: string): Promise<void> {
  const keys = signInKeys(email, ip)
  await db.updateTable('auth_throttle').set({ count: sql<number>`max(count - 1, 0)` }).where('key', 'in', [keys.pair, keys.ip, keys.account]).execute()
}

/**
 * A completed sign-in: this address's failures on the account are forgiven and the address becomes one of the
 * account's usual ones. The account's own count stays, so a stranger elsewhere remains slowed down.
 */
export async function recordSignIn(db: DB, email: string, ip: string): Promise<void> {
  const now = unixNow()
  const keys = signInKeys(email, ip)
  await db.deleteFrom('auth_throttle').where('key', '=', keys.pair).execute()
  await db
    .insertInto('login_known_addresses')
    .values({ key: keyOf('known-address', email, ip), last_success_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ last_success_at: now }))
    .execute()
  await deleteStaleCounters(db, now)
}

async function isKnownAddress(db: DB, email: string, ip: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('login_known_addresses')
    .select('last_success_at')
    .where('key', '=', keyOf('known-address', email, ip))
    .where('last_success_at', '>', now - KNOWN_ADDRESS_DAYS * 24 * 60 * 60)
    .executeTakeFirst()
  return Boolean(row)
}

/** Counts a "Password dimenticata?" request per e-mail (known or not) and per address, an hour at a time. */
export async function countResetRequest(db: DB, email: string, ip: string, limits: ResetLimits): Promise<Refusal | null> {
  const now = unixNow()
  const account = keyOf('reset-account', email)
  const address = keyOf('reset-ip', ip)
  const rows = await countAttempt(
    db,
    [
      { key: account, windowSeconds: RESET_WINDOW_SECONDS },
      { key: address, windowSeconds: RESET_WINDOW_SECONDS },
    ],
    now,
  )
  await deleteStaleCounters(db, now)
  return refusalOver(
    rows,
    new Map([
      [account, limits.perAccount],
      [address, limits.perIp],
    ]),
    now,
  )
}

let lastSweep = 0
/** Counters whose window and wait are over say nothing any more; swept at most once a minute. */
async function deleteStaleCounters(db: DB, now: number): Promise<void> {
  if (now - lastSweep < 60) return
  lastSweep = now
  await db.deleteFrom('auth_throttle').where('expires_at', '<=', now).where('next_at', '<=', now).execute()
  await db
    .deleteFrom('login_known_addresses')
    .where('last_success_at', '<=', now - KNOWN_ADDRESS_DAYS * 24 * 60 * 60)
    .execute()
}

/** Italian wording of a wait, for the 429 messages. */
export function waitInItalian(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 secondo' : `${seconds} secondi`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? '1 minuto' : `${minutes} minuti`
}

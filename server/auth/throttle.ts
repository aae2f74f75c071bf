import { TRPCError } from '@trpc/server'
import type { DB } from '#db/client.ts'
import {
  countAttempts,
  countPacedAttempt,
  deleteCounter,
  deleteStaleCounters,
  nextAttemptAt,
  rememberAddress,
  signedInSince,
  uncountAttempt,
} from '../repositories/auth-throttle.ts'
import { sha256Hex } from '../security/hash.ts'
import { countOf } from '#shared/plural.ts'

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

const knownSince = (now: number) => now - KNOWN_ADDRESS_DAYS * 24 * 60 * 60

/** Counts the attempt on every counter at once; refused, until the latest window ends, when any counter is over its limit. */
async function countWithinLimits(db: DB, counters: Array<{ key: string; windowSeconds: number; limit: number }>, now: number): Promise<Refusal | null> {
  const rows = await countAttempts(db, counters, now)
  const limits = new Map(counters.map(({ key, limit }) => [key, limit]))
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
export async function countSignInAttempt(db: DB, email: string, ip: string, limits: SignInLimits, now = unixNow()): Promise<Refusal | null> {
  const windowSeconds = limits.windowMinutes * 60
  const keys = signInKeys(email, ip)
  const refused = await countWithinLimits(
    db,
    [
      { key: keys.pair, windowSeconds, limit: limits.perAccountAndIp },
      { key: keys.ip, windowSeconds, limit: limits.perIp },
    ],
    now,
  )
  if (refused) return refused
  await sweepStaleCounters(db, now)
  const usualAddress = await signedInSince(db, keyOf('known-address', email, ip), knownSince(now))
  // Counted only when let through, so a stranger's refused attempts do not push the wait further away.
  const pace = { windowSeconds, free: limits.perAccount, maxDelaySeconds: limits.maxDelaySeconds, usualAddress }
  if (await countPacedAttempt(db, keys.account, now, pace)) return null
  return { retryAfterSeconds: Math.max(1, ((await nextAttemptAt(db, keys.account)) ?? now) - now) }
}

/** The password was right: the attempt is not a failure (a code may still be asked for). */
export async function refundSignInAttempt(db: DB, email: string, ip: string): Promise<void> {
  const keys = signInKeys(email, ip)
  await uncountAttempt(db, [keys.pair, keys.ip, keys.account])
}

/**
 * A completed sign-in: this address's failures on the account are forgiven and the address becomes one of the
 * account's usual ones. The account's own count stays, so a stranger elsewhere remains slowed down.
 */
export async function recordSignIn(db: DB, email: string, ip: string): Promise<void> {
  const now = unixNow()
  await deleteCounter(db, signInKeys(email, ip).pair)
  await rememberAddress(db, keyOf('known-address', email, ip), now)
  await sweepStaleCounters(db, now)
}

/** Counts a "Password dimenticata?" request per e-mail (known or not) and per address, an hour at a time. */
export async function countResetRequest(db: DB, email: string, ip: string, limits: ResetLimits, now = unixNow()): Promise<Refusal | null> {
  const counters = [
    { key: keyOf('reset-account', email), windowSeconds: RESET_WINDOW_SECONDS, limit: limits.perAccount },
    { key: keyOf('reset-ip', ip), windowSeconds: RESET_WINDOW_SECONDS, limit: limits.perIp },
  ]
  const refusal = await countWithinLimits(db, counters, now)
  await sweepStaleCounters(db, now)
  return refusal
}

/** Counts a request for a craftsman's sign-in mail per e-mail (in the register or not) and per address, an hour at a time. */
export async function countSignInLinkRequest(
  db: DB,
  email: string,
  ip: string,
  limits: ResetLimits & { perAccountPerDay: number },
  now = unixNow(),
): Promise<Refusal | null> {
  const counters = [
    { key: keyOf('artisan-sign-in-account', email), windowSeconds: RESET_WINDOW_SECONDS, limit: limits.perAccount },
    // A day's mails for one address bound the codes anyone can try against it (5 wrong codes a mail), whoever asks.
    { key: keyOf('artisan-sign-in-account-day', email), windowSeconds: 24 * RESET_WINDOW_SECONDS, limit: limits.perAccountPerDay },
    { key: keyOf('artisan-sign-in-ip', ip), windowSeconds: RESET_WINDOW_SECONDS, limit: limits.perIp },
  ]
  const refusal = await countWithinLimits(db, counters, now)
  await sweepStaleCounters(db, now)
  return refusal
}

let lastSweep = 0
/** Counters whose window and wait are over say nothing any more; swept at most once a minute. */
async function sweepStaleCounters(db: DB, now: number): Promise<void> {
  if (now - lastSweep < 60) return
  lastSweep = now
  await deleteStaleCounters(db, now, knownSince(now))
}

/** Italian wording of a wait, for the 429 messages. */
export function waitInItalian(seconds: number): string {
  if (seconds < 60) return countOf(seconds, 'secondo', 'secondi')
  if (seconds > 2 * 60 * 60) return countOf(Math.ceil(seconds / 3600), 'ora', 'ore')
  return countOf(Math.ceil(seconds / 60), 'minuto', 'minuti')
}

/** The answer to a refused attempt: 429, the wait in Retry-After, and `message` followed by the wait in Italian. */
export function tooManyRequests(responseHeaders: Headers, refusal: Refusal, message: string): TRPCError {
  responseHeaders.set('Retry-After', String(refusal.retryAfterSeconds))
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: `${message} Riprova tra ${waitInItalian(refusal.retryAfterSeconds)}.` })
}

import { randomBytes } from 'node:crypto'
import { sha256Hex } from '#server/security/hash.ts'
import { trpcClient } from './admin.ts'
import { changeRows, type TestDatabase } from './database.ts'

/**
 * The area's cookie as a test server reads it: their PUBLIC_URL is https, so the name carries __Host-
 * (server/auth/artisan-auth.ts); a server on an http PUBLIC_URL reads `artisan-session`.
 */
export const ARTISAN_SESSION_COOKIE = '__Host-artisan-session'

/**
 * An area session for a craftsman of the register, written as the sign-in writes one (only the id's hash stored): the
 * Cookie header to send, for tests whose subject is what a signed-in craftsman does rather than how they signed in.
 */
export function artisanSessionCookie(
  database: TestDatabase,
  artisanId: number,
  { days = 30, name = ARTISAN_SESSION_COOKIE }: { days?: number; name?: string } = {},
): string {
  const sessionId = randomBytes(20).toString('base64url')
  changeRows(
    database,
    'insert into artisan_sessions (id_hash, artisan_id, expires_at, created_at) values (?, ?, ?, ?)',
    sha256Hex(sessionId),
    artisanId,
    Math.floor(Date.now() / 1000) + days * 24 * 60 * 60,
    new Date().toISOString(),
  )
  return `${name}=${sessionId}`
}

/** A tRPC client signed in to the area as that craftsman. */
export function artisanClient(serverUrl: string, database: TestDatabase, artisanId: number) {
  const cookie = artisanSessionCookie(database, artisanId)
  return { cookie, trpc: trpcClient(serverUrl, cookie) }
}

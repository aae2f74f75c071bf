import { randomBytes } from 'node:crypto'
import type { DB } from '#db/client.ts'
import { sha256Hex } from '../security/hash.ts'

const unixNow = () => Math.floor(Date.now() / 1000)

/** However often it is used, a session ends this many days after the sign-in that created it. */
export const SESSION_MAX_DAYS = 30

/** The oldest created_at a live session may have (ISO strings of one format compare in time order). */
const oldestLiveCreation = () => new Date(Date.now() - SESSION_MAX_DAYS * 24 * 60 * 60 * 1000).toISOString()

export type SessionRow = { id: string; user_id: string; expires_at: number; email: string }

/** The session and its administrator; none once the session is past its absolute lifetime. */
export function findSessionWithUser(db: DB, sessionId: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('admin_sessions')
    .innerJoin('admin_users', 'admin_users.id', 'admin_sessions.user_id')
    .select(['admin_sessions.id', 'admin_sessions.user_id', 'admin_sessions.expires_at', 'admin_users.email'])
    .where('admin_sessions.id', '=', sessionId)
    .where('admin_sessions.created_at', '>', oldestLiveCreation())
    .executeTakeFirst()
}

export function findUserSessions(db: DB, userId: string) {
  return db
    .selectFrom('admin_sessions')
    .select(['id', 'user_id', 'expires_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>', oldestLiveCreation())
    .execute()
}

export async function insertSession(db: DB, session: { id: string; userId: string; expiresAt: Date }) {
  await db
    .insertInto('admin_sessions')
    .values({ id: session.id, user_id: session.userId, expires_at: Math.floor(session.expiresAt.getTime() / 1000), created_at: new Date().toISOString() })
    .execute()
}

export async function updateSessionExpiry(db: DB, sessionId: string, expiresAt: Date) {
  await db
    .updateTable('admin_sessions')
    .set({ expires_at: Math.floor(expiresAt.getTime() / 1000) })
    .where('id', '=', sessionId)
    .execute()
}

export async function deleteSession(db: DB, sessionId: string) {
  await db.deleteFrom('admin_sessions').where('id', '=', sessionId).execute()
}

export async function deleteUserSessions(db: DB, userId: string) {
  await db.deleteFrom('admin_sessions').where('user_id', '=', userId).execute()
}

export async function deleteExpiredSessions(db: DB) {
  await db
    .deleteFrom('admin_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', unixNow()), eb('created_at', '<=', oldestLiveCreation())]))
    .execute()
}

export const RESET_TOKEN_TTL_SECONDS = 60 * 60

export const newResetToken = () => randomBytes(32).toString('base64url')

/** Stores a single-use reset token valid for one hour; only its hash is kept. */
export async function createResetToken(db: DB, userId: string, token: string): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: sha256Hex(token),
      user_id: userId,
      expires_at: unixNow() + RESET_TOKEN_TTL_SECONDS,
      used_at: null,
      created_at: new Date().toISOString(),
    })
    .execute()
}

/** The user a reset token belongs to, if it exists, is unused and has not expired. */
export async function findValidResetToken(db: DB, token: string): Promise<{ tokenHash: string; userId: string } | undefined> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select(['token_hash', 'user_id'])
    .where('token_hash', '=', sha256Hex(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', unixNow())
    .executeTakeFirst()
  return row && { tokenHash: row.token_hash, userId: row.user_id }
}

/** Marks the token used; false when another request used it first. */
export async function consumeResetToken(db: DB, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date().toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', unixNow())
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** After a password change every other outstanding link stops working too. */
export async function invalidateUserResetTokens(db: DB, userId: string) {
  await db.updateTable('password_reset_tokens').set({ used_at: new Date().toISOString() }).where('user_id', '=', userId).where('used_at', 'is', null).execute()
}

export async function countRecentResetTokens(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', unixNow())
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

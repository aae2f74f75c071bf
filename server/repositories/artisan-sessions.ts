import type { DB } from '#db/client.ts'
import { ARTISAN_AREA_STATUSES } from '#shared/artisan-area.ts'
import { sha256Hex } from '../security/hash.ts'

const unixNow = () => Math.floor(Date.now() / 1000)

/** However often it is used, a craftsman's session ends this many days after the sign-in that created it. */
export const ARTISAN_SESSION_MAX_DAYS = 90

/** The oldest created_at a live session may have (ISO strings of one format compare in time order). */
const oldestLiveCreation = () => new Date(Date.now() - ARTISAN_SESSION_MAX_DAYS * 24 * 60 * 60 * 1000).toISOString()

export type ArtisanSessionRow = { id_hash: string; artisan_id: number; expires_at: number; email: string }

/**
 * The session and its craftsman, looked up by the hash of the id the cookie carries; none once the session is past its
 * absolute lifetime or the craftsman left the register (deleted: the session went with them) or its area (status).
 */
export function findArtisanSession(db: DB, sessionId: string): Promise<ArtisanSessionRow | undefined> {
  return db
    .selectFrom('artisan_sessions')
    .innerJoin('artisans', 'artisans.id', 'artisan_sessions.artisan_id')
    .select(['artisan_sessions.id_hash', 'artisan_sessions.artisan_id', 'artisan_sessions.expires_at', 'artisans.email'])
    .where('artisan_sessions.id_hash', '=', sha256Hex(sessionId))
    .where('artisan_sessions.created_at', '>', oldestLiveCreation())
    .where('artisans.status', 'in', ARTISAN_AREA_STATUSES)
    .executeTakeFirst()
}

export function findArtisanSessions(db: DB, artisanId: number) {
  return db
    .selectFrom('artisan_sessions')
    .select(['id_hash', 'artisan_id', 'expires_at'])
    .where('artisan_id', '=', artisanId)
    .where('created_at', '>', oldestLiveCreation())
    .execute()
}

export async function insertArtisanSession(db: DB, session: { id: string; artisanId: number; expiresAt: Date }) {
  await db
    .insertInto('artisan_sessions')
    .values({
      id_hash: sha256Hex(session.id),
      artisan_id: session.artisanId,
      expires_at: Math.floor(session.expiresAt.getTime() / 1000),
      created_at: new Date().toISOString(),
    })
    .execute()
}

export async function updateArtisanSessionExpiry(db: DB, sessionId: string, expiresAt: Date) {
  await db
    .updateTable('artisan_sessions')
    .set({ expires_at: Math.floor(expiresAt.getTime() / 1000) })
    .where('id_hash', '=', sha256Hex(sessionId))
    .execute()
}

export async function deleteArtisanSession(db: DB, sessionId: string) {
  await db.deleteFrom('artisan_sessions').where('id_hash', '=', sha256Hex(sessionId)).execute()
}

/** Ends every session of a craftsman ("Esci da tutti i dispositivi", or the office ending them); the number ended. */
export async function deleteArtisanSessions(db: DB, artisanId: number): Promise<number> {
  const result = await db.deleteFrom('artisan_sessions').where('artisan_id', '=', artisanId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function deleteExpiredArtisanSessions(db: DB) {
  await db
    .deleteFrom('artisan_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', unixNow()), eb('created_at', '<=', oldestLiveCreation())]))
    .execute()
}

/** The craftsman's live sessions, for the office's page. */
export async function countArtisanSessions(db: DB, artisanId: number): Promise<number> {
  const row = await db
    .selectFrom('artisan_sessions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('artisan_id', '=', artisanId)
    .where('expires_at', '>', unixNow())
    .where('created_at', '>', oldestLiveCreation())
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

import { type Adapter, type DatabaseSession, Lucia, TimeSpan } from 'lucia'
import type { DB } from '#db/client.ts'
import {
  deleteArtisanSession,
  deleteArtisanSessions,
  deleteExpiredArtisanSessions,
  findArtisanSession,
  findArtisanSessions,
  insertArtisanSession,
  updateArtisanSessionExpiry,
} from '../repositories/artisan-sessions.ts'

/**
 * lucia's storage contract over the craftsmen's sessions (artisan_sessions): a table and a cookie of their own, so an
 * area session can never be read as an administrator's, nor the other way round. Only the hash of a session id is stored.
 */
function artisanSessionAdapter(db: DB): Adapter {
  const toSession = (id: string, row: { artisan_id: number; expires_at: number }): DatabaseSession => ({
    id,
    userId: String(row.artisan_id),
    expiresAt: new Date(row.expires_at * 1000),
    attributes: {},
  })
  return {
    async getSessionAndUser(sessionId) {
      const row = await findArtisanSession(db, sessionId)
      if (!row) return [null, null]
      return [toSession(sessionId, row), { id: String(row.artisan_id), attributes: { email: row.email } }]
    },
    async getUserSessions(userId) {
      return (await findArtisanSessions(db, Number(userId))).map((row) => toSession(row.id_hash, row))
    },
    setSession: (session) => insertArtisanSession(db, { id: session.id, artisanId: Number(session.userId), expiresAt: session.expiresAt }),
    updateSessionExpiration: (sessionId, expiresAt) => updateArtisanSessionExpiry(db, sessionId, expiresAt),
    deleteSession: (sessionId) => deleteArtisanSession(db, sessionId),
    deleteUserSessions: async (userId) => {
      await deleteArtisanSessions(db, Number(userId))
    },
    deleteExpiredSessions: () => deleteExpiredArtisanSessions(db),
  }
}

/** A craftsman stays signed in on a device for 30 days from their last visit (lucia extends a session used in its second half). */
export const ARTISAN_SESSION_DAYS = 30

export function createArtisanAuth(db: DB, publicUrl: string) {
  const secure = publicUrl.startsWith('https://')
  return new Lucia(artisanSessionAdapter(db), {
    sessionExpiresIn: new TimeSpan(ARTISAN_SESSION_DAYS, 'd'),
    sessionCookie: {
      // Not the administrators' cookie: __Host- binds it to this exact origin; browsers accept it only when Secure.
      name: secure ? '__Host-artisan-session' : 'artisan-session',
      expires: true,
      attributes: { secure, sameSite: 'lax', path: '/' },
    },
    getUserAttributes: (attributes) => ({ email: attributes.email }),
  })
}

export type ArtisanAuth = ReturnType<typeof createArtisanAuth>

import { type Adapter, type DatabaseSession, type DatabaseUser, Lucia, TimeSpan } from 'lucia'
import type { DB } from '#db/client.ts'
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  findUserSessions,
  insertSession,
  updateSessionExpiry,
} from '../repositories/sessions.ts'

/** lucia's storage contract over our Kysely database (admin_users, admin_sessions). */
function kyselyAdapter(db: DB): Adapter {
  const toSession = (row: { id: string; user_id: string; expires_at: number }): DatabaseSession => ({
    id: row.id,
    userId: row.user_id,
    expiresAt: new Date(row.expires_at * 1000),
    attributes: {},
  })
  return {
    async getSessionAndUser(sessionId): Promise<[DatabaseSession | null, DatabaseUser | null]> {
      const row = await findSessionWithUser(db, sessionId)
      if (!row) return [null, null]
      return [toSession(row), { id: row.user_id, attributes: { email: row.email } }]
    },
    async getUserSessions(userId) {
      return (await findUserSessions(db, userId)).map(toSession)
    },
    setSession: (session) => insertSession(db, session),
    updateSessionExpiration: (sessionId, expiresAt) => updateSessionExpiry(db, sessionId, expiresAt),
    deleteSession: (sessionId) => deleteSession(db, sessionId),
    deleteUserSessions: (userId) => deleteUserSessions(db, userId),
    deleteExpiredSessions: () => deleteExpiredSessions(db),
  }
}

/** Sessions last 7 days and slide: lucia extends one used in its second half (until SESSION_MAX_DAYS after sign-in). */
const SESSION_DAYS = 7

export function createLucia(db: DB, publicUrl: string) {
  const secure = publicUrl.startsWith('https://')
  return new Lucia(kyselyAdapter(db), {
    sessionExpiresIn: new TimeSpan(SESSION_DAYS, 'd'),
    sessionCookie: {
      // __Host- binds the cookie to this exact origin; browsers accept it only when Secure.
      name: secure ? '__Host-session' : 'session',
      attributes: { secure, sameSite: 'lax', path: '/' },
    },
    getUserAttributes: (attributes) => ({ email: attributes.email }),
  })
}

export type Auth = ReturnType<typeof createLucia>

declare module 'lucia' {
  interface Register {
    Lucia: Auth
    DatabaseUserAttributes: { email: string }
  }
}

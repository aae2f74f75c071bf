import type { SessionUser } from '../trpc/init.ts'
import type { Auth } from './lucia.ts'

/**
 * Reads the session cookie, validates it and returns who is signed in; a session refreshed by sliding
 * expiry or found invalid gets its cookie rewritten through responseHeaders.
 */
export async function resolveSession(auth: Auth, cookieHeader: string | null | undefined, responseHeaders: Headers): Promise<SessionUser | null> {
  const sessionId = auth.readSessionCookie(cookieHeader ?? '')
  if (!sessionId) return null
  const { session, user } = await auth.validateSession(sessionId)
  if (!session) {
    responseHeaders.append('Set-Cookie', auth.createBlankSessionCookie().serialize())
    return null
  }
  if (session.fresh) responseHeaders.append('Set-Cookie', auth.createSessionCookie(session.id).serialize())
  return { id: user.id, email: user.email, sessionId: session.id }
}

import type { SessionArtisan, SessionUser } from '../trpc/init.ts'
import type { ArtisanAuth } from './artisan-auth.ts'
import type { Auth } from './lucia.ts'

/**
 * Reads a session cookie, validates it and returns the session's id, user id and e-mail; a session refreshed by sliding
 * expiry or found invalid gets its cookie rewritten through responseHeaders.
 */
async function resolve(auth: Auth | ArtisanAuth, cookieHeader: string | null | undefined, responseHeaders: Headers) {
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

/** The signed-in administrator, from the back office's session cookie. */
export function resolveSession(auth: Auth, cookieHeader: string | null | undefined, responseHeaders: Headers): Promise<SessionUser | null> {
  return resolve(auth, cookieHeader, responseHeaders)
}

/** The signed-in craftsman, from the area's own session cookie. */
export async function resolveArtisanSession(
  auth: ArtisanAuth,
  cookieHeader: string | null | undefined,
  responseHeaders: Headers,
): Promise<SessionArtisan | null> {
  const signedIn = await resolve(auth, cookieHeader, responseHeaders)
  return signedIn && { id: Number(signedIn.id), email: signedIn.email, sessionId: signedIn.sessionId }
}

import { Hono } from 'hono'
import type { DB } from '#db/client.ts'
import type { ArtisanAuth } from '../auth/artisan-auth.ts'
import { blankBindingCookie, logSignIn, SIGN_IN_CODE_PATH, SIGN_IN_LINK_PATH, signInWithLink } from '../auth/artisan-sign-in.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'

/** Never stored, never indexed, and the token in the address is not passed on to the next page as a referrer. */
const LINK_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' }

/**
 * The link of a craftsman's sign-in mail. Opened (GET) in the browser that asked, it spends the token and signs that
 * browser in; anywhere else, or asked for its headers only (HEAD, as link checkers do), nothing is spent and the code
 * page takes over, with the token in the fragment so that it is not sent to the server again.
 */
export function createArtisanSignInRoutes({ db, env, logger, artisanAuth }: { db: DB; env: Env; logger: Logger; artisanAuth: ArtisanAuth }) {
  const routes = new Hono()
  const log = logger.child({ component: 'artisan-sign-in' })

  routes.get(SIGN_IN_LINK_PATH, async (c) => {
    const token = c.req.query('t')
    const cookie = c.req.header('cookie')
    const outcome = c.req.method === 'GET' ? await signInWithLink(db, env.PUBLIC_URL, token, cookie) : ({ kind: 'ask-code' } as const)
    logSignIn(log, outcome, 'link')
    const headers = new Headers(LINK_HEADERS)
    if (outcome.kind === 'refused') {
      headers.set('Location', `/artigiano/accedi?errore=${outcome.reason}`)
    } else if (outcome.kind === 'ask-code') {
      headers.set('Location', `${SIGN_IN_CODE_PATH}#t=${encodeURIComponent(token ?? '')}`)
    } else {
      const previous = artisanAuth.readSessionCookie(cookie ?? '')
      if (previous) await artisanAuth.invalidateSession(previous)
      headers.append('Set-Cookie', outcome.signedIn.sessionCookie)
      headers.append('Set-Cookie', blankBindingCookie(env.PUBLIC_URL))
      headers.set('Location', outcome.signedIn.redirect)
    }
    return new Response(null, { status: 303, headers })
  })

  return routes
}

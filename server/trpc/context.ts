import type { Context as HonoContext } from 'hono'
import type { DB } from '#db/client.ts'
import type { ArtisanAuth } from '../auth/artisan-auth.ts'
import type { Auth } from '../auth/lucia.ts'
import { resolveArtisanSession, resolveSession } from '../auth/session.ts'
import type { Env } from '../env.ts'
import type { AppEnv } from '../http/app-env.ts'
import { clientAddress, compileProxyTrust } from '../http/client-address.ts'
import { isAdminPath } from '#shared/admin-path.ts'
import { isArtisanAreaPath } from '#shared/artisan-area.ts'
import type { Logger } from '../logger.ts'
import type { Directory } from '../profiles/directory.ts'
import type { Context } from './init.ts'

export type RequestContexts = ReturnType<typeof createRequestContexts>

/** The contexts procedures and rendered pages see, built from a request. */
export function createRequestContexts({
  db,
  env,
  logger,
  auth,
  artisanAuth,
  directory,
}: {
  db: DB
  env: Env
  logger: Logger
  auth: Auth
  artisanAuth: ArtisanAuth
  directory: Directory
}) {
  const proxyTrust = compileProxyTrust(env.TRUST_PROXY)
  return {
    /** Who is asking: address, user agent, headers, and the session where one can matter. */
    async of(c: HonoContext<AppEnv>, headers: Headers | null, responseHeaders: Headers): Promise<Context> {
      const path = c.get('path')
      const cookie = c.req.header('cookie')
      const procedures = path.startsWith('/trpc/')
      return {
        db,
        env,
        logger: logger.child({ requestId: c.get('requestId') }),
        ip: clientAddress(c.env?.incoming, proxyTrust),
        userAgent: c.req.header('user-agent') ?? '',
        headers,
        responseHeaders,
        // Only the back office's and the area's pages and the procedures look at a session; public pages stay cacheable.
        user: isAdminPath(path) || procedures ? await resolveSession(auth, cookie, responseHeaders) : null,
        artisan: isArtisanAreaPath(path) || procedures ? await resolveArtisanSession(artisanAuth, cookie, responseHeaders) : null,
        directory,
      }
    },
    /** What a page that goes into the shared cache may see: its path, and nothing about who asked. */
    anonymous(c: HonoContext<AppEnv>): Context {
      return {
        db,
        env,
        logger: logger.child({ requestId: c.get('requestId') }),
        ip: '',
        userAgent: '',
        headers: null,
        responseHeaders: new Headers(),
        user: null,
        artisan: null,
        directory,
      }
    },
  }
}

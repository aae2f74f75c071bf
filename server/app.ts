import { randomUUID } from 'node:crypto'
import type { HttpBindings } from '@hono/node-server'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { type Context as HonoContext, Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { DB } from '#db/client.ts'
import { createAdminDownloadRoutes } from './http/admin-downloads.ts'
import { createLucia } from './auth/lucia.ts'
import { resolveSession } from './auth/session.ts'
import { limitBody, readProcedureBody } from './http/body-limit.ts'
import { clientAddress, compileProxyTrust } from './http/client-address.ts'
import type { Env } from './env.ts'
import { answerError, RETRY_AFTER_SECONDS, watchDatabase } from './faults.ts'
import type { Logger } from './logger.ts'
import { mountSeoRoutes } from './ssr/seo.ts'
import { contentSecurityPolicy, inlineScriptHashes, thirdPartySources } from './ssr/csp.ts'
import { checkPath, encodePath, isAdminPath, pagePathOf } from './http/request-path.ts'
import { PageCache } from './ssr/page-cache.ts'
import type { RenderPage } from './ssr/render.ts'
import type { StaticFile } from './http/static-files.ts'
import type { Context } from './trpc/init.ts'
import { procedureErrorResponse } from './trpc/error-response.ts'
import { appRouter } from './trpc/router.ts'
import { createUnsubscribeRoutes } from './http/unsubscribe.ts'

export type AppDeps = {
  db: DB
  env: Env
  logger: Logger
  render: RenderPage
  staticFiles: Map<string, StaticFile>
  /** Bytes of rendered public pages kept in memory; 0 turns the cache off (development). */
  pageCacheBytes?: number
}

type AppEnv = { Bindings: HttpBindings; Variables: { requestId: string; path: string } }

/** tRPC calls that may share one HTTP request: back-office reads and writes, a screen's worth at most. */
const MAX_BATCH_SIZE = 10

// Tracking parameters do not change what a page renders, so they do not split the page cache.
const TRACKING_PARAM = /^(utm_[a-z]+|gclid|fbclid|msclkid)$/

/** The path exactly as the client sent it, before any URL parser resolved its dot segments. */
function requestTarget(target: string | undefined): string | undefined {
  if (!target?.startsWith('/')) return undefined
  const query = target.indexOf('?')
  return query === -1 ? target : target.slice(0, query)
}

/** A view of a Buffer's bytes as a plain Uint8Array, without copying them. */
const bytes = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength)

export function createApp({ db, env, logger, render, staticFiles, pageCacheBytes = 64 * 1024 * 1024 }: AppDeps) {
  const app = new Hono<AppEnv>()
  const pageCache = new PageCache(pageCacheBytes)
  const proxyTrust = compileProxyTrust(env.TRUST_PROXY)

  const auth = createLucia(db, env.PUBLIC_URL)
  const contextFor = async (c: HonoContext<AppEnv>, headers: Headers | null, responseHeaders: Headers): Promise<Context> => {
    const path = c.get('path')
    return {
      db,
      env,
      logger: logger.child({ requestId: c.get('requestId') }),
      ip: clientAddress(c.env?.incoming, proxyTrust),
      userAgent: c.req.header('user-agent') ?? '',
      headers,
      responseHeaders,
      // Only admin pages and procedures look at the session; public pages stay cacheable.
      user: isAdminPath(path) || path.startsWith('/trpc/') ? await resolveSession(auth, c.req.header('cookie'), responseHeaders) : null,
    }
  }
  /** What a page that goes into the shared cache may see: its path, and nothing about who asked. */
  const anonymousContext = (c: HonoContext<AppEnv>): Context => ({
    db,
    env,
    logger: logger.child({ requestId: c.get('requestId') }),
    ip: '',
    userAgent: '',
    headers: null,
    responseHeaders: new Headers(),
    user: null,
  })

  app.use(async (c, next) => {
    const started = performance.now()
    const requestId = randomUUID()
    c.set('requestId', requestId)
    await next()
    c.header('X-Request-Id', requestId)
    // Path only: query strings can carry personal data.
    logger.info(
      {
        requestId,
        method: c.req.method,
        path: c.get('path') ?? '(not canonical)',
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    )
  })

  // One spelling per path, decided before anything else reads it (request-path.ts).
  app.use(async (c, next) => {
    const url = new URL(c.req.url)
    const check = checkPath(requestTarget(c.env?.incoming?.url) ?? url.pathname)
    if (check.ok) {
      c.set('path', check.path)
      return next()
    }
    c.header('Cache-Control', 'no-store')
    if (check.status === 301 && (c.req.method === 'GET' || c.req.method === 'HEAD')) return c.redirect(check.canonical + url.search, 301)
    if (check.status === 414) return c.text('Indirizzo troppo lungo.', 414)
    return c.text('Pagina non trovata.', 404)
  })

  // Bodies are counted while they arrive and refused past what their route can need (body-limit.ts).
  app.use(limitBody)

  app.use(
    secureHeaders({
      contentSecurityPolicy: undefined,
      strictTransportSecurity: env.PUBLIC_URL.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : false,
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    }),
  )

  // Whatever throws answers a plain Italian 500, or 503 when the database cannot take writes (faults.ts).
  const databaseWatch = watchDatabase(db, logger)
  app.onError((error, c) => answerError(error, c.req.raw, databaseWatch, logger))

  app.get('/healthz', async (c) => {
    const health = await databaseWatch.check()
    c.header('Cache-Control', 'no-store')
    if (!health.writable) return c.json({ status: 'error', database: 'not writable' }, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS) })
    return c.json({ status: 'ok' })
  })

  app.all('/trpc/*', async (c) => {
    // Mutations must come from our own pages: browsers send Sec-Fetch-Site, and forms cannot set custom headers.
    if (c.req.method === 'POST') {
      const site = c.req.header('sec-fetch-site')
      if ((site && site !== 'same-origin' && site !== 'none') || c.req.header('x-trpc-source') === undefined) {
        return procedureErrorResponse(403, 'FORBIDDEN', 'Richiesta non consentita.')
      }
    }
    c.header('Cache-Control', 'no-store')
    // Public and sign-in procedures answer one call per request, so every throttle sees every attempt.
    const procedures = c.get('path').slice('/trpc/'.length).split(',')
    const allowBatching = procedures.every((name) => name.startsWith('admin.') && !name.startsWith('admin.auth.'))
    let req = c.req.raw
    let done = () => {}
    if (c.req.method === 'POST') {
      const body = await readProcedureBody(c)
      if (!body.ok) return body.response
      req = body.request
      done = body.done
    }
    try {
      return await fetchRequestHandler({
        endpoint: '/trpc',
        req,
        router: appRouter,
        allowBatching,
        maxBatchSize: MAX_BATCH_SIZE,
        createContext: ({ req, resHeaders }) => contextFor(c, req.headers, resHeaders),
        onError: ({ error, path }) => {
          // A database fault is logged once by the watch and answered 503 (trpc/init.ts).
          if (!databaseWatch.report(error) && error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error.cause ?? error, path }, 'tRPC procedure failed')
        },
      })
    } finally {
      done()
    }
  })

  // Newsletter unsubscribe links: answered here, never by the page cache.
  app.route('/', createUnsubscribeRoutes({ db, env, logger }))

  // Lead attachments and the leads CSV: files for signed-in administrators only.
  app.route('/', createAdminDownloadRoutes({ db, logger, sessionUser: (c, headers) => resolveSession(auth, c.req.header('cookie'), headers) }))

  mountSeoRoutes(app, env.PUBLIC_URL)

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const file = staticFiles.get(c.get('path'))
    if (!file) return next()
    if (c.req.header('if-none-match') === file.etag) return c.body(null, 304)
    const accept = c.req.header('accept-encoding') ?? ''
    const [body, encoding] =
      file.brotli && /\bbr\b/.test(accept) ? [file.brotli, 'br'] : file.gzip && /\bgzip\b/.test(accept) ? [file.gzip, 'gzip'] : [file.body, undefined]
    c.header('Content-Type', file.type)
    c.header('Cache-Control', file.cacheControl)
    c.header('ETag', file.etag)
    c.header('Vary', 'Accept-Encoding')
    if (encoding) c.header('Content-Encoding', encoding)
    return c.body(bytes(body))
  })

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const url = new URL(c.req.url)
    const path = c.get('path')
    // Pages have lowercase paths without a trailing slash; other spellings point at them.
    const pagePath = pagePathOf(path)
    if (pagePath !== path) {
      c.header('Cache-Control', 'no-store')
      return c.redirect(encodePath(pagePath) + url.search, 301)
    }
    const admin = isAdminPath(path)
    const cacheable = pageCacheBytes > 0 && !admin && [...url.searchParams.keys()].every((key) => TRACKING_PARAM.test(key))
    let page = cacheable ? pageCache.get(path) : undefined
    // How long this response took to render, for the browser's developer tools and for bench:ssr.
    let serverTiming: string | undefined
    if (!page) {
      const renderStarted = performance.now()
      const responseHeaders = new Headers()
      // A page that may be cached is rendered from its path alone: no cookie, header or address reaches it.
      const response = cacheable
        ? await render(new Request(new URL(url.pathname, env.PUBLIC_URL)), anonymousContext(c))
        : await render(c.req.raw, await contextFor(c, c.req.raw.headers, responseHeaders))
      const body = Buffer.from(await response.arrayBuffer())
      const headers: Record<string, string> = {}
      response.headers.forEach((value, key) => {
        headers[key] = value
      })
      // A session refreshed while rendering an admin page sends its renewed cookie.
      const sessionCookie = responseHeaders.get('set-cookie')
      if (sessionCookie) headers['set-cookie'] = sessionCookie
      const contentType = headers['content-type'] ?? ''
      if (contentType.startsWith('text/html')) {
        headers['content-security-policy'] = contentSecurityPolicy({ scriptHashes: inlineScriptHashes(body.toString('utf8')), ...thirdPartySources(env) })
        headers['cache-control'] = cacheable && response.status === 200 ? 'public, max-age=0, must-revalidate' : 'no-cache'
      }
      // Whatever depends on the session is never stored anywhere.
      if (admin || headers['set-cookie']) headers['cache-control'] = 'private, no-store'
      serverTiming = `render;dur=${(performance.now() - renderStarted).toFixed(1)}`
      // Only pages the catalog produces are kept: a 404 or a redirect of a random path never pushes one out.
      if (!(cacheable && response.status === 200 && !headers['set-cookie'])) {
        return new Response(response.status === 304 || c.req.method === 'HEAD' ? null : bytes(body), {
          status: response.status,
          headers: { ...headers, 'server-timing': serverTiming },
        })
      }
      page = pageCache.set(path, { status: response.status, headers, body })
    }
    if (c.req.header('if-none-match') === page.etag) return c.body(null, 304, { ETag: page.etag })
    const { body, encoding } = pageCache.encode(path, page, c.req.header('accept-encoding'))
    const headers = new Headers(page.headers)
    headers.set('ETag', page.etag)
    headers.set('Vary', 'Accept-Encoding')
    if (encoding) headers.set('Content-Encoding', encoding)
    if (serverTiming) headers.set('Server-Timing', serverTiming)
    return new Response(c.req.method === 'HEAD' ? null : bytes(body), { status: page.status, headers })
  })

  return app
}

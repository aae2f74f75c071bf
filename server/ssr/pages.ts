import type { IncomingMessage } from 'node:http'
import type { Context as HonoContext } from 'hono'
import type { Env } from '../env.ts'
import type { Encoding } from '../http/accept-encoding.ts'
import type { AppEnv } from '../http/app-env.ts'
import { bytesOf } from '../http/bytes.ts'
import { isAdminPath } from '#shared/admin-path.ts'
import { isSessionPath } from '#shared/artisan-area.ts'
import { encodePath, pagePathOf } from '../http/request-path.ts'
import type { RequestContexts } from '../trpc/context.ts'
import { pageSecurityPolicy } from './csp.ts'
import type { CachedPage, PageCache } from './page-cache.ts'
import type { RenderPage } from './render.ts'

// Tracking parameters do not change what a page renders, so they do not split the page cache.
const TRACKING_PARAM = /^(utm_[a-z]+|gclid|fbclid|msclkid)$/

type RenderedPage = Omit<CachedPage, 'etag'>

/** Counts a view of a public page: the request, the page's path and the query string (server/analytics). */
export type CountVisit = (req: IncomingMessage, path: string, query: string) => void

type PageDeps = {
  render: RenderPage
  env: Env
  contexts: RequestContexts
  /** Rendered public pages kept in memory; a budget of 0 bytes turns the cache off (development). */
  pageCache: PageCache
  countVisit?: CountVisit
}

/**
 * Whether a request for a page is answered from the shared cache (or rendered to go into it): a public page, asked for
 * without parameters other than tracking ones. The fast path (http/fast-path.ts) asks the same question.
 */
export function servedFromCache(pageCache: PageCache, path: string, params: URLSearchParams): boolean {
  if (pageCache.maxBytes === 0 || isSessionPath(path)) return false
  for (const key of params.keys()) if (!TRACKING_PARAM.test(key)) return false
  return true
}

/** A cached page's headers when sent in `encoding`, as both paths send them. */
export function cachedPageHeaders(page: CachedPage, encoding: Encoding | undefined): Headers {
  const headers = new Headers(page.headers)
  headers.set('ETag', page.etag)
  headers.set('Vary', 'Accept-Encoding')
  if (encoding) headers.set('Content-Encoding', encoding)
  return headers
}

/**
 * Every page, rendered by the router (render.ts): public pages from their path alone and kept in the page cache,
 * admin pages for the signed-in administrator and never stored. A rendered response tells its render time in Server-Timing.
 */
export function servePages({ render, env, contexts, pageCache, countVisit }: PageDeps) {
  /** The page with its headers: the page's own CSP, and a Cache-Control that says who may keep it. */
  async function renderPage(c: HonoContext<AppEnv>, cacheable: boolean): Promise<RenderedPage> {
    const responseHeaders = new Headers()
    // A page that may be cached is rendered from its path alone: no cookie, header or address reaches it.
    const response = cacheable
      ? await render(new Request(new URL(new URL(c.req.url).pathname, env.PUBLIC_URL)), contexts.anonymous(c))
      : await render(c.req.raw, await contexts.of(c, c.req.raw.headers, responseHeaders))
    const body = Buffer.from(await response.arrayBuffer())
    const headers = Object.fromEntries(response.headers)
    // A session refreshed while rendering an admin page sends its renewed cookie.
    const sessionCookie = responseHeaders.get('set-cookie')
    if (sessionCookie) headers['set-cookie'] = sessionCookie
    if ((headers['content-type'] ?? '').startsWith('text/html')) {
      headers['content-security-policy'] = pageSecurityPolicy(body.toString('utf8'), env, { backOffice: isAdminPath(c.get('path')) })
      headers['cache-control'] = cacheable && response.status === 200 ? 'public, max-age=0, must-revalidate' : 'no-cache'
    }
    // Whatever depends on the session is never stored anywhere.
    if (isSessionPath(c.get('path')) || headers['set-cookie']) headers['cache-control'] = 'private, no-store'
    return { status: response.status, headers, body }
  }

  /** A page of the cache, in the encoding the client accepts, or 304 when the client holds it already. */
  function cachedResponse(c: HonoContext<AppEnv>, page: CachedPage, serverTiming?: string): Response {
    if (c.req.header('if-none-match') === page.etag) return c.body(null, 304, { ETag: page.etag })
    const { body, encoding } = pageCache.encode(c.get('path'), page, c.req.header('accept-encoding'))
    const headers = cachedPageHeaders(page, encoding)
    if (serverTiming) headers.set('Server-Timing', serverTiming)
    return new Response(c.req.method === 'HEAD' ? null : bytesOf(body), { status: page.status, headers })
  }

  /** A public page shown (200, or 304 from the browser's copy) to a real request: the warm-up at start has no socket. */
  function counted(c: HonoContext<AppEnv>, response: Response, search: string): Response {
    const incoming = c.env?.incoming
    if (countVisit && incoming && c.req.method === 'GET' && (response.status === 200 || response.status === 304) && !isSessionPath(c.get('path'))) {
      countVisit(incoming, c.get('path'), search.slice(1))
    }
    return response
  }

  return async (c: HonoContext<AppEnv>) => {
    const url = new URL(c.req.url)
    const path = c.get('path')
    // Pages have lowercase paths without a trailing slash; other spellings point at them.
    const pagePath = pagePathOf(path)
    if (pagePath !== path) {
      c.header('Cache-Control', 'no-store')
      return c.redirect(encodePath(pagePath) + url.search, 301)
    }
    const cacheable = servedFromCache(pageCache, path, url.searchParams)
    const cached = cacheable ? pageCache.get(path) : undefined
    if (cached) return counted(c, cachedResponse(c, cached), url.search)
    const renderStarted = performance.now()
    const generation = pageCache.generation
    const page = await renderPage(c, cacheable)
    // How long this response took to render, for the browser's developer tools and for bench:ssr.
    const serverTiming = `render;dur=${(performance.now() - renderStarted).toFixed(1)}`
    // Only pages the catalog produces are kept: a 404 or a redirect of a random path never pushes one out.
    if (cacheable && page.status === 200 && !page.headers['set-cookie'])
      return counted(c, cachedResponse(c, pageCache.set(path, page, generation), serverTiming), url.search)
    return counted(
      c,
      new Response(page.status === 304 || c.req.method === 'HEAD' ? null : bytesOf(page.body), {
        status: page.status,
        headers: { ...page.headers, 'server-timing': serverTiming },
      }),
      url.search,
    )
  }
}

import type { RequestListener } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import type { DB } from '#db/client.ts'
import { createArtisanAuth } from './auth/artisan-auth.ts'
import { createLucia } from './auth/lucia.ts'
import { resolveArtisanSession, resolveSession } from './auth/session.ts'
import type { Env } from './env.ts'
import { answerError, healthAnswer, healthResponse, watchDatabase } from './faults.ts'
import { createAdminDownloadRoutes } from './http/admin-downloads.ts'
import { createAreaPhotoRoutes } from './http/area-photos.ts'
import { createArtisanPhotoRoutes } from './http/artisan-photos.ts'
import { createArtisanSignInRoutes } from './http/artisan-sign-in.ts'
import type { AppEnv } from './http/app-env.ts'
import { limitBody } from './http/body-limit.ts'
import { createLeadAnswerRoutes } from './http/lead-answers.ts'
import { createProfilePhotoRoutes } from './http/profile-photos.ts'
import { createReviewReportRoutes } from './http/review-reports.tsx'
import { createFastPath } from './http/fast-path.ts'
import { canonicalPath } from './http/request-path.ts'
import { logRequests } from './http/request-log.ts'
import { securityHeaderList, securityHeaders } from './http/security-headers.ts'
import { type StaticFile, serveStaticFiles } from './http/static-files.ts'
import { createSesWebhookRoutes } from './http/ses-webhook.ts'
import type { StartWorkbookWorker } from './http/xlsx.ts'
import { createUnsubscribeRoutes } from './http/unsubscribe.tsx'
import type { Logger } from './logger.ts'
import type { Directory } from './profiles/directory.ts'
import { PageCache } from './ssr/page-cache.ts'
import { type CountVisit, servePages } from './ssr/pages.ts'
import type { RenderPage } from './ssr/render.ts'
import { createSeoRoutes } from './ssr/seo.ts'
import { createRequestContexts } from './trpc/context.ts'
import { procedureEndpoint } from './trpc/endpoint.ts'

export type AppDeps = {
  db: DB
  env: Env
  logger: Logger
  render: RenderPage
  staticFiles: Map<string, StaticFile>
  pageCacheBytes?: number
  /** Counts a public page shown (server/analytics); absent, nothing is counted. */
  countVisit?: CountVisit
  /** Starts the worker thread that builds the leads spreadsheet: the built file, or the source (http/xlsx.ts). */
  workbookWorker: StartWorkbookWorker
  /** The published craftsmen of this process (server/jobs.ts starts it): landing blocks and sitemap; its changes empty the page cache. */
  directory: Directory
}

/** The routes and middleware of the site; `pageCacheBytes` is the memory kept for rendered public pages, 0 in development. */
export function createApp(deps: AppDeps) {
  return assemble(deps).app
}

/**
 * The site as the production server runs it: the fast path (http/fast-path.ts) answers what is in memory, Hono the rest;
 * with `fastPath: false` Hono answers everything (FAST_PATH=off).
 */
export async function createSite(deps: AppDeps & { fastPath: boolean }): Promise<{ app: Hono<AppEnv>; listener: RequestListener }> {
  const { app, pageCache, databaseWatch, routed } = assemble(deps)
  const slowPath = getRequestListener(app.fetch, { hostname: deps.env.HOST })
  if (!deps.fastPath) return { app, listener: slowPath }
  const listener = createFastPath({
    pageCache,
    staticFiles: deps.staticFiles,
    health: () => healthAnswer(databaseWatch),
    securityHeaders: await securityHeaderList(deps.env.PUBLIC_URL),
    routed,
    logger: deps.logger,
    slowPath,
    countVisit: deps.countVisit,
  })
  return { app, listener }
}

function assemble({ db, env, logger, render, staticFiles, pageCacheBytes = 64 * 1024 * 1024, countVisit, workbookWorker, directory }: AppDeps) {
  const app = new Hono<AppEnv>()
  const auth = createLucia(db, env.PUBLIC_URL)
  const artisanAuth = createArtisanAuth(db, env.PUBLIC_URL)
  const contexts = createRequestContexts({ db, env, logger, auth, artisanAuth, directory })
  const databaseWatch = watchDatabase(db, logger)

  app.use(logRequests(logger))
  // One spelling per path, decided before anything else reads it (request-path.ts).
  app.use(canonicalPath)
  // Bodies are counted while they arrive and refused past what their route can need (body-limit.ts).
  app.use(limitBody)
  app.use(securityHeaders(env.PUBLIC_URL))
  // Whatever throws answers a plain Italian 500, or 503 when the database cannot take writes (faults.ts).
  app.onError((error, c) => answerError(error, c.req.raw, databaseWatch, logger))

  app.get('/healthz', () => healthResponse(databaseWatch))
  app.all('/trpc/*', procedureEndpoint({ contexts, databaseWatch, logger }))
  // Newsletter unsubscribe links, the craftsmen's answers and the requesters' ratings: answered here, never cached.
  app.route('/', createUnsubscribeRoutes({ db, env, logger }))
  app.route('/', createLeadAnswerRoutes({ db, env, logger }))
  // The link of a craftsman's sign-in mail: signs in the browser that asked, sends any other to the code page.
  app.route('/', createArtisanSignInRoutes({ db, env, logger, artisanAuth }))
  // "Segnala" under a published review: a plain form, never cached.
  app.route('/', createReviewReportRoutes({ db, env, logger }))
  // Amazon SNS notifications of SES (deliveries, bounces, complaints): signed by Amazon, never by a browser.
  app.route('/', createSesWebhookRoutes({ db, env, logger }))
  // Lead attachments and the leads CSV: files for signed-in administrators only.
  const sessionUser = (c: { req: { header(name: string): string | undefined } }, headers: Headers) => resolveSession(auth, c.req.header('cookie'), headers)
  app.route('/', createAdminDownloadRoutes({ db, logger, sessionUser, workbookWorker }))
  // Portfolio photos of the craftsmen's profiles: uploaded and previewed by signed-in administrators.
  app.route('/', createArtisanPhotoRoutes({ db, logger, sessionUser }))
  // The craftsmen's own photos from their area: uploaded to wait for the office, previewed by their owner and the office.
  const sessionArtisan = (c: { req: { header(name: string): string | undefined } }, headers: Headers) =>
    resolveArtisanSession(artisanAuth, c.req.header('cookie'), headers)
  app.route('/', createAreaPhotoRoutes({ db, logger, publicUrl: env.PUBLIC_URL, sessionArtisan, sessionUser }))
  // Portfolio photos of published profiles, at addresses that carry their digest: public and cached for a year.
  app.route('/', createProfilePhotoRoutes({ db }))
  app.route('/', createSeoRoutes(env.PUBLIC_URL, directory))
  const routed = routedPaths(app)
  app.on(['GET', 'HEAD'], '*', serveStaticFiles(staticFiles))
  const pageCache = new PageCache(pageCacheBytes)
  // A public profile or review changed (here or in another process): every cached page may show it.
  if (pageCacheBytes > 0) directory.onChange(() => pageCache.clear())
  app.on(['GET', 'HEAD'], '*', servePages({ render, env, contexts, pageCache, countVisit }))

  return { app, pageCache, databaseWatch, routed }
}

/** Whether one of the routes registered so far answers a path (middleware aside): `/robots.txt`, `/trpc/...`. */
function routedPaths(app: Hono<AppEnv>): (path: string) => boolean {
  const exact = new Set<string>()
  const prefixes: string[] = []
  for (const { path } of app.routes) {
    if (path === '*' || path === '/*') continue
    const variable = path.search(/[:*]/)
    if (variable === -1) exact.add(path)
    else prefixes.push(path.slice(0, variable))
  }
  return (path) => exact.has(path) || prefixes.some((prefix) => path.startsWith(prefix))
}

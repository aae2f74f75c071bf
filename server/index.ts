import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { connect } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { createSite } from './app.ts'
import { jobErrors, watchDatabase } from './faults.ts'
import { loadEnvOrExit } from './env.ts'
import { startEventLoopMonitor } from './event-loop.ts'
import { startInstance } from './instance.ts'
import { createLogger } from './logger.ts'
import { startVisitCounting } from './analytics/index.ts'
import { startNewsletter } from './newsletter/index.ts'
import { leadLinks } from './leads/links.ts'
import { startRatingRequests } from './leads/rating-requests.ts'
import { startRetention } from './retention/job.ts'
import { sendPacerFor } from './mail/send-pacer.ts'
import { createSesTransport } from './mail/ses.ts'
import { createOutboxWorker, mailConfigured } from './mail/worker.ts'
import { countPendingEmails } from './repositories/outbox.ts'
import { pruneChallenges } from './repositories/captcha-uses.ts'
import { pruneConfirmationSends } from './repositories/confirmation-sends.ts'
import { routerManifestFromVite, type ViteManifest } from './ssr/manifest.ts'
import { createPageRenderer, preloadRouteModules } from './ssr/render.ts'
import { warmUpPaths } from './ssr/seo.ts'
import { loadStaticFiles } from './http/static-files.ts'

const startedAt = performance.now()

const env = loadEnvOrExit()

const logger = createLogger(env.LOG_LEVEL)
const eventLoop = startEventLoopMonitor(logger, env.EVENT_LOOP_LOG_SECONDS)
const clientDir = fileURLToPath(new URL('../client/', import.meta.url))
const manifestFile = `${clientDir}.vite/manifest.json`
if (!fs.existsSync(manifestFile)) {
  logger.fatal({ manifestFile }, 'client build not found: run `npm run build` first')
  process.exit(1)
}

// Migrations may build an index for minutes: they run on a connection of their own, without the requests' timeouts.
const migrations = connect(env, { poolSize: 1 }).db
const applied = await migrateToLatest(migrations).finally(() => migrations.destroy())
if (applied.length) logger.info({ migrations: applied }, 'database migrated')
const { db } = connect(env, {
  poolSize: env.DATABASE_POOL_SIZE,
  statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
  // PostgreSQL restarting or failing over: /healthz and the log know at once, not at the next request (docs/decisions/042).
  onIdleError: () => watchDatabase(db, logger).recheck(),
})

// This process among those sharing the database: the newsletter deliveries it has in flight carry its id.
const instance = await startInstance(db, logger, env)

// One MAIL_RATE_PER_SECOND for the outbox and the campaigns together, the outbox first (docs/decisions/045).
const pacer = sendPacerFor(db, env.MAIL_RATE_PER_SECOND)
// Requests are stored either way; without mail settings their e-mails wait in the outbox (README, Mail).
const outbox = mailConfigured(env) ? createOutboxWorker({ db, env, logger, transport: createSesTransport(env), pacer }) : null
if (outbox) outbox.start()
else logger.warn({ pending: await countPendingEmails(db) }, 'mail is not configured (MAIL_FROM, NOTIFY_EMAIL, SES_REGION): e-mails stay queued in the outbox')
// Answered captchas past their expiry and confirmation counts older than a day.
const prune = () => Promise.all([pruneChallenges(db), pruneConfirmationSends(db)])
const pruneErrors = jobErrors(logger, 'pruning used captchas and confirmation counts')
const pruneTimer = setInterval(() => void prune().then(pruneErrors.succeeded, (err) => pruneErrors.failed(err)), 10 * 60_000)
pruneTimer.unref()

// Resumes campaigns a restart left preparing or sending.
const newsletter = await startNewsletter({ db, env, logger, instanceId: instance.id, pacer })
// "Com'è andata?" a week after a lead's first acceptance.
const ratingRequests = startRatingRequests(leadLinks(db, env), logger)
// The privacy policy's retention periods, applied every RETENTION_EVERY_MINUTES by one process at a time.
const retention = startRetention({ db, env, logger })

// Visits of public pages, counted without cookies for the Statistiche screen (VISIT_COUNTING=off turns it off).
const visits = env.VISIT_COUNTING === 'on' ? await startVisitCounting({ db, env, logger }) : null

const viteManifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest
const { app, listener } = await createSite({
  db,
  env,
  logger,
  render: createPageRenderer(routerManifestFromVite(viteManifest)),
  staticFiles: loadStaticFiles(clientDir),
  pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
  fastPath: env.FAST_PATH !== 'off',
  countVisit: visits ? (req, path, query) => visits.counter.count(req, path, query) : undefined,
})
// Every kind of page rendered once before the first visitor: its code loaded and compiled, its data paths warm.
await preloadRouteModules()
for (const path of warmUpPaths()) await app.fetch(new Request(`${env.PUBLIC_URL}${path}`))

const server = http.createServer(listener)
server.listen(env.PORT, env.HOST, () => {
  const info = server.address() as AddressInfo
  logger.info(
    { host: info.address, port: info.port, startupMs: Math.round(performance.now() - startedAt), publicUrl: env.PUBLIC_URL, fastPath: env.FAST_PATH },
    'listening',
  )
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight')
  const force = setTimeout(() => {
    logger.warn('requests still in flight after 10 s, closing anyway')
    process.exit(1)
  }, 10_000)
  force.unref()
  await new Promise<void>((resolve) => {
    server.close(() => resolve())
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  })
  clearInterval(pruneTimer)
  await outbox?.stop()
  await newsletter.stop()
  await ratingRequests.stop()
  await retention.stop()
  await visits?.stop()
  await instance.stop()
  await db.destroy()
  eventLoop.stop()
  logger.info('stopped')
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

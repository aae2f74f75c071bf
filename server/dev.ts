// Development server: Vite in middleware mode for the client (hot reload), the Hono app reloaded on change.
import http from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { createServer as createViteServer } from 'vite'
import { connect } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { loadEnv } from './env.ts'
import { workbookWorkerFromSource } from './http/xlsx.ts'
import { createLogger } from './logger.ts'
import { startLocalSes } from './mail/local-ses.ts'
import { sendPacerFor } from './mail/send-pacer.ts'
import { createSesTransport } from './mail/ses.ts'
import { createOutboxWorker, mailConfigured } from './mail/worker.ts'
import { leadLinks } from './leads/links.ts'
import { startRatingRequests } from './leads/rating-requests.ts'
import { startDirectory } from './profiles/directory.ts'

// Mail goes to aws-ses-v2-local unless SES_ENDPOINT says otherwise; its viewer shows what was sent.
const localSes = process.env.SES_ENDPOINT ? null : await startLocalSes(8005)
const env = loadEnv({ NODE_ENV: 'development', ...(localSes?.env ?? {}), ...process.env })
const logger = createLogger(env.LOG_LEVEL)
const { db } = connect(env, { poolSize: env.DATABASE_POOL_SIZE })
await migrateToLatest(db)
const outbox = mailConfigured(env)
  ? createOutboxWorker({ db, env, logger, transport: createSesTransport(env), pacer: sendPacerFor(db, env.MAIL_RATE_PER_SECOND) })
  : null
outbox?.start()
startRatingRequests(leadLinks(db, env), logger)
const directory = await startDirectory({ db, logger, pollSeconds: env.PUBLIC_PAGES_POLL_SECONDS })
if (localSes) logger.info({ url: localSes.url }, 'local SES running: sent e-mails are listed there')

const server = http.createServer()
// HMR shares the app's port, so the page's CSP (connect-src 'self') allows its websocket.
const vite = await createViteServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'custom' })

server.on('request', (req, res) => {
  vite.middlewares(req, res, async () => {
    try {
      const { createApp } = (await vite.ssrLoadModule('/server/app.ts')) as typeof import('./app.ts')
      const { createPageRenderer } = (await vite.ssrLoadModule('/server/ssr/render.ts')) as typeof import('./ssr/render.ts')
      const { devRouterManifest } = (await vite.ssrLoadModule('/server/ssr/manifest.ts')) as typeof import('./ssr/manifest.ts')
      const app = createApp({
        db,
        env,
        logger,
        render: createPageRenderer(devRouterManifest()),
        staticFiles: new Map(),
        pageCacheBytes: 0,
        workbookWorker: workbookWorkerFromSource(),
        directory,
      })
      await getRequestListener(app.fetch)(req, res)
    } catch (error) {
      vite.ssrFixStacktrace(error as Error)
      logger.error({ err: error }, 'dev request failed')
      res.statusCode = 500
      res.end(String((error as Error).stack))
    }
  })
})
server.listen(env.PORT, env.HOST, () => logger.info({ url: `http://localhost:${env.PORT}` }, 'dev server listening'))

import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createSite } from './app.ts'
import { openAppDatabase } from './database.ts'
import { loadEnvOrExit } from './env.ts'
import { startEventLoopMonitor } from './event-loop.ts'
import { startJobs } from './jobs.ts'
import { createLogger } from './logger.ts'
import { routerManifestFromVite, type ViteManifest } from './ssr/manifest.ts'
import { createPageRenderer, preloadRouteModules } from './ssr/render.ts'
import { warmUpPaths } from './ssr/seo.ts'
import { loadStaticFiles } from './http/static-files.ts'
import { builtWorkbookWorker } from './http/xlsx.ts'

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

// The spreadsheet's worker thread is a bundle entry of its own beside this one (vite.config.ts), not in a shared chunk.
const workbookWorkerFile = fileURLToPath(new URL('./workers/xlsx.js', import.meta.url))
if (!fs.existsSync(workbookWorkerFile)) {
  logger.fatal({ workbookWorkerFile }, 'spreadsheet worker not found beside the server bundle: run `npm run build` again')
  process.exit(1)
}

const db = await openAppDatabase(env, logger)

// The outbox, the campaigns, rating requests, retention and visit counting, beside the requests (jobs.ts).
const jobs = await startJobs({ db, env, logger })

const viteManifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest
const { app, listener } = await createSite({
  db,
  env,
  logger,
  render: createPageRenderer(routerManifestFromVite(viteManifest)),
  staticFiles: loadStaticFiles(clientDir),
  pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
  fastPath: env.FAST_PATH !== 'off',
  countVisit: jobs.countVisit,
  directory: jobs.directory,
  workbookWorker: builtWorkbookWorker(workbookWorkerFile),
})
// Every kind of page rendered once before the first visitor: its code loaded and compiled, its data paths warm.
let warmedUpPages = 0
if (env.WARM_UP === 'on') {
  await preloadRouteModules()
  for (const path of warmUpPaths()) if ((await app.fetch(new Request(`${env.PUBLIC_URL}${path}`))).status < 500) warmedUpPages++
}

const server = http.createServer(listener)
server.listen(env.PORT, env.HOST, () => {
  const info = server.address() as AddressInfo
  logger.info(
    {
      host: info.address,
      port: info.port,
      startupMs: Math.round(performance.now() - startedAt),
      warmedUpPages,
      publicUrl: env.PUBLIC_URL,
      fastPath: env.FAST_PATH,
    },
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
  await jobs.stop()
  await db.destroy()
  eventLoop.stop()
  logger.info('stopped')
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

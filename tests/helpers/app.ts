import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Hono } from 'hono'
import type { DB } from '#db/client.ts'
import { createSite } from '#server/app.ts'
import { type Env, loadEnv } from '#server/env.ts'
import { openAppDatabase } from '#server/database.ts'
import type { AppEnv } from '#server/http/app-env.ts'
import { loadStaticFiles, type StaticFile } from '#server/http/static-files.ts'
import { workbookWorkerFromSource } from '#server/http/xlsx.ts'
import { startJobs } from '#server/jobs.ts'
import { createLogger } from '#server/logger.ts'
import { routerManifestFromVite, type ViteManifest } from '#server/ssr/manifest.ts'
import type { RenderPage } from '#server/ssr/render.ts'
import { buildDir, prepareServerData } from './server.ts'
import type { TestSite } from './site.ts'

/** The app in this process: the same site as the server's, with its database, jobs and log lines at hand. */
export type InProcessSite = TestSite & {
  /** The Hono app, for a request without HTTP: `app.request('/healthz')`. */
  app: Hono<AppEnv>
  /** The app's own database handle, for fixtures written through the repositories. */
  db: DB
  /** The app's settings, as server/env.ts read them. */
  env: Env
  stop(): Promise<void>
}

const root = path.resolve(import.meta.dirname, '../..')

/**
 * The page renderer with the built client's assets, and the client's files, read once per test file. The renderer and the
 * React app under it are loaded at the first page asked for: a file that only calls procedures does not compile them.
 */
let client: { render: RenderPage; staticFiles: Map<string, StaticFile> } | undefined
function builtClient() {
  if (client) return client
  const clientDir = path.join(root, buildDir(), 'client')
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as ViteManifest
  let renderer: Promise<RenderPage> | undefined
  const render: RenderPage = async (request, ctx) => {
    renderer ??= import('#server/ssr/render.ts').then(({ createPageRenderer }) => createPageRenderer(routerManifestFromVite(manifest)))
    return (await renderer)(request, ctx)
  }
  client = { render, staticFiles: loadStaticFiles(clientDir) }
  return client
}

/**
 * The app built in this process as server/index.ts builds it (the same settings and defaults as startServer, the jobs
 * of server/jobs.ts, the outbox mailing through SES when the mail settings are given, the pages rendered from source
 * with the built client's assets), on a fresh database, listening on 127.0.0.1 on an ephemeral port: a test talks to it
 * over HTTP as to a spawned server, without a process to start (about a second each). Not for tests about the process
 * itself (start-up, signals, exit codes, the warm-up, limits of its memory or files): those keep startServer.
 *
 * The test's synchronous reads and changes (helpers/database.ts) run between requests on the same event loop as the
 * app: a change made while the app holds a write open waits for it, and the app cannot finish it meanwhile.
 */
export async function startApp(extraEnv: Record<string, string> = {}, { now }: { now?: () => Date } = {}): Promise<InProcessSite> {
  // A test that starts another app on the same database passes that one's databasePath as DATABASE_PATH.
  const { dataDir, databasePath, env: settings } = await prepareServerData(extraEnv)
  const env = loadEnv({ PORT: '0', ...settings })

  // The AWS SDK takes SES credentials from the process's environment (its standard chain), here the test's own.
  for (const key of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const) if (extraEnv[key]) process.env[key] = extraEnv[key]

  const logs: string[] = []
  const logger = createLogger(env.LOG_LEVEL, {
    write(text: string) {
      for (const line of text.split('\n')) if (line) logs.push(line)
      // TEST_SERVER_LOGS=<file>: every server's log lines, appended there, to read why a test failed.
      if (process.env.TEST_SERVER_LOGS) fs.appendFileSync(process.env.TEST_SERVER_LOGS, text)
    },
  })

  // As server/index.ts (nothing to migrate on a copy of the template).
  const db = await openAppDatabase(env, logger)
  // `now`: the jobs' clock (server/jobs.ts), for a test that moves time forward.
  const jobs = await startJobs({ db, env, logger, now })
  const { render, staticFiles } = builtClient()
  const { app, listener } = await createSite({
    db,
    env,
    logger,
    render,
    staticFiles,
    pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    fastPath: env.FAST_PATH !== 'off',
    countVisit: jobs.countVisit,
    directory: jobs.directory,
    workbookWorker: workbookWorkerFromSource(),
  })

  const server = http.createServer(listener)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(env.PORT, env.HOST, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  logger.info({ host: env.HOST, port, publicUrl: env.PUBLIC_URL, fastPath: env.FAST_PATH }, 'listening')

  let stopped: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    databasePath,
    logs,
    app,
    db,
    env,
    // As the server's shutdown: no new connections, then the jobs, then the database.
    stop: () =>
      (stopped ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeIdleConnections()
        })
        await jobs.stop()
        await db.destroy()
        logger.info('stopped')
        fs.rmSync(dataDir, { recursive: true, force: true })
      })()),
  }
}

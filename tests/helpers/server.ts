import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { isPostgres } from './database.ts'

/** The build under test: BUILD_DIR lets several builds live side by side. */
export function buildDir(): string {
  return process.env.BUILD_DIR ?? 'dist'
}

export type RunningServer = {
  url: string
  port: number
  dataDir: string
  /** The server's database: its SQLite file, or on PostgreSQL its postgres:// address (see helpers/database.ts). */
  databasePath: string
  process: ChildProcess
  logs: string[]
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

/** The server's heap, as `npm run serve` and the container give it (README, Operations). */
const SERVER_HEAP = '--max-old-space-size=160'

export type StartOptions = {
  /** Bash commands run before the server replaces the shell, e.g. `ulimit -f 4096` to cap the size of the files it writes. */
  prelude?: string
  /**
   * A new database starts as a copy of the migrated template (tests/global-setup.ts, tests/postgres-setup.ts), which
   * the server finds up to date; `empty` gives it an empty one to migrate itself, for tests of the start-up migration.
   */
  database?: 'migrated' | 'empty'
}

/** The engine the suite runs on: the 'integration-postgres' project sets TEST_DATABASE_ENGINE=postgres. */
export const testEngine = (): 'sqlite' | 'postgres' => (process.env.TEST_DATABASE_ENGINE === 'postgres' ? 'postgres' : 'sqlite')

/**
 * A new database in the suite's PostgreSQL cluster (tests/postgres-setup.ts), its address: a copy of the migrated
 * template, or empty when `migrated` is false (a test of the migrations themselves).
 */
export async function createTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<string> {
  const server = inject('postgresServerUrl')
  if (!server) throw new Error('no PostgreSQL cluster: TEST_DATABASE_ENGINE=postgres runs need tests/postgres-setup.ts as a global setup')
  const name = `test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const client = new pg.Client({ connectionString: `${server}/postgres` })
  await client.connect()
  try {
    await client.query(migrated ? `CREATE DATABASE "${name}" TEMPLATE "${inject('postgresTemplate')}"` : `CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  return `${server}/${name}`
}

/**
 * A test server's data: a temporary folder, its database (a copy of the migrated template, an empty one, or the
 * DATABASE_PATH given to reopen another server's) and the environment that points at it with the suite's defaults,
 * `extraEnv` overriding them. For spawned servers and apps built in the test's process alike.
 */
export async function prepareServerData(extraEnv: Record<string, string>, { database = 'migrated' }: Pick<StartOptions, 'database'> = {}) {
  // Under Vitest, named for the run, which checks at its end that no server left its folder (tests/global-setup.ts).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), (process.env.VITEST && inject('dataDirPrefix')) || 'artigiani-test-'))
  // A test that restarts a server on the same database passes that server's databasePath as DATABASE_PATH.
  const { DATABASE_PATH: given, ...otherEnv } = extraEnv
  const migrated = database !== 'empty'
  const databaseUrl = given ? (isPostgres(given) ? given : undefined) : testEngine() === 'postgres' ? await createTestDatabase({ migrated }) : undefined
  const databasePath = databaseUrl ?? given ?? path.join(dataDir, 'app.db')
  // Under Vitest, a copy of the template global setup migrated; a benchmark (no Vitest) lets the server migrate it.
  if (!given && !databaseUrl && migrated && process.env.VITEST) fs.copyFileSync(inject('sqliteTemplate'), databasePath)
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_PATH: databaseUrl ? path.join(dataDir, 'app.db') : databasePath,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    PUBLIC_URL: 'https://www.artigianimilano.it',
    LOG_LEVEL: 'info',
    // The production proof of work costs each submission about half a second of CPU; tests that measure it set ''.
    PROOF_OF_WORK_DIFFICULTY: '10',
    // Under Vitest no warm-up before listening (about 0.4 s of CPU a server, some 150 servers a run): a page kind's code
    // loads at its first request. tests/server.test.ts starts with it on; a benchmark (no Vitest) keeps production's.
    ...(process.env.VITEST && { WARM_UP: 'off' }),
    ...otherEnv,
  }
  return { dataDir, databasePath, env }
}

/**
 * Starts the production build (dist/server) as a real process on 127.0.0.1, on an ephemeral port, with a fresh
 * database: a SQLite file, or a PostgreSQL database when the suite runs on PostgreSQL. Extra environment variables
 * override the defaults.
 */
export async function startServer(extraEnv: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const { dataDir, databasePath, env } = await prepareServerData(extraEnv, options)
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort()
  const server = [process.execPath, SERVER_HEAP, `${buildDir()}/server/index.js`]
  // The prelude runs in bash, which then becomes the server (exec): limits and ignored signals carry over.
  const [command, ...args] = options.prelude ? ['bash', '-c', `${options.prelude}; exec "$0" "$@"`, ...server] : server
  const child = spawn(command!, args, {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { PATH: process.env.PATH, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let buffer = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      logs.push(buffer.slice(0, newline))
      // TEST_SERVER_LOGS=<file>: every server's log lines, appended there, to read why a test failed.
      if (process.env.TEST_SERVER_LOGS) fs.appendFileSync(process.env.TEST_SERVER_LOGS, `${buffer.slice(0, newline)}\n`)
      buffer = buffer.slice(newline + 1)
    }
  })
  child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()))
  let exitCode: number | null | undefined
  void exited.then((code) => {
    exitCode = code
  })
  const deadline = Date.now() + 30_000
  for (;;) {
    if (exitCode !== undefined) {
      fs.rmSync(dataDir, { recursive: true, force: true })
      throw new Error(`server exited with ${exitCode} before listening:\n${logs.join('\n')}`)
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      await exited
      fs.rmSync(dataDir, { recursive: true, force: true })
      throw new Error(`server did not answer /healthz in 30 s:\n${logs.join('\n')}`)
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    databasePath,
    process: child,
    logs,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal)
      const code = await exited
      fs.rmSync(dataDir, { recursive: true, force: true })
      return code
    },
  }
}

/** A port that was free a moment ago, from the kernel's ephemeral range. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/**
 * `count` processes of the app on one database: the first creates it (or opens the DATABASE_PATH given), the others
 * start on its address. If one fails to start, those already running are stopped.
 */
export async function startProcesses(count: number, env: Record<string, string> = {}): Promise<RunningServer[]> {
  const first = await startServer(env)
  const others = await Promise.allSettled(Array.from({ length: count - 1 }, () => startServer({ ...env, DATABASE_PATH: first.databasePath })))
  const started = [first, ...others.flatMap((other) => (other.status === 'fulfilled' ? [other.value] : []))]
  const failed = others.find((other) => other.status === 'rejected')
  if (failed) {
    await Promise.all(started.map((server) => server.stop()))
    throw failed.reason
  }
  return started
}

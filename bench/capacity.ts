// npm run bench:capacity: what one quote costs, the figures docs/capacity.md sizes machines with. One app process on a
// PostgreSQL cluster with the server's durable defaults (fsync, synchronous_commit on) and pg_stat_statements; captchas
// fetched first, then quotes sent by `BENCH_CONNECTIONS` clients. Per captcha and per quote: CPU milliseconds of the
// app process and of every PostgreSQL process (read from /proc, so a busy machine changes them less than it changes
// throughput), transactions, statements (each one round trip with the pg driver), the statements' own time, WAL
// written and flushed. A quote costs its captcha too: a visitor asks for one before sending the form.
import os from 'node:os'
import autocannon from 'autocannon'
import pg from 'pg'
import { postgresBinDir, startPostgresCluster } from '#tests/helpers/postgres.ts'
import { publicClient, type SolvedCaptcha, solveCaptcha, validQuote } from '#tests/helpers/requests.ts'
import { type RunningServer, startServer } from '#tests/helpers/server.ts'
import { cpuMs, loadAverage } from './lib/machine.ts'

const QUOTES = Number(process.env.BENCH_QUOTES ?? 3000)
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 300)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
const CAPTCHA_SECRET = 'bench-captcha-secret-of-the-capacity-run'

if (!postgresBinDir()) {
  console.log('bench:capacity: skipped (no PostgreSQL programs under /usr/lib/postgresql)')
  process.exit(0)
}

const cluster = await startPostgresCluster({
  durable: true,
  settings: ['shared_preload_libraries=pg_stat_statements', 'track_io_timing=on', 'track_wal_io_timing=on'],
})
/** Every PostgreSQL process's CPU: the postmaster with its ended children, and each living child. */
async function postgresCpuMs(): Promise<number> {
  const [postmaster, ...children] = await cluster.processes()
  return cpuMs(postmaster!, true) + children.reduce((sum, pid) => sum + cpuMs(pid), 0)
}

const databaseUrl = await cluster.createDatabase('bench_capacity')
const stats = new pg.Client({ connectionString: databaseUrl })
await stats.connect()
await stats.query('CREATE EXTENSION pg_stat_statements')
let server: RunningServer | undefined
try {
  server = await startServer(
    { DATABASE_PATH: databaseUrl, LOG_LEVEL: 'info', TRUST_PROXY: 'loopback', PROOF_OF_WORK_DIFFICULTY: '2', CAPTCHA_SECRET },
    { prelude: 'exec >/dev/null' },
  )
  const app = server
  const appPid = app.process.pid!
  const client = publicClient(app.url)

  async function solveMany(count: number): Promise<SolvedCaptcha[]> {
    const solved: SolvedCaptcha[] = []
    let asked = 0
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (asked < count) {
          asked++
          solved.push(await solveCaptcha(client))
        }
      }),
    )
    return solved
  }

  async function submit(captchas: SolvedCaptcha[], label: string) {
    let next = 0
    const started = performance.now()
    const result = await autocannon({
      url: app.url,
      connections: CONNECTIONS,
      amount: captchas.length,
      timeout: 60,
      requests: [
        {
          method: 'POST',
          path: '/trpc/requests.quote',
          headers: { 'content-type': 'application/json', 'x-trpc-source': 'bench' },
          setupRequest: (request) => {
            const i = next++
            // Each quote from an address of its own, as visitors are: the throttles count per address.
            const headers = { ...request.headers, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }
            return {
              ...request,
              headers,
              body: JSON.stringify({ ...validQuote({ fullName: `Cliente ${label} ${i}`, email: `${label}${i}@example.com` }), ...captchas[i] }),
            }
          },
        },
      ],
    })
    if (result['2xx'] !== captchas.length) throw new Error(`${captchas.length - result['2xx']} quotes refused`)
    return { seconds: (performance.now() - started) / 1000, p50: result.latency.p50, p99: result.latency.p99 }
  }

  type Snapshot = { app: number; postgres: number; commits: number; rollbacks: number; walBytes: number; walSyncs: number; walSyncMs: number }
  async function snapshot(): Promise<Snapshot> {
    const database = (
      await stats.query<{ commits: string; rollbacks: string }>(
        'SELECT xact_commit AS commits, xact_rollback AS rollbacks FROM pg_stat_database WHERE datname = current_database()',
      )
    ).rows[0]!
    const wal = (
      await stats.query<{ bytes: string; syncs: string; sync_ms: number }>(
        'SELECT wal_bytes AS bytes, wal_sync AS syncs, wal_sync_time AS sync_ms FROM pg_stat_wal',
      )
    ).rows[0]!
    return {
      app: cpuMs(appPid),
      postgres: await postgresCpuMs(),
      commits: Number(database.commits),
      rollbacks: Number(database.rollbacks),
      walBytes: Number(wal.bytes),
      walSyncs: Number(wal.syncs),
      walSyncMs: wal.sync_ms,
    }
  }
  // The statistics' own queries (this client's) are left out, by their text.
  const ownQuery = "query NOT ILIKE '%pg_stat%' AND query NOT ILIKE '%pg_database%'"

  // Warm-up: the JIT, the pool's connections, the caches.
  await submit(await solveMany(WARM_UP), 'riscaldamento')

  const beforeCaptchas = await snapshot()
  const captchas = await solveMany(QUOTES)
  const afterCaptchas = await snapshot()

  await stats.query('SELECT pg_stat_statements_reset()')
  // pg_stat_database and pg_stat_wal are sent by the backends when idle: wait for the counters to settle.
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const before = await snapshot()
  const run = await submit(captchas, 'cliente')
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const after = await snapshot()
  const statements = (
    await stats.query<{ query: string; calls: string; total_ms: number }>(
      `SELECT query, calls, total_exec_time AS total_ms FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND ${ownQuery}
       ORDER BY total_exec_time DESC`,
    )
  ).rows
  const stored = Number((await stats.query<{ n: string }>("SELECT count(*) AS n FROM leads WHERE email LIKE 'cliente%'")).rows[0]!.n)

  const per = (value: number) => value / QUOTES
  const captchaAppMs = per(afterCaptchas.app - beforeCaptchas.app)
  const captchaPostgresMs = per(afterCaptchas.postgres - beforeCaptchas.postgres)
  const quoteAppMs = per(after.app - before.app)
  const quotePostgresMs = per(after.postgres - before.postgres)
  // The statements the app sends (each a round trip), and those of the triggers, which fire at the statement's end or
  // at commit and are then counted as statements of their own: told apart by their text in the trigger functions.
  const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()
  const triggerSources = (await stats.query<{ source: string }>("SELECT prosrc AS source FROM pg_proc WHERE prorettype = 'trigger'::regtype")).rows.map((row) =>
    collapse(row.source),
  )
  const byTrigger = (row: (typeof statements)[number]) => triggerSources.some((source) => source.includes(collapse(row.query)))
  const sent = statements.filter((row) => !byTrigger(row))
  const nested = statements.filter(byTrigger)
  const calls = sent.reduce((sum, row) => sum + Number(row.calls), 0)
  const statementMs = statements.reduce((sum, row) => sum + row.total_ms, 0)
  const commits = after.commits - before.commits
  const syncs = after.walSyncs - before.walSyncs

  console.log(
    `\nbench:capacity: ${QUOTES} quotes from ${CONNECTIONS} clients to one app process on PostgreSQL (fsync and synchronous_commit on), ` +
      `${os.availableParallelism()} cores shared by the app, PostgreSQL and the clients; load average ${loadAverage()}`,
  )
  console.log(`quotes: ${(QUOTES / run.seconds).toFixed(0)} per second on this machine, p50 ${run.p50} ms, p99 ${run.p99} ms; stored ${stored} of ${QUOTES}`)
  console.log(`a captcha: app CPU ${captchaAppMs.toFixed(3)} ms, PostgreSQL CPU ${captchaPostgresMs.toFixed(3)} ms`)
  console.log(
    `a quote: app CPU ${quoteAppMs.toFixed(3)} ms, PostgreSQL CPU ${quotePostgresMs.toFixed(3)} ms (every process: backends, WAL writer, checkpointer); ` +
      `${per(commits).toFixed(2)} transactions (${after.rollbacks - before.rollbacks} rolled back in all), ${per(calls).toFixed(2)} statements sent (round trips) ` +
      `and ${per(nested.reduce((sum, row) => sum + Number(row.calls), 0)).toFixed(2)} run by triggers, all of them ${per(statementMs).toFixed(3)} ms in PostgreSQL (lock waits included), WAL ${(per(after.walBytes - before.walBytes) / 1024).toFixed(1)} KiB, ` +
      `${per(syncs).toFixed(2)} WAL flushes (${syncs ? ((after.walSyncMs - before.walSyncMs) / syncs).toFixed(2) : '0'} ms each: commits share them)`,
  )
  const show = (row: (typeof statements)[number]) =>
    console.log(`  ${per(Number(row.calls)).toFixed(2)} x ${(row.total_ms / Number(row.calls)).toFixed(3)} ms  ${row.query.replace(/\s+/g, ' ').slice(0, 110)}`)
  console.log('statements sent per quote (calls per quote x mean time, slowest first):')
  for (const row of sent.filter((row) => Number(row.calls) >= QUOTES / 10)) show(row)
  console.log('statements of the triggers, the five slowest:')
  for (const row of nested.slice(0, 5)) show(row)
  const appPerQuote = quoteAppMs + captchaAppMs
  const postgresPerQuote = quotePostgresMs + captchaPostgresMs
  console.log(
    `per core: ${(1000 / appPerQuote).toFixed(0)} quotes/s of app (a quote and its captcha), ${(1000 / postgresPerQuote).toFixed(0)} quotes/s of PostgreSQL; ` +
      `first bottleneck: ${appPerQuote > postgresPerQuote ? 'the app' : 'PostgreSQL'}`,
  )
  for (const cores of [4, 16]) {
    // Cores shared in proportion to each side's cost, the app in one process per core it gets.
    const perSecond = (cores * 1000) / (appPerQuote + postgresPerQuote)
    const appCores = (cores * appPerQuote) / (appPerQuote + postgresPerQuote)
    console.log(
      `${cores} cores, CPU alone: about ${perSecond.toFixed(0)} quotes/s (${appCores.toFixed(1)} cores of app processes, ${(cores - appCores).toFixed(1)} of PostgreSQL)`,
    )
  }
  console.log(`load average at the end ${loadAverage()}`)
} finally {
  await server?.stop()
  await stats.end()
  await cluster.stop()
}

// The PostgreSQL part of npm run bench:leads: quote submissions per second and p99 with 1, 2 and 4 app processes on
// one PostgreSQL database, beside one process on SQLite measured the same way in the same run.
// BENCH_DATABASE_URL: a PostgreSQL server to use (its user must be allowed CREATE DATABASE), e.g.
// postgres://postgres@127.0.0.1:5432/postgres; without it, a throwaway cluster with the server's durable defaults
// (fsync, synchronous_commit=on) is started in a temporary folder when PostgreSQL's programs are installed.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { readRows } from '#tests/helpers/database.ts'
import { postgresBinDir, startPostgresCluster } from '#tests/helpers/postgres.ts'
import { publicClient, type SolvedCaptcha, solveCaptcha, validQuote } from '#tests/helpers/requests.ts'
import { type RunningServer, startProcesses } from '#tests/helpers/server.ts'

const requests = Number(process.env.BENCH_PG_REQUESTS ?? 8000)
const connections = Number(process.env.BENCH_PG_CONNECTIONS ?? 16)
const processCounts = (process.env.BENCH_PG_PROCESSES ?? '1,2,4').split(',').map(Number)
const CAPTCHA_SECRET = 'bench-captcha-secret-shared-by-the-processes'

if (!process.env.BENCH_DATABASE_URL && !postgresBinDir()) {
  console.log('PostgreSQL: skipped (no BENCH_DATABASE_URL and no PostgreSQL programs under /usr/lib/postgresql)')
  process.exit(0)
}
const cluster = process.env.BENCH_DATABASE_URL ? null : await startPostgresCluster({ durable: true })
const serverUrl = process.env.BENCH_DATABASE_URL ?? cluster!.url('postgres')

async function newDatabase(): Promise<string> {
  const name = `bench_leads_${Date.now().toString(36)}`
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function solveMany(server: RunningServer, count: number): Promise<SolvedCaptcha[]> {
  const client = publicClient(server.url)
  const solved: SolvedCaptcha[] = []
  let asked = 0
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (asked < count) {
        asked++
        solved.push(await solveCaptcha(client))
      }
    }),
  )
  return solved.slice(0, count)
}

/** Sends the bodies to the servers, each server its share at once, `connections` clients in all; one autocannon per server. */
async function submit(servers: RunningServer[], bodies: string[]) {
  const share = Math.ceil(bodies.length / servers.length)
  const started = performance.now()
  const results = await Promise.all(
    servers.map((server, i) => {
      const mine = bodies.slice(i * share, (i + 1) * share)
      let next = 0
      return autocannon({
        url: server.url,
        connections: Math.max(1, Math.round(connections / servers.length)),
        amount: mine.length,
        timeout: 60,
        requests: [
          {
            method: 'POST',
            path: '/trpc/requests.quote',
            headers: { 'content-type': 'application/json', 'x-trpc-source': 'bench' },
            setupRequest: (request) => ({ ...request, body: mine[next++] }),
          },
        ],
      })
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const ok = results.reduce((sum, r) => sum + r['2xx'], 0)
  return {
    ok,
    failed: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    perSecond: ok / seconds,
    // Each process's own percentile; the slowest is the one reported.
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  }
}

async function run(engine: 'sqlite' | 'postgres', count: number) {
  const env = { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', PROOF_OF_WORK_DIFFICULTY: '2', CAPTCHA_SECRET }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-leads-pg-'))
  const database = engine === 'postgres' ? await newDatabase() : path.join(dataDir, 'app.db')
  const servers: RunningServer[] = []
  try {
    servers.push(...(await startProcesses(count, { ...env, DATABASE_PATH: database })))
    // Warm-up: JIT, pools, caches.
    const warm = await solveMany(servers[0]!, 400)
    await submit(
      servers,
      warm.map((captcha, i) => JSON.stringify({ ...validQuote({ email: `riscaldamento${i}@example.com` }), ...captcha })),
    )
    const solved = await solveMany(servers[0]!, requests)
    const before = readRows<{ n: number }>(database, 'select count(*) as n from leads')[0]!.n
    const result = await submit(
      servers,
      solved.map((captcha, i) => JSON.stringify({ ...validQuote({ fullName: `Cliente ${i}`, email: `cliente${i}@example.com` }), ...captcha })),
    )
    const stored = readRows<{ n: number }>(database, 'select count(*) as n from leads')[0]!.n - before
    return { ...result, stored }
  } finally {
    for (const server of servers) await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

console.log(
  `\nSQLite and PostgreSQL side by side (${requests} quotes without attachments, ${connections} clients, ${os.cpus().length} cores, PostgreSQL ${cluster ? 'in a throwaway cluster on this machine, fsync and synchronous_commit on' : 'at BENCH_DATABASE_URL'})`,
)
const lines: string[] = []
const line = (label: string, r: Awaited<ReturnType<typeof run>>) =>
  `${label}: ${r.perSecond.toFixed(0)} quotes/s, p50 ${r.p50} ms, p99 ${r.p99} ms; acknowledged ${r.ok}, refused ${r.failed}, stored ${r.stored} (${r.stored === r.ok ? 'equal' : 'DIFFERENT'})`
try {
  lines.push(line('SQLite, 1 process', await run('sqlite', 1)))
  console.log(lines.at(-1))
  for (const count of processCounts) {
    const result = await run('postgres', count)
    let text = line(`PostgreSQL, ${count} process${count > 1 ? 'es' : ''}`, result)
    if (count === 2) text += ` [target >= 1,000 quotes/s with p99 <= 50 ms: ${result.perSecond >= 1000 && result.p99 <= 50 ? 'met' : 'not met'}]`
    console.log(text)
  }
} finally {
  await cluster?.stop()
}

// npm run bench:admin (second part): the leads and requesters lists, the match query and the CSV export on 1,000,000 leads.
// The database (BENCH_LEADS_DB, default .tmp/bench-leads.db) is seeded once with 1,000,000 leads from 300,000 e-mails and reused.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { openDatabase } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { listLeads } from '#server/repositories/admin-leads.ts'
import { findMatchingArtisans } from '#server/repositories/matching.ts'
import { listRequesters } from '#server/repositories/requesters.ts'
import { createAdmin, signIn } from '#tests/helpers/admin.ts'
import { startServer } from '#tests/helpers/server.ts'

const root = path.resolve(import.meta.dirname, '..')
const databasePath = path.resolve(root, process.env.BENCH_LEADS_DB ?? '.tmp/bench-leads.db')
const LEADS = 1_000_000
const REQUESTERS = 300_000
const RUNS = Number(process.env.BENCH_RUNS ?? 60)
const TARGET_MS = 50

function seededCount(): number {
  if (!fs.existsSync(databasePath)) return 0
  const { sqlite } = openDatabase(databasePath)
  try {
    return (sqlite.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'leads'").get() as { n: number }).n
      ? (sqlite.prepare('SELECT count(*) AS n FROM leads').get() as { n: number }).n
      : 0
  } finally {
    sqlite.close()
  }
}

if (seededCount() < LEADS) {
  fs.rmSync(databasePath, { force: true })
  console.log(`seeding ${databasePath} with ${LEADS.toLocaleString('en')} leads from ${REQUESTERS.toLocaleString('en')} e-mails...`)
  const started = performance.now()
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed-demo.ts', '--leads', String(LEADS), '--requesters', String(REQUESTERS), '--artisans', '2000', '--db', databasePath],
    { cwd: root, stdio: 'inherit' },
  )
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

const { db, sqlite } = openDatabase(databasePath)
await migrateToLatest(db)

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function measure(label: string, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run(i)
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await run(i)
    samples.push(performance.now() - started)
  }
  const p95 = percentile(samples, 95)
  console.log(
    `${label}: p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target <= ${TARGET_MS} ms) ${p95 <= TARGET_MS ? 'OK' : 'OVER'}`,
  )
}

const totals = sqlite.prepare('SELECT (SELECT count(*) FROM leads) AS leads, (SELECT count(*) FROM requesters) AS requesters').get()
console.log(`database ${databasePath}: ${JSON.stringify(totals)}`)

await measure('admin.leads.list first page', () => listLeads(db, {}, 1))
const twoFilters = { service: 'elettricista', status: 'contattato' } as const
const { pageCount } = await listLeads(db, twoFilters, 1)
const middle = Math.max(1, Math.floor(pageCount / 2))
await measure(`admin.leads.list page ${middle} of ${pageCount}, service + status`, () => listLeads(db, twoFilters, middle))
await measure('admin.leads.list first page, name fragment "ross" + date range', () => listLeads(db, { name: 'ross', from: '2025-06-01', to: '2025-12-31' }, 1))
await measure('admin.requesters.list first page', () => listRequesters(db, {}, 1))
const fragments = ['giulia.ro', 'marco.bi', 'conti1', 'sala2', 'ferrari33', 'gmail', 'ricci9']
await measure('admin.requesters.list e-mail fragment', (i) => listRequesters(db, { email: fragments[i % fragments.length] }, 1))
const leadIds = (sqlite.prepare("SELECT id FROM leads WHERE kind = 'quote' ORDER BY random() LIMIT 200").all() as { id: number }[]).map((r) => r.id)
const leadsForMatch = leadIds.map((id) => sqlite.prepare('SELECT service_id, comune_slug, location_label FROM leads WHERE id = ?').get(id))
await measure('match query', (i) => findMatchingArtisans(db, leadsForMatch[i % leadsForMatch.length] as never))
await db.destroy()

// The CSV export through the real server, signed in, sampling the server's resident memory while it streams.
const server = await startServer({ DATABASE_PATH: databasePath, LOG_LEVEL: 'warn' })
try {
  const email = `bench-${Date.now()}@artigianimilano.it`
  await createAdmin(databasePath, email, 'bench-password-123')
  const { cookie } = await signIn(server.url, email, 'bench-password-123')
  const rss = () => Number(fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024

  async function exportCsv(query: string) {
    const before = rss()
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss())
    }, 10)
    const started = performance.now()
    const response = await fetch(`${server.url}/admin/export/leads.csv?${query}`, { headers: { cookie } })
    let bytes = 0
    let lines = 0
    const reader = response.body!.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.length
      for (const byte of value) if (byte === 10) lines++
    }
    clearInterval(sampler)
    const seconds = (performance.now() - started) / 1000
    console.log(
      `CSV export ${query}: ${(lines - 1).toLocaleString('en')} rows, ${(bytes / 1048576).toFixed(1)} MiB in ${seconds.toFixed(2)} s; ` +
        `server RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)} MiB)`,
    )
  }
  // About 10,000 and then about 100,000 rows (newest first): memory must not grow with the row count.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
  await exportCsv(`from=${day(7)}`)
  await exportCsv(`from=${day(73)}`)
} finally {
  await server.stop()
}

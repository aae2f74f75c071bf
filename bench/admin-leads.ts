// npm run bench:admin (second part): the leads and requesters lists, the match query, the craftsmen's answers (their
// statistics, the dashboard's waiting leads and response figures) and the CSV export on 1,000,000 leads.
// The database (BENCH_LEADS_DB, default .tmp/bench-leads.db) is seeded once with 1,000,000 leads from 300,000 e-mails
// and reused; a database seeded before the craftsmen answered offers (no timeline events) is seeded again.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { openDatabase } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { listLeads } from '#server/repositories/admin-leads.ts'
import {
  ARTISAN_OFFERS_PAGE_SIZE,
  artisanOffers,
  artisanResponseStats,
  responseMetrics,
  WAITING_LIST_SIZE,
  waitingLeads,
} from '#server/repositories/response-metrics.ts'
import { findMatchingArtisans } from '#server/repositories/matching.ts'
import { promiseKept } from '#server/repositories/promise.ts'
import { statisticsReport } from '#server/analytics/report.ts'
import { visitsByPath } from '#server/repositories/statistics.ts'
import { addDays, romeDay } from '#shared/italian-time.ts'
import { listRequesters } from '#server/repositories/requesters.ts'
import { createAdmin, signIn } from '#tests/helpers/admin.ts'
import { startServer } from '#tests/helpers/server.ts'

const root = path.resolve(import.meta.dirname, '..')
const databasePath = path.resolve(root, process.env.BENCH_LEADS_DB ?? '.tmp/bench-leads.db')
const LEADS = 1_000_000
const REQUESTERS = 300_000
const RUNS = Number(process.env.BENCH_RUNS ?? 60)
const TARGET_MS = 50

/** Whether the file holds the full set: 1,000,000 leads, with the offers' answers and timelines. */
function seeded(): boolean {
  if (!fs.existsSync(databasePath)) return false
  const { sqlite } = openDatabase(databasePath)
  try {
    const has = (table: string) => !!sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)
    if (!has('leads') || !has('lead_events')) return false
    const count = (sql: string) => (sqlite.prepare(sql).get() as { n: number }).n
    if (!has('page_visit_days')) return false
    // Seeded before the promise of a call (migration 2026_11_26_0951): its due times are missing.
    if (!sqlite.prepare("SELECT 1 FROM pragma_table_info('leads') WHERE name = 'promise_due_at'").get()) return false
    return (
      count('SELECT count(*) AS n FROM leads') >= LEADS &&
      count('SELECT count(*) AS n FROM (SELECT 1 FROM lead_events LIMIT 1)') > 0 &&
      count('SELECT count(*) AS n FROM (SELECT 1 FROM page_visit_days LIMIT 1)') > 0
    )
  } finally {
    sqlite.close()
  }
}

if (!seeded()) {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${databasePath}${suffix}`, { force: true })
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

async function measure(label: string, run: (i: number) => Promise<unknown>, target = TARGET_MS) {
  for (let i = 0; i < 3; i++) await run(i)
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await run(i)
    samples.push(performance.now() - started)
  }
  const p95 = percentile(samples, 95)
  console.log(`${label}: p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target <= ${target} ms) ${p95 <= target ? 'OK' : 'OVER'}`)
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
// The dispatcher's question: the best matches of a lead by coverage, status, pause and order, as server/dispatch asks it.
const coverage = sqlite.prepare('SELECT (SELECT count(*) FROM artisans) AS artisans, (SELECT count(*) FROM artisan_coverage_comuni) AS covered_comuni').get()
console.log(`coverage: ${JSON.stringify(coverage)}`)
const dispatchLeads = sqlite
  .prepare(
    "SELECT service_id, comune_slug, location_label, preferred_artisan_id FROM leads WHERE kind = 'quote' AND comune_slug IS NOT NULL AND service_id <> 'altro' ORDER BY random() LIMIT 200",
  )
  .all()
let candidates = 0
for (const lead of dispatchLeads) candidates += (await findMatchingArtisans(db, lead as never, new Date(), 50)).candidates.length
console.log(`dispatch: ${(candidates / dispatchLeads.length).toFixed(1)} candidates a lead on average (of at most 50)`)
await measure('dispatch query (best matches of a lead)', (i) => findMatchingArtisans(db, dispatchLeads[i % dispatchLeads.length] as never, new Date(), 50), 20)

// How craftsmen answer: each craftsman's page, the dashboard's waiting leads and 30-day figures.
const loop = sqlite
  .prepare(`SELECT (SELECT count(*) FROM lead_assignments) AS offers, (SELECT count(*) FROM lead_events) AS events,
    (SELECT count(*) FROM lead_ratings) AS ratings, (SELECT count(*) FROM leads WHERE awaiting_answer_since IS NOT NULL) AS awaiting`)
  .get()
console.log(`marketplace loop: ${JSON.stringify(loop)}`)
const busiest = sqlite.prepare('SELECT artisan_id AS id, offers FROM artisan_response_totals ORDER BY offers DESC LIMIT 1').get() as {
  id: number
  offers: number
}
const sampleArtisans = (sqlite.prepare('SELECT artisan_id AS id FROM artisan_response_totals ORDER BY random() LIMIT 200').all() as { id: number }[]).map(
  (row) => row.id,
)
const offerPages = Math.max(1, Math.ceil(busiest.offers / ARTISAN_OFFERS_PAGE_SIZE))
await measure(`craftsman statistics, busiest craftsman (${busiest.offers.toLocaleString('en')} offers)`, () => artisanResponseStats(db, busiest.id))
await measure('craftsman statistics, 200 craftsmen at random', (i) => artisanResponseStats(db, sampleArtisans[i % sampleArtisans.length]!))
await measure('offers of the busiest craftsman, page 1', () => artisanOffers(db, busiest.id, 1))
await measure(`offers of the busiest craftsman, page ${Math.ceil(offerPages / 2)} of ${offerPages}`, () =>
  artisanOffers(db, busiest.id, Math.ceil(offerPages / 2)),
)
const cutoff = () => new Date(Date.now() - 24 * 3_600_000).toISOString()
const waiting = await waitingLeads(db, cutoff())
console.log(`waiting leads: ${waiting.total.toLocaleString('en')} waiting longer than 24 hours`)
await measure('waiting leads (dashboard)', () => waitingLeads(db, cutoff()))
await measure('waiting leads with automatic dispatch on (dashboard)', () => waitingLeads(db, cutoff(), WAITING_LIST_SIZE, true))
await measure('response figures over 30 days (dashboard)', () => responseMetrics(db))
console.log(`promise kept over 30 days: ${JSON.stringify(await promiseKept(db))}`)
await measure('promise kept over 30 days (dashboard)', () => promiseKept(db))

// Statistiche: two years of daily visits of every page, and the requests of the period.
const visitRows = sqlite
  .prepare(
    'SELECT (SELECT count(*) FROM page_visits) AS bySource, (SELECT count(*) FROM page_visit_days) AS byPage, (SELECT count(*) FROM visit_paths) AS pages',
  )
  .get()
console.log(`visits: ${JSON.stringify(visitRows)}`)
// The periods end on the database's last day with requests (today when it was seeded today), as in admin-postgres.ts.
const lastDay = (sqlite.prepare("SELECT max(day) AS day FROM lead_days WHERE dimension = 'all'").get() as { day: string | null }).day
const today = lastDay && lastDay < romeDay(Date.now()) ? lastDay : romeDay(Date.now())
for (const days of [7, 30, 90, 730]) {
  const period = { from: addDays(today, 1 - days), to: today }
  await measure(`statistics report, last ${days} days`, () => statisticsReport(db, period))
}
const year = { from: addDays(today, -364), to: today }
await measure('statistics: visits by page over a year', () => visitsByPath(db, year.from, year.to))
await db.destroy()

// The CSV export through the real server, signed in, sampling the server's resident memory while it streams.
const server = await startServer({ DATABASE_PATH: databasePath, LOG_LEVEL: 'warn' })
try {
  const email = `bench-${Date.now()}@artigianimilano.it`
  await createAdmin(databasePath, email, 'bench-password-123')
  const { cookie, trpc } = await signIn(server.url, email, 'bench-password-123')
  // The same through HTTP and tRPC, as the back office asks for them.
  await measure('admin.dashboard.responses over HTTP', () => trpc.admin.dashboard.responses.query())
  await measure('admin.artisans.responses over HTTP, busiest craftsman', () => trpc.admin.artisans.responses.query({ id: busiest.id, page: 1 }))
  await measure('admin.statistics.report over HTTP, last 30 days', () => trpc.admin.statistics.report.query({ from: addDays(today, -29), to: today }))
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

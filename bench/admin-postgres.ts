// npm run bench:admin (third part): the back office's lists on 1,000,000 leads, SQLite and PostgreSQL side by side.
// The PostgreSQL database is bench:admin's SQLite one (.tmp/bench-leads.db) moved by db:copy.
// BENCH_DATABASE_URL: a PostgreSQL server whose user may CREATE DATABASE; without it, a throwaway cluster with the
// server's durable defaults is started in a temporary folder when PostgreSQL's programs are installed.
// BENCH_POSTGRES_COPY: a database kept between runs, as the copy takes minutes: the first run creates it on its server
// and copies into it, later runs reuse it while it holds as many leads as the SQLite file.
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { type DB, openDatabase, openPostgres } from '#db/client.ts'
import { copyDatabase } from '#db/copy.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { statisticsReport } from '#server/analytics/report.ts'
import { listLeads } from '#server/repositories/admin-leads.ts'
import { listArtisans } from '#server/repositories/artisans.ts'
import { listContactMessages } from '#server/repositories/contact-messages.ts'
import { dashboardStats } from '#server/repositories/dashboard.ts'
import { unassignedLeads } from '#server/repositories/dispatch.ts'
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
import { listRequesters } from '#server/repositories/requesters.ts'
import { listReviews } from '#server/repositories/reviews.ts'
import { visitsByPath } from '#server/repositories/statistics.ts'
import { addDays, romeDay } from '#shared/italian-time.ts'
import { postgresBinDir, startPostgresCluster } from '#tests/helpers/postgres.ts'
import { loadAverage } from './lib/machine.ts'

const root = path.resolve(import.meta.dirname, '..')
const sqlitePath = path.resolve(root, process.env.BENCH_LEADS_DB ?? '.tmp/bench-leads.db')
const RUNS = Number(process.env.BENCH_RUNS ?? 60)
/** Issue 34: every list, search, count and report of the back office within 25 ms at p95, on both engines. */
const TARGET_MS = 25

const given = process.env.BENCH_DATABASE_URL ?? process.env.BENCH_POSTGRES_COPY
if (!given && !postgresBinDir()) {
  console.log('PostgreSQL: skipped (no BENCH_DATABASE_URL and no PostgreSQL programs under /usr/lib/postgresql)')
  process.exit(0)
}
const cluster = given ? null : await startPostgresCluster({ durable: true })
const serverUrl = given ?? cluster!.url('postgres')

const sqlite = openDatabase(sqlitePath).db
await migrateToLatest(sqlite)
const leadCount = async (db: DB) => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM leads`.execute(db)).rows[0]?.n ?? 0)

const kept = process.env.BENCH_POSTGRES_COPY ? new URL(process.env.BENCH_POSTGRES_COPY) : null
const copyUrl = kept ?? new URL(serverUrl)
if (!kept) copyUrl.pathname = `/bench_admin_${Date.now().toString(36)}`
const copyName = decodeURIComponent(copyUrl.pathname.slice(1))
const serverOfCopy = new URL(copyUrl)
serverOfCopy.pathname = '/postgres'
const admin = new pg.Client({ connectionString: serverOfCopy.toString() })
await admin.connect()
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [copyName])).rowCount === 1
if (!exists) await admin.query(`CREATE DATABASE "${copyName.replaceAll('"', '""')}"`)
const postgres = openPostgres(copyUrl.toString(), 4)
const reuse = exists && (await leadCount(postgres).catch(() => -1)) === (await leadCount(sqlite))
if (reuse) {
  await migrateToLatest(postgres)
  await sql`VACUUM ANALYZE`.execute(postgres)
  console.log(`\nPostgreSQL: the copy kept in ${copyName} (${(await leadCount(postgres)).toLocaleString('en')} leads), migrated and analysed`)
} else {
  const copyStarted = performance.now()
  const report = await copyDatabase(sqlite, postgres)
  const leads = report.find((line) => line.table === 'leads')?.target ?? 0
  console.log(
    `\nPostgreSQL: ${leads.toLocaleString('en')} leads copied from ${sqlitePath} by db:copy (VACUUM ANALYZE included) in ${((performance.now() - copyStarted) / 1000).toFixed(0)} s (${cluster ? 'throwaway cluster on this machine' : 'given server'})`,
  )
}
try {
  const percentile = (samples: number[], p: number) =>
    [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)]!
  async function p95(db: DB, run: (db: DB, i: number) => Promise<unknown>, runs: number) {
    for (let i = 0; i < 3; i++) await run(db, i)
    const samples: number[] = []
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      await run(db, i)
      samples.push(performance.now() - started)
    }
    return percentile(samples, 95)
  }
  /** The machine's load over the last minute, five and fifteen: figures taken on a busy machine are only indicative. */
  const load = () => `load ${loadAverage()}`
  const results: Array<{ label: string; met: boolean }> = []
  async function compare(label: string, run: (db: DB, i: number) => Promise<unknown>, target = TARGET_MS, runs = RUNS) {
    const [onSqlite, onPostgres] = [await p95(sqlite, run, runs), await p95(postgres, run, runs)]
    const verdict = (ms: number) => (ms <= target ? 'met' : 'not met')
    results.push({ label, met: onSqlite <= target && onPostgres <= target })
    console.log(
      `${label}: SQLite p95 ${onSqlite.toFixed(1)} ms (${verdict(onSqlite)}), PostgreSQL p95 ${onPostgres.toFixed(1)} ms (${verdict(onPostgres)}); target <= ${target} ms; ${load()}`,
    )
  }

  // The periods end on the copy's last day with requests (today when it was seeded today), so that every period,
  // "last 1 days" included, reads days with data whenever the benchmark runs.
  const lastDay = (await sql<{ day: string | null }>`SELECT max(day) AS day FROM lead_days WHERE dimension = 'all'`.execute(sqlite)).rows[0]?.day
  const today = lastDay && lastDay < romeDay(Date.now()) ? lastDay : romeDay(Date.now())
  const fragments = ['giulia.ro', 'marco.bi', 'conti1', 'sala2', 'ferrari33', 'gmail', 'ricci9']
  const sample = (
    await sql<{
      service_id: string
      comune_slug: string
      location_label: string
    }>`SELECT service_id, comune_slug, location_label FROM leads WHERE kind = 'quote' AND id % 5000 = 0 LIMIT 200`.execute(sqlite)
  ).rows
  console.log(`${RUNS} runs each after 3 warm-up runs; every list, search, count and report has the target <= ${TARGET_MS} ms (issue 34); ${load()}`)
  await compare('admin.leads.list first page', (db) => listLeads(db, {}, 1))
  await compare('admin.leads.list page 500, service + status', (db) => listLeads(db, { service: 'elettricista', status: 'contattato' }, 500))
  await compare('admin.leads.list name fragment "ross" + date range', (db) => listLeads(db, { name: 'ross', from: '2025-06-01', to: '2025-12-31' }, 1))
  await compare('admin.leads.list name fragment "ross"', (db) => listLeads(db, { name: 'ross' }, 1))
  await compare('admin.leads.list e-mail fragment', (db, i) => listLeads(db, { email: fragments[i % fragments.length] }, 1))
  await compare('admin.requesters.list first page', (db) => listRequesters(db, {}, 1))
  await compare('admin.requesters.list e-mail fragment', (db, i) => listRequesters(db, { email: fragments[i % fragments.length] }, 1))
  await compare('admin.requesters.list name fragment "ross"', (db) => listRequesters(db, { name: 'ross' }, 1))
  await compare('admin.messages.list first page', (db) => listContactMessages(db, {}, 1))
  await compare('admin.artisans.list first page', (db) => listArtisans(db, {}, 1, 20))
  await compare('admin.reviews.list first page', (db) => listReviews(db, {}, 1))
  await compare('match query', (db, i) => findMatchingArtisans(db, sample[i % sample.length] as never))
  const dispatchSample = (
    await sql<{
      service_id: string
      comune_slug: string
      location_label: string
    }>`SELECT service_id, comune_slug, location_label FROM leads WHERE kind = 'quote' AND comune_slug IS NOT NULL AND service_id <> 'altro' AND id % 5000 = 0 LIMIT 200`.execute(
      sqlite,
    )
  ).rows
  await compare(
    'dispatch query (best matches of a lead)',
    (db, i) => findMatchingArtisans(db, dispatchSample[i % dispatchSample.length] as never, new Date(), 50),
    20,
  )
  await compare('waiting leads (dashboard)', (db) => waitingLeads(db, new Date(Date.now() - 24 * 3_600_000).toISOString()))
  await compare('waiting leads with automatic dispatch on (dashboard)', (db) =>
    waitingLeads(db, new Date(Date.now() - 24 * 3_600_000).toISOString(), WAITING_LIST_SIZE, true),
  )
  await compare('leads automatic dispatch gave back (dashboard)', (db) => unassignedLeads(db))
  await compare('response figures over 30 days (dashboard)', (db) => responseMetrics(db))
  await compare('promise kept over 30 days (dashboard)', (db) => promiseKept(db))
  // Over a second a run at 1,000,000 leads (every e-mail of the leads for the newsletter's reach): 10 runs, not 60.
  await compare('dashboard figures (leads and new requesters over 30 days, newsletter reach), 10 runs', (db) => dashboardStats(db), TARGET_MS, 10)
  const busiest = (
    await sql<{ id: number; offers: number }>`SELECT artisan_id AS id, offers FROM artisan_response_totals ORDER BY offers DESC, artisan_id LIMIT 1`.execute(
      sqlite,
    )
  ).rows[0]!
  const offerPages = Math.max(1, Math.ceil(Number(busiest.offers) / ARTISAN_OFFERS_PAGE_SIZE))
  await compare(`craftsman statistics, busiest craftsman (${Number(busiest.offers).toLocaleString('en')} offers)`, (db) => artisanResponseStats(db, busiest.id))
  await compare('offers of the busiest craftsman, page 1', (db) => artisanOffers(db, busiest.id, 1))
  await compare(`offers of the busiest craftsman, page ${Math.ceil(offerPages / 2)} of ${offerPages}`, (db) =>
    artisanOffers(db, busiest.id, Math.ceil(offerPages / 2)),
  )
  for (const days of [1, 7, 30, 90, 730]) {
    await compare(`statistics report, last ${days} days`, (db) => statisticsReport(db, { from: addDays(today, 1 - days), to: today }))
  }
  await compare('statistics: visits by page over a year', (db) => visitsByPath(db, addDays(today, -364), today))
  const notMet = results.filter((result) => !result.met)
  console.log(
    notMet.length
      ? `not met on at least one engine: ${notMet.map((result) => result.label).join('; ')}`
      : `every list, search, count and report met its target on both engines`,
  )
} finally {
  await sqlite.destroy()
  await postgres.destroy()
  if (!kept) await admin.query(`DROP DATABASE "${copyName}"`).catch(() => undefined)
  await admin.end()
  await cluster?.stop()
}

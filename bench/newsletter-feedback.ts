// bench:newsletter, second part: how long an exact segment count takes over 1,000,000 leads (target <= 200 ms), and
// 10,000 SES bounce and complaint notifications through POST /webhooks/ses (target <= 10 s) with the server's event
// loop never blocked more than 50 ms. The leads database is bench:admin's (BENCH_LEADS_DB, seeded once and reused).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { serve } from '@hono/node-server'
import { openDatabase } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { loadEnv } from '#server/env.ts'
import { createSesWebhookRoutes } from '#server/http/ses-webhook.ts'
import { createLogger } from '#server/logger.ts'
import { countSegmentRecipients } from '#server/repositories/newsletter-segments.ts'
import type { Segment } from '#shared/schemas/newsletter.ts'
import { sesNotification, startFakeSns, TOPIC } from '#tests/helpers/sns.ts'

const root = path.resolve(import.meta.dirname, '..')
const leadsDatabase = path.resolve(root, process.env.BENCH_LEADS_DB ?? '.tmp/bench-leads.db')
const RUNS = Number(process.env.BENCH_RUNS ?? 20)
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const SEGMENT_TARGET_MS = 200
const NOTIFICATIONS_TARGET_S = 10
const BLOCKED_TARGET_MS = 50

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

// ---- Segments over 1,000,000 leads ----------------------------------------------------------------------------------
if (!fs.existsSync(leadsDatabase)) {
  console.log(`seeding ${leadsDatabase} with 1,000,000 leads from 300,000 e-mails...`)
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed-demo.ts', '--leads', '1000000', '--requesters', '300000', '--artisans', '2000', '--db', leadsDatabase],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
}
{
  const { db, sqlite } = openDatabase(leadsDatabase)
  const migrating = performance.now()
  const applied = await migrateToLatest(db)
  if (applied.length) console.log(`migrated (${applied.join(', ')}) in ${((performance.now() - migrating) / 1000).toFixed(1)} s`)
  const leads = (sqlite.prepare('select count(*) as n from leads').get() as { n: number }).n
  const top = sqlite.prepare('select service_id, count(*) as n from leads where service_id is not null group by service_id order by n desc limit 1').get() as {
    service_id: string
    n: number
  }
  const busiestComuni = (
    sqlite.prepare('select comune_slug from leads where comune_slug is not null group by comune_slug order by count(*) desc limit 3').all() as {
      comune_slug: string
    }[]
  ).map((row) => row.comune_slug)
  const empty: Partial<Segment> = { services: [], categories: [], towns: [], sectors: [], zones: [], statuses: [] }
  const cases: [string, 'users' | 'artisans', Partial<Segment>][] = [
    ['all requesters', 'users', {}],
    [`requesters of the busiest service (${top.service_id}, ${top.n.toLocaleString('en')} leads)`, 'users', { services: [top.service_id] }],
    ['requesters of a category (servizi-casa)', 'users', { categories: ['servizi-casa'] }],
    [`busiest service in the busiest town (${busiestComuni[0]})`, 'users', { services: [top.service_id], towns: [busiestComuni[0]!] }],
    ['three busiest towns, last 365 days', 'users', { towns: busiestComuni, from: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10) }],
    ['every request of the last year, no other filter', 'users', { from: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10) }],
    ['active electricians in Rho (craftsmen)', 'artisans', { sectors: ['Elettricista'], zones: ['Rho'], statuses: ['active'] }],
  ]
  console.log(`\nsegment counts over ${leads.toLocaleString('en')} leads, ${RUNS} runs each (target p95 <= ${SEGMENT_TARGET_MS} ms):`)
  for (const [name, group, segment] of cases) {
    const times: number[] = []
    let count = 0
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      count = await countSegmentRecipients(db, group, { ...empty, ...segment })
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const p95 = percentile(times, 95)
    console.log(
      `  ${name}: ${count.toLocaleString('en')} recipients, p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms ${p95 <= SEGMENT_TARGET_MS ? 'met' : 'NOT met'}`,
    )
  }
  await db.destroy()
}

// ---- 10,000 notifications through the webhook ------------------------------------------------------------------------
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artigiani-bench-feedback-'))
const sns = await startFakeSns()
try {
  const { db, sqlite } = openDatabase(path.join(dir, 'app.db'))
  await migrateToLatest(db)
  const at = new Date().toISOString()
  sqlite
    .prepare(
      "insert into newsletter_jobs (id, subject, body_html, target_group, status, idempotency_key, created_at, updated_at) values (1, 'Bench', '<p>x</p>', 'users', 'completed', 'bench', ?, ?)",
    )
    .run(at, at)
  const insert = sqlite.prepare(
    "insert into newsletter_deliveries (job_id, email, email_normalized, status, sent_at, message_id) values (1, ?, ?, 'sent', ?, ?)",
  )
  sqlite.transaction(() => {
    for (let i = 0; i < NOTIFICATIONS; i++) insert.run(`r${i}@example.com`, `r${i}@example.com`, at, `ses-${i}`)
  })()

  // 70% permanent bounces, 20% transient, 10% complaints, signed before the clock starts.
  const signing = performance.now()
  const bodies = Array.from({ length: NOTIFICATIONS }, (_, i) => {
    const mail = { messageId: `ses-${i}`, to: `r${i}@example.com` }
    const kind = i % 10
    return sns.notification(
      kind < 7 ? sesNotification('Bounce', mail) : kind < 9 ? sesNotification('Bounce', mail, { bounceType: 'Transient' }) : sesNotification('Complaint', mail),
    )
  })
  console.log(`\n${NOTIFICATIONS.toLocaleString('en')} SNS notifications signed in ${((performance.now() - signing) / 1000).toFixed(1)} s (not measured)`)

  const env = loadEnv({ NODE_ENV: 'production', SES_SNS_TOPIC_ARNS: TOPIC, NOTIFY_EMAIL: 'richieste@artigianimilano.it' })
  const app = createSesWebhookRoutes({ db, env, logger: createLogger('error'), hostPattern: sns.hostPattern })
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/ses`

  // The client runs in a worker thread: the event loop measured here is the server's alone. The bodies are handed over
  // (a copy of some 30 MB) before the clock starts.
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads')
    const { url, bodies, concurrency } = workerData
    parentPort.once('message', () => {
      const statuses = {}
      let next = 0
      async function lane() {
        while (next < bodies.length) {
          const body = bodies[next++]
          const response = await fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'text/plain; charset=UTF-8' } })
          await response.arrayBuffer()
          statuses[response.status] = (statuses[response.status] ?? 0) + 1
        }
      }
      Promise.all(Array.from({ length: concurrency }, lane)).then(() => parentPort.postMessage(statuses))
    })
    parentPort.postMessage('ready')`,
    { eval: true, workerData: { url, bodies, concurrency: CONCURRENCY } },
  )
  await new Promise((resolve) => worker.once('message', resolve))
  bodies.length = 0
  const loop = monitorEventLoopDelay({ resolution: 5 })
  loop.enable()
  const started = performance.now()
  const statuses = await new Promise<Record<string, number>>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.postMessage('go')
  })
  await worker.terminate()
  const seconds = (performance.now() - started) / 1000
  loop.disable()
  server.close()
  const suppressed = (sqlite.prepare('select count(*) as n from email_suppressions').get() as { n: number }).n
  const events = (sqlite.prepare('select count(*) as n from email_events').get() as { n: number }).n
  const blockedMs = loop.max / 1e6
  console.log(
    `${NOTIFICATIONS.toLocaleString('en')} notifications (${CONCURRENCY} at a time): ${seconds.toFixed(2)} s, ${(NOTIFICATIONS / seconds).toFixed(0)}/s ${seconds <= NOTIFICATIONS_TARGET_S ? 'met' : 'NOT met'} (target <= ${NOTIFICATIONS_TARGET_S} s); answers ${JSON.stringify(statuses)}`,
  )
  console.log(
    `event loop delay while processing: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${blockedMs.toFixed(1)} ms ${blockedMs <= BLOCKED_TARGET_MS ? 'met' : 'NOT met'} (target max <= ${BLOCKED_TARGET_MS} ms)`,
  )
  console.log(
    `stored: ${events.toLocaleString('en')} events, ${suppressed.toLocaleString('en')} suppressed addresses (expected ${Math.round(NOTIFICATIONS * 0.8).toLocaleString('en')}: bounces and complaints)`,
  )
  await db.destroy()
} finally {
  await sns.stop()
  fs.rmSync(dir, { recursive: true, force: true })
}

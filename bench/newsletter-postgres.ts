// npm run bench:newsletter (second part): three app processes on one PostgreSQL database send one 3,000-recipient
// campaign with MAIL_RATE_PER_SECOND=200, which is one schedule for the three (mail_send_slots), not 200 each.
// Target: the rate received by SES within 5% of 200/s, every recipient mailed once.
// BENCH_DATABASE_URL: a PostgreSQL server whose user may CREATE DATABASE; without it, a throwaway cluster with the
// server's durable defaults is started in a temporary folder when PostgreSQL's programs are installed.
import pg from 'pg'
import { createAdmin, signIn } from '#tests/helpers/admin.ts'
import { readRows } from '#tests/helpers/database.ts'
import { campaignToRequesters, seedRequesters } from '#tests/helpers/newsletter.ts'
import { postgresBinDir, startPostgresCluster } from '#tests/helpers/postgres.ts'
import { type RunningServer, startProcesses } from '#tests/helpers/server.ts'
import { mailEnv, startSes } from '#tests/helpers/ses.ts'

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3)
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 3000)
const RATE = Number(process.env.BENCH_RATE ?? 200)
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW_SECONDS ?? 10)
const ADMIN = { email: 'bench@artigianimilano.it', password: 'una-password-lunga-2026' }

if (!process.env.BENCH_DATABASE_URL && !postgresBinDir()) {
  console.log('PostgreSQL: skipped (no BENCH_DATABASE_URL and no PostgreSQL programs under /usr/lib/postgresql)')
  process.exit(0)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const cluster = process.env.BENCH_DATABASE_URL ? null : await startPostgresCluster({ durable: true })
const serverUrl = process.env.BENCH_DATABASE_URL ?? cluster!.url('postgres')
const name = `bench_newsletter_${Date.now().toString(36)}`
const client = new pg.Client({ connectionString: serverUrl })
await client.connect()
await client.query(`CREATE DATABASE "${name}"`)
await client.end()
const url = new URL(serverUrl)
url.pathname = `/${name}`
const database = url.toString()

const ses = await startSes()
const servers: RunningServer[] = []
try {
  servers.push(...(await startProcesses(PROCESSES, { ...mailEnv(ses), MAIL_RATE_PER_SECOND: String(RATE), DATABASE_PATH: database, LOG_LEVEL: 'warn' })))
  seedRequesters(database, RECIPIENTS)
  await createAdmin(database, ADMIN.email, ADMIN.password)
  const { trpc } = await signIn(servers[0]!.url, ADMIN.email, ADMIN.password)
  const { job } = await campaignToRequesters(trpc, 'Bench tre processi', '<h1>Novità</h1><p>Offerte del mese per la casa.</p>')

  // Warm-up, then a bounded window counted by what the emulator received.
  await sleep(2000)
  await ses.clear()
  const startedAt = performance.now()
  await sleep(WINDOW_SECONDS * 1000)
  const received = (await ses.emails()).length
  const rate = received / ((performance.now() - startedAt) / 1000)

  let done = await trpc.admin.newsletter.byId.query({ id: job.id })
  while (done.status !== 'completed') {
    await sleep(500)
    done = await trpc.admin.newsletter.byId.query({ id: job.id })
  }
  const shares = readRows<{ n: number }>(
    database,
    'SELECT count(*) AS n FROM newsletter_deliveries WHERE job_id = ? GROUP BY claimed_by ORDER BY n DESC',
    job.id,
  )
  const twice = readRows<{ n: number }>(
    database,
    "SELECT count(*) AS n FROM (SELECT email_normalized FROM newsletter_deliveries WHERE job_id = ? AND status = 'sent' GROUP BY email_normalized HAVING count(*) > 1) d",
    job.id,
  )[0]!.n
  const off = Math.abs(rate / RATE - 1) * 100
  console.log(
    `\n${PROCESSES} processes on one PostgreSQL database (${cluster ? 'throwaway cluster on this machine' : 'BENCH_DATABASE_URL'}), ${RECIPIENTS.toLocaleString('en')} recipients, MAIL_RATE_PER_SECOND=${RATE}:`,
  )
  console.log(
    `received by SES over ${WINDOW_SECONDS} s: ${rate.toFixed(1)}/s, ${off.toFixed(1)}% from ${RATE}/s (target within 5%: ${off <= 5 ? 'met' : 'not met'})`,
  )
  console.log(
    `sent ${done.sent_count} of ${done.total_recipients}, failed ${done.failed_count}, unconfirmed ${done.unconfirmed_count}; mailed twice: ${twice}; shares per process: ${shares.map((share) => share.n).join(', ')}`,
  )
} finally {
  for (const server of servers) await server.stop()
  await ses.stop()
  await cluster?.stop()
}

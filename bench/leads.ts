// npm run bench:leads: quote submissions per second and p99 through HTTP + tRPC against the production build,
// without and with 3 x 1 MB attachments; rows stored vs acknowledged; the outbox drained into aws-ses-v2-local; memory.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import Database from 'better-sqlite3'
import { type PublicClient, publicClient, type SolvedCaptcha, samples, solveCaptcha, validQuote } from '#tests/helpers/requests.ts'
import { startServer } from '#tests/helpers/server.ts'
import { mailEnv, startSes } from '#tests/helpers/ses.ts'
import { cpuMs } from './lib/machine.ts'

const plainRequests = Number(process.env.BENCH_REQUESTS ?? 15_000)
const attachmentRequests = Number(process.env.BENCH_ATTACHMENT_REQUESTS ?? 100)
// Concurrent clients of each plain run: 16 keeps the server below saturation, 32 overloads it and shows the queueing.
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? '16,32').split(',').map(Number)
const connections = Math.max(...connectionCounts)

function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))![1]) / 1024
  return { rss: kib('VmRSS'), peak: kib('VmHWM') }
}

/** Challenges fetched and solved the way the page does it: one GET each, the captcha and the proof of work. */
async function solveMany(client: PublicClient, count: number) {
  const started = performance.now()
  const solved: SolvedCaptcha[] = []
  let asked = 0
  const lanes = Array.from({ length: 16 }, async () => {
    while (asked < count) {
      asked++
      solved.push(await solveCaptcha(client))
    }
  })
  await Promise.all(lanes)
  return { solved: solved.slice(0, count), perSecond: count / ((performance.now() - started) / 1000) }
}

async function submit(url: string, bodies: string[], concurrency: number) {
  let next = 0
  const result = await autocannon({
    url,
    connections: concurrency,
    amount: bodies.length,
    timeout: 60,
    requests: [
      {
        method: 'POST',
        path: '/trpc/requests.quote',
        headers: { 'content-type': 'application/json', 'x-trpc-source': 'bench' },
        setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
      },
    ],
  })
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}x${(stat as { count: number }).count}`)
    .join(' ')
  return {
    codes,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    seconds: result.duration,
  }
}

function count(file: string, sql: string): number {
  const db = new Database(file, { readonly: true })
  try {
    return (db.prepare(sql).get() as { n: number }).n
  } finally {
    db.close()
  }
}

async function drain(file: string, pid: number) {
  const started = performance.now()
  let peak = 0
  for (;;) {
    peak = Math.max(peak, memory(pid).rss)
    const pending = count(file, "select count(*) as n from email_outbox where status = 'pending'")
    if (pending === 0) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const seconds = (performance.now() - started) / 1000
  return {
    seconds,
    sent: count(file, "select count(*) as n from email_outbox where status = 'sent'"),
    failed: count(file, "select count(*) as n from email_outbox where status = 'failed'"),
    peakRss: peak,
  }
}

// Two phases on one database: submissions with the mail worker off (so the figures are the request path alone),
// then a restart with SES configured, which drains everything queued, as after an outage.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-leads-'))
const databasePath = path.join(dataDir, 'app.db')
const ses = await startSes()
// The browser's proof of work made trivial (PROOF_OF_WORK_DIFFICULTY 2): these figures are the server's, and each
// challenge still costs the server its one key derivation. One address per submission, as confirmations to one address are capped.
const server = await startServer({ DATABASE_PATH: databasePath, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', PROOF_OF_WORK_DIFFICULTY: '2' })
const pid = server.process.pid!
let attachmentMails = 0
try {
  const client = publicClient(server.url)
  console.log(
    `server ${server.url}, ${connectionCounts.join(' then ')} connections, better-sqlite3 WAL synchronous=FULL, mail worker off during the submissions`,
  )

  // Warm-up: JIT, page of the SQLite cache, the captcha secret.
  const warm = await solveMany(client, 500)
  await submit(
    server.url,
    warm.solved.map((captcha, i) => JSON.stringify({ ...validQuote({ email: `riscaldamento${i}@example.com` }), ...captcha })),
    connections,
  )

  for (const concurrency of connectionCounts) {
    const plain = await solveMany(client, plainRequests)
    console.log(`captcha challenges: ${plain.perSecond.toFixed(0)}/s fetched and solved`)
    const before = count(databasePath, 'select count(*) as n from leads')
    const cpuBefore = cpuMs(pid)
    const plainResult = await submit(
      server.url,
      plain.solved.map((captcha, i) =>
        JSON.stringify({ ...validQuote({ fullName: `Cliente ${i}`, email: `cliente${concurrency}-${i}@example.com` }), ...captcha }),
      ),
      concurrency,
    )
    const cpuPerSubmission = (cpuMs(pid) - cpuBefore) / plainRequests
    const storedPlain = count(databasePath, 'select count(*) as n from leads') - before
    console.log(
      `quote without attachments, ${concurrency} connections: ${plainResult.rps.toFixed(0)} submissions/s (${plainRequests} in ${plainResult.seconds.toFixed(1)} s), p50 ${plainResult.p50} ms, p99 ${plainResult.p99} ms; acknowledged ${plainResult.ok}, refused ${plainResult.failed}, leads stored ${storedPlain} (${storedPlain === plainResult.ok ? 'equal' : 'DIFFERENT'}); status codes ${plainResult.codes}`,
    )
    console.log(
      `server CPU per submission ${cpuPerSubmission.toFixed(2)} ms (user + system): at most ${(1000 / cpuPerSubmission).toFixed(0)} submissions/s on one free core; load average during the run ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]} on ${os.cpus().length} cores`,
    )
  }
  console.log(`resident memory after the run: ${memory(pid).rss.toFixed(0)} MiB`)

  const megabyte = Buffer.alloc(1024 * 1024, 0x20)
  samples.pdf.copy(megabyte)
  const file = `data:application/pdf;base64,${megabyte.toString('base64')}`
  const attachments = ['uno.pdf', 'due.pdf', 'tre.pdf'].map((name) => ({ name, dataUrl: file }))
  const heavy = await solveMany(client, attachmentRequests)
  const beforeHeavy = count(databasePath, 'select count(*) as n from leads')
  const heavyResult = await submit(
    server.url,
    heavy.solved.map((captcha, i) => JSON.stringify({ ...validQuote({ attachments, email: `allegati${i}@example.com` }), ...captcha })),
    Math.min(connections, 8),
  )
  const storedHeavy = count(databasePath, 'select count(*) as n from leads') - beforeHeavy
  attachmentMails = storedHeavy
  console.log(
    `quote with 3 x 1 MB attachments: ${heavyResult.rps.toFixed(1)} submissions/s, p50 ${heavyResult.p50} ms, p99 ${heavyResult.p99} ms; acknowledged ${heavyResult.ok}, refused ${heavyResult.failed}, leads stored ${storedHeavy} (${storedHeavy === heavyResult.ok ? 'equal' : 'DIFFERENT'}), files stored ${count(databasePath, 'select count(*) as n from lead_attachments')}; status codes ${heavyResult.codes}`,
  )
  const { rss, peak } = memory(pid)
  console.log(`server memory after the submissions: resident ${rss.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB`)
} finally {
  await server.stop()
}

const sender = await startServer({ ...mailEnv(ses), DATABASE_PATH: databasePath, LOG_LEVEL: 'warn', MAIL_RATE_PER_SECOND: '1000' })
try {
  const queued = count(databasePath, "select count(*) as n from email_outbox where status = 'pending'")
  const drained = await drain(databasePath, sender.process.pid!)
  // The emulator's whole store (hundreds of MB of attachments) is too big for one JSON answer: look up, by the
  // message id SES returned, every notification that carried files and 200 other mails.
  const db = new Database(databasePath, { readonly: true })
  const withFiles = db
    .prepare("select message_id from email_outbox where status = 'sent' and attach_lead_files = 1 and lead_id in (select lead_id from lead_attachments)")
    .pluck()
    .all() as string[]
  const others = db
    .prepare("select message_id from email_outbox where status = 'sent' and message_id not in (select value from json_each(?)) order by random() limit 200")
    .pluck()
    .all(JSON.stringify(withFiles)) as string[]
  db.close()
  let found = 0
  let withThreeFiles = 0
  for (const messageId of [...withFiles, ...others]) {
    const eml = await ses.eml(messageId)
    if (eml !== null) found++
    if (eml && (eml.match(/^Content-Disposition: attachment/gim) ?? []).length === 3) withThreeFiles++
  }
  console.log(
    `outbox: ${queued} e-mails queued, drained into aws-ses-v2-local in ${drained.seconds.toFixed(1)} s (${(queued / drained.seconds).toFixed(0)}/s): ${drained.sent} sent, ${drained.failed} failed; looked up in the emulator by message id: ${found} of ${withFiles.length + others.length} found, ${withThreeFiles} notifications with 3 attachments (of ${attachmentMails} leads with files); sender peak RSS ${drained.peakRss.toFixed(0)} MiB`,
  )
} finally {
  await sender.stop()
  await ses.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}

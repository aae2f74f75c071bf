import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { normalizeEmail } from '#shared/text.ts'
import type { AdminClient } from './admin.ts'
import { changeRowsForEach } from './database.ts'
import type { RunningServer } from './server.ts'
import { type RunningSes, startSes } from './ses.ts'
import { waitFor } from './wait.ts'

/** A raw message as it went over the wire to SES, and when it reached SES (ms on the wall clock): aws-ses-v2-local keeps no custom header of SendRawEmail, and its own time is in whole seconds. */
export type RawMail = { raw: string; headers: Map<string, string>; to: string; subject: string; at: number }

export type SesRecorder = {
  endpoint: string
  /** Every SendRawEmail the emulator accepted. */
  sent: RawMail[]
  /** Answers with SES's own error: `Throttling` for the next `n` sends, or `MessageRejected` for these recipients. */
  throttleNext(n: number): void
  rejectRecipients(addresses: string[]): void
  /** Back to forwarding everything. */
  reset(): void
  stop(): Promise<void>
}

/** Header names lower-cased, folded lines joined. */
function parseHeaders(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'))
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0 && !headers.has(line.slice(0, colon).toLowerCase())) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

/** RFC 2047 encoded words (UTF-8, base64) back to text; the whitespace between two encoded words is not part of it. */
function decodeHeaderText(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, data: string) => Buffer.from(data, 'base64').toString('utf8'))
}

function sesError(code: string, message: string): string {
  return `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>00000000-0000-0000-0000-000000000000</RequestId></ErrorResponse>`
}

/**
 * Sits between the server and the real aws-ses-v2-local: forwards every request unchanged, keeps a copy of each raw
 * message the emulator accepted (to read its headers), and can answer the way SES does when it throttles or rejects.
 */
export async function startSesRecorder(upstream: string): Promise<SesRecorder> {
  const sent: RawMail[] = []
  let throttle = 0
  const rejected = new Set<string>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const at = performance.timeOrigin + performance.now()
      const body = Buffer.concat(chunks)
      const form = new URLSearchParams(body.toString('utf8'))
      const data = form.get('Action') === 'SendRawEmail' ? form.get('RawMessage.Data') : null
      const raw = data ? Buffer.from(data, 'base64').toString('utf8') : null
      const headers = raw ? parseHeaders(raw) : null
      const to = headers?.get('to') ?? ''
      if (raw && throttle > 0) {
        throttle -= 1
        res.writeHead(400, { 'content-type': 'text/xml' }).end(sesError('Throttling', 'Maximum sending rate exceeded.'))
        return
      }
      if (raw && rejected.has(to)) {
        res.writeHead(400, { 'content-type': 'text/xml' }).end(sesError('MessageRejected', 'Email address is not verified.'))
        return
      }
      const forwarded = await fetch(`${upstream}${req.url}`, {
        method: req.method,
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)) as [string, string][],
        ),
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      })
      const answer = Buffer.from(await forwarded.arrayBuffer())
      if (raw && forwarded.ok) sent.push({ raw, headers: headers!, to, subject: decodeHeaderText(headers!.get('subject') ?? ''), at })
      res.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'text/xml' }).end(answer)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    sent,
    throttleNext(n) {
      throttle = n
    },
    rejectRecipients(addresses) {
      for (const address of addresses) rejected.add(address)
    },
    reset() {
      throttle = 0
      rejected.clear()
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A quote request: who asked, the address as typed and as the server normalizes it; each consented to newsletters. */
const INSERT_REQUEST = `insert into leads (kind, created_at, updated_at, full_name, email, email_normalized, service_name, description,
    marketing_consent_at, marketing_consent_text)
  values ('quote', ?, ?, ?, ?, ?, 'Idraulico', 'Perdita in bagno', '2026-11-01T09:00:00.000Z', 'Voglio ricevere offerte e novità da Artigiani Milano via e-mail.')`

/**
 * Requesters straight into the database: `count` quote requests from cliente1..N@example.com; with `twice`, one requester
 * in ten asked again spelling the address differently (still one recipient).
 */
export function seedRequesters(databasePath: string, count: number, { twice = false } = {}) {
  const at = new Date().toISOString()
  const rows: unknown[][] = []
  for (let i = 1; i <= count; i++) {
    rows.push([at, at, `Cliente ${i}`, `cliente${i}@example.com`, `cliente${i}@example.com`])
    if (twice && i % 10 === 0) rows.push([at, at, `Cliente ${i}`, `Cliente${i}@Example.com`, `cliente${i}@example.com`])
  }
  changeRowsForEach(databasePath, INSERT_REQUEST, rows)
}

type Person = [name: string, email: string]

/**
 * Named recipients straight into the database: a quote request from each requester (the address as typed; two spellings
 * of one address are one recipient), an artisan each, and the addresses erased on request (never mailed again).
 */
export function seedRecipients(
  databasePath: string,
  { requesters = [], artisans = [], erased = [] }: { requesters?: Person[]; artisans?: Person[]; erased?: string[] },
) {
  const at = new Date().toISOString()
  changeRowsForEach(
    databasePath,
    INSERT_REQUEST,
    requesters.map(([name, email]) => [at, at, name, email, normalizeEmail(email)]),
  )
  changeRowsForEach(
    databasePath,
    `insert into artisans (created_at, updated_at, contact_name, email, phone) values (?, ?, ?, ?, '3331234567')`,
    artisans.map(([name, email]) => [at, at, name, email]),
  )
  changeRowsForEach(
    databasePath,
    `insert into email_suppressions (email_normalized, reason, created_at) values (?, 'erased', ?)`,
    erased.map((email) => [normalizeEmail(email), at]),
  )
}

/**
 * The SES emulator behind a recorder for a whole test file: started before its tests, the recorder's faults reset and the
 * servers a test put in `running` stopped after each test.
 */
export function serveRecordedSes(): { ses: RunningSes; recorder: SesRecorder; running: RunningServer[] } {
  const mail = { running: [] } as unknown as { ses: RunningSes; recorder: SesRecorder; running: RunningServer[] }
  beforeAll(async () => {
    mail.ses = await startSes()
    mail.recorder = await startSesRecorder(mail.ses.endpoint)
  })
  afterEach(async () => {
    mail.recorder.reset()
    while (mail.running.length) await mail.running.pop()!.stop()
  })
  afterAll(async () => {
    await mail.recorder?.stop()
    await mail.ses?.stop()
  })
  return mail
}

/** A campaign to every requester, sent at once as the office sends it; the subject is its text unless a body is given. */
export function campaignToRequesters(admin: AdminClient, subject: string, bodyHtml = `<p>${subject}</p>`) {
  return admin.admin.newsletter.create.mutate({ targetGroup: 'users', subject, bodyHtml, idempotencyKey: crypto.randomUUID() })
}

type Campaign = Awaited<ReturnType<AdminClient['admin']['newsletter']['byId']['query']>>

/** The campaign as the office reads it once `wanted` holds of it (by default: completed). */
export function campaignWhen(admin: AdminClient, id: number, wanted: (job: Campaign) => boolean = (job) => job.status === 'completed', timeoutMs = 30_000) {
  return waitFor(
    async () => {
      const job = await admin.admin.newsletter.byId.query({ id })
      return wanted(job) ? job : undefined
    },
    timeoutMs,
    `campaign ${id} to reach the wanted state`,
  )
}

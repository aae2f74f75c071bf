import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminAccount, errorOf, signIn, startServerWithAdmin } from './helpers/admin.ts'
import { type InProcessSite, startApp } from './helpers/app.ts'
import { changeRows, readRows } from './helpers/database.ts'
import { publicClient, solveCaptcha, validQuote } from './helpers/requests.ts'
import { waitFor } from './helpers/wait.ts'
import { mailEnv, type RunningSes, startSes } from './helpers/ses.ts'
import { sesNotification, startFakeSns, TOPIC } from './helpers/sns.ts'

const ADMIN: AdminAccount = { email: 'admin@artigianimilano.it', password: 'correct horse battery staple 42' }
const OFFICE = 'richieste@artigianimilano.it'

let ses: RunningSes
let server: InProcessSite
let admin: Awaited<ReturnType<typeof signIn>>['trpc']

beforeAll(async () => {
  ses = await startSes()
  server = await startServerWithAdmin(ADMIN, { ...mailEnv(ses), SES_SNS_TOPIC_ARNS: TOPIC }, startApp)
  admin = (await signIn(server.url, ADMIN.email, ADMIN.password)).trpc
})
afterAll(async () => {
  await server?.stop()
  await ses?.stop()
})

const suppress = (email: string, reason: string, at = new Date().toISOString()) =>
  changeRows(server.databasePath, 'insert into email_suppressions (email_normalized, reason, created_at, detail) values (?, ?, ?, ?)', email, reason, at, null)

/** Sends a quote from `email` and, once all its mails are sent, the addresses SES was given, sorted. */
async function recipientsOfQuoteFrom(email: string) {
  await ses.clear()
  const client = publicClient(server.url)
  const { leadId } = await client.requests.quote.mutate({ ...validQuote({ email }), ...(await solveCaptcha(client)) })
  await waitFor(
    () =>
      readRows<{ status: string }>(server.databasePath, 'select status from email_outbox where lead_id = ?', leadId).every((row) => row.status === 'sent') ||
      undefined,
  )
  return (await ses.emails()).flatMap((mail) => mail.destination.to).sort()
}

describe('every mail of the site skips suppressed addresses', () => {
  it('a requester whose address bounced gets no confirmation; the office still gets the request', async () => {
    suppress('mario.rossi@example.com', 'bounced')
    await ses.clear()
    const client = publicClient(server.url)
    const { leadId } = await client.requests.quote.mutate({ ...validQuote(), ...(await solveCaptcha(client)) })
    const rows = await waitFor(() => {
      const outbox = readRows<{ to_address: string; status: string; category: string }>(
        server.databasePath,
        'select to_address, status, category from email_outbox where lead_id = ?',
        leadId,
      )
      return outbox.every((row) => row.status !== 'pending') && outbox.length >= 2 ? outbox : undefined
    })
    expect(rows.find((row) => row.to_address === 'mario.rossi@example.com')?.status).toBe('suppressed')
    expect(rows.find((row) => row.to_address === '')?.status).toBe('sent')
    const sent = await ses.emails()
    expect(sent.flatMap((mail) => mail.destination.to)).toEqual([OFFICE])
  })

  it('an unsubscribe stops campaigns, not the confirmation of a new request', async () => {
    suppress('luisa@example.com', 'unsubscribed')
    expect(await recipientsOfQuoteFrom('luisa@example.com')).toEqual(['luisa@example.com', OFFICE])
  })

  it('the office inbox is never suppressed, even when it is on the list', async () => {
    suppress(OFFICE, 'bounced')
    expect(await recipientsOfQuoteFrom('giulia@example.com')).toEqual(['giulia@example.com', OFFICE])
    changeRows(server.databasePath, 'delete from email_suppressions where email_normalized = ?', OFFICE)
  })
})

describe('Lista di esclusione', () => {
  it('lists, searches and removes an address with an audit record', async () => {
    suppress('anna.bianchi@example.com', 'complaint', '2026-11-20T10:00:00.000Z')
    suppress('luca.neri@example.com', 'unsubscribed', '2026-11-21T10:00:00.000Z')
    const all = await admin.admin.suppressions.list.query({})
    expect(all.rows.map((row) => row.email)).toEqual(expect.arrayContaining(['anna.bianchi@example.com', 'luca.neri@example.com', 'mario.rossi@example.com']))
    const found = await admin.admin.suppressions.list.query({ search: 'BIANCHI' })
    expect(found.rows).toMatchObject([{ email: 'anna.bianchi@example.com', reason: 'complaint' }])
    expect(found.total).toBe(1)
    // A search is text, not a pattern.
    expect((await admin.admin.suppressions.list.query({ search: '%' })).total).toBe(0)

    expect(await admin.admin.suppressions.remove.mutate({ email: 'Anna.Bianchi@example.com ' })).toEqual({ email: 'anna.bianchi@example.com' })
    expect((await admin.admin.suppressions.list.query({ search: 'bianchi' })).total).toBe(0)
    const [audit] = readRows<{ action: string; entity_type: string; entity_id: string; actor_email: string; details: string }>(
      server.databasePath,
      "select * from audit_log where entity_type = 'email_suppression'",
    )
    expect(audit).toMatchObject({ action: 'remove', entity_id: 'anna.bianchi@example.com', actor_email: ADMIN.email })
    expect(JSON.parse(audit!.details)).toMatchObject({ reason: 'complaint', suppressedAt: '2026-11-20T10:00:00.000Z' })

    const again = await errorOf(admin.admin.suppressions.remove.mutate({ email: 'anna.bianchi@example.com' }))
    expect(again).toMatchObject({ code: 'NOT_FOUND', message: 'Questo indirizzo non è più nella lista di esclusione.' })
  })

  it('the dashboard shows the 30-day bounce and complaint figures', async () => {
    const health = await admin.admin.dashboard.mailHealth.query()
    expect(health.feedbackConfigured).toBe(true)
    expect(health.sent).toBeGreaterThanOrEqual(3)
    expect(health).toMatchObject({ bounces: 0, complaints: 0, officeInboxProblem: null })
  })
})

describe('POST /webhooks/ses on the running server', () => {
  it('refuses a 10 MB notification with 413 before reading it', async () => {
    // The headers alone: the server answers and closes without waiting for the body, which is never sent.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port: server.port,
        path: '/webhooks/ses',
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'Content-Length': String(10 * 1024 * 1024) },
      })
      request.on('response', (response) => {
        response.resume()
        resolve(response.statusCode)
      })
      request.on('error', reject)
      request.flushHeaders()
    })
    expect(status).toBe(413)
  })

  it("refuses a message signed with a certificate that is not Amazon's, and changes nothing", async () => {
    const sns = await startFakeSns()
    try {
      const [row] = readRows<{ message_id: string }>(server.databasePath, "select message_id from email_outbox where status = 'sent' limit 1")
      const body = sns.notification(sesNotification('Bounce', { messageId: row!.message_id, to: OFFICE }))
      const response = await fetch(`${server.url}/webhooks/ses`, { method: 'POST', body, headers: { 'Content-Type': 'text/plain; charset=UTF-8' } })
      expect(response.status).toBe(403)
      expect(sns.certFetches()).toBe(0)
      expect(readRows(server.databasePath, 'select * from email_events')).toEqual([])
      expect(readRows(server.databasePath, 'select * from sns_messages')).toEqual([])
    } finally {
      await sns.stop()
    }
  })
})

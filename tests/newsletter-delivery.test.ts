import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, createAdmin, errorOf, signIn } from './helpers/admin.ts'
import { type SesRecorder, seedRequesters, startSesRecorder } from './helpers/newsletter.ts'
import { waitFor } from './helpers/wait.ts'
import { readRows } from './helpers/database.ts'
import { type RunningServer, startServer } from './helpers/server.ts'
import { mailEnv, type RunningSes, startSes } from './helpers/ses.ts'

const ADMIN = { email: 'redazione@artigianimilano.it', password: 'una-password-lunga-2026' }

let ses: RunningSes
let recorder: SesRecorder
const running: RunningServer[] = []

const deliveries = (databasePath: string, jobId: number) =>
  readRows<{ email: string; status: string; last_error: string | null }>(
    databasePath,
    'select email, status, last_error from newsletter_deliveries where job_id = ? order by id',
    jobId,
  )

async function serverWith(requesters: number, env: Record<string, string>, databasePath?: string): Promise<{ server: RunningServer; admin: AdminClient }> {
  const server = await startServer({ ...mailEnv(recorder), ...env, ...(databasePath ? { DATABASE_PATH: databasePath } : {}) })
  running.push(server)
  if (requesters) {
    seedRequesters(databasePath ?? server.databasePath, requesters)
    await createAdmin(databasePath ?? server.databasePath, ADMIN.email, ADMIN.password)
  }
  return { server, admin: (await signIn(server.url, ADMIN.email, ADMIN.password)).trpc }
}

function campaign(admin: AdminClient, subject: string) {
  return admin.admin.newsletter.create.mutate({ targetGroup: 'users', subject, bodyHtml: `<p>${subject}</p>`, idempotencyKey: crypto.randomUUID() })
}

const status = (admin: AdminClient, id: number) => admin.admin.newsletter.byId.query({ id })
const until = (admin: AdminClient, id: number, wanted: (job: Awaited<ReturnType<typeof status>>) => boolean, timeoutMs = 30_000) =>
  waitFor(async () => {
    const job = await status(admin, id)
    return wanted(job) ? job : undefined
  }, timeoutMs)
const sentTo = (subject: string) => recorder.sent.filter((mail) => mail.subject === subject).map((mail) => mail.to)

beforeAll(async () => {
  ses = await startSes()
  recorder = await startSesRecorder(ses.endpoint)
})
afterEach(async () => {
  recorder.reset()
  while (running.length) await running.pop()!.stop()
})
afterAll(async () => {
  await recorder?.stop()
  await ses?.stop()
})

describe('sending a campaign through SES', () => {
  it('slows down when SES throttles and still mails everyone once, counting no failure', async () => {
    const { admin } = await serverWith(6, { MAIL_RATE_PER_SECOND: '50' })
    recorder.throttleNext(3)
    const { job } = await campaign(admin, 'Throttled')
    const done = await until(admin, job.id, (j) => j.status === 'completed')
    expect(done).toMatchObject({ total_recipients: 6, sent_count: 6, failed_count: 0 })
    expect(sentTo('Throttled').sort()).toEqual(Array.from({ length: 6 }, (_, i) => `cliente${i + 1}@example.com`).sort())
  })

  it('counts a permanent rejection as failed, with its reason, and sends the rest', async () => {
    const { admin } = await serverWith(4, { MAIL_RATE_PER_SECOND: '50' })
    recorder.rejectRecipients(['cliente2@example.com'])
    const { job } = await campaign(admin, 'Rejected')
    const done = await until(admin, job.id, (j) => j.status === 'completed')
    expect(done).toMatchObject({ total_recipients: 4, sent_count: 3, failed_count: 1 })
    expect(done.failureReasons).toEqual([{ reason: expect.stringContaining('MessageRejected'), count: 1 }])
    expect(sentTo('Rejected')).not.toContain('cliente2@example.com')
  })

  it('pauses, resumes and finishes without mailing anyone twice', async () => {
    const { admin } = await serverWith(8, { MAIL_RATE_PER_SECOND: '4' })
    const { job } = await campaign(admin, 'Paused')
    await until(admin, job.id, (j) => j.sent_count >= 1)
    expect((await admin.admin.newsletter.pause.mutate({ id: job.id })).status).toBe('paused')
    expect((await errorOf(admin.admin.newsletter.pause.mutate({ id: job.id }))).code).toBe('CONFLICT')
    // A paused campaign claims nothing more: what was in flight settles, then the count holds.
    const settled = await until(admin, job.id, (j) => j.sent_count === sentTo('Paused').length)
    expect(settled.sent_count).toBeLessThan(8)
    expect(deliveries(running[0]!.databasePath, job.id).filter((d) => d.status === 'sending')).toEqual([])
    expect((await admin.admin.newsletter.resume.mutate({ id: job.id })).status).toBe('sending')
    const done = await until(admin, job.id, (j) => j.status === 'completed')
    expect(done.sent_count).toBe(8)
    const to = sentTo('Paused')
    expect(to).toHaveLength(8)
    expect(new Set(to).size).toBe(8)
  })

  it('cancels: the remaining recipients never get it', async () => {
    const { admin, server } = await serverWith(8, { MAIL_RATE_PER_SECOND: '4' })
    const { job } = await campaign(admin, 'Cancelled')
    await until(admin, job.id, (j) => j.sent_count >= 1)
    expect((await admin.admin.newsletter.cancel.mutate({ id: job.id })).status).toBe('cancelled')
    expect((await errorOf(admin.admin.newsletter.resume.mutate({ id: job.id }))).code).toBe('CONFLICT')
    const rows = await waitFor(async () => {
      const current = deliveries(server.databasePath, job.id)
      return current.some((d) => d.status === 'sending') ? undefined : current
    })
    const sent = rows.filter((d) => d.status === 'sent').map((d) => d.email)
    expect(sent.length).toBeLessThan(8)
    expect(rows.filter((d) => d.status === 'pending')).toHaveLength(8 - sent.length)
    // A later campaign goes through, so the worker is past the cancelled one: nothing more of it went out.
    const { job: next } = await campaign(admin, 'After cancel')
    await until(admin, next.id, (j) => j.status === 'completed')
    expect(sentTo('Cancelled').sort()).toEqual(sent.sort())
  })

  it('survives kill -9 in the middle: after a restart every recipient has it at most once, and none is left behind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artigiani-crash-'))
    const databasePath = path.join(dir, 'app.db')
    try {
      const { server, admin } = await serverWith(400, { MAIL_RATE_PER_SECOND: '100' }, databasePath)
      const { job } = await campaign(admin, 'Crash')
      await until(admin, job.id, (j) => j.sent_count >= 100)
      // Killed, not stopped: stop('SIGKILL') kills it at once, waits for the exit and removes the server's own folder,
      // which leaving it out of `running` left behind.
      await server.stop('SIGKILL')
      running.length = 0

      const again = await serverWith(0, { MAIL_RATE_PER_SECOND: '100' }, databasePath)
      const done = await until(again.admin, job.id, (j) => j.status === 'completed')
      expect(done.total_recipients).toBe(400)
      // A call the kill cut off is not counted as sent: SES's Delivery notification or the administrator settles it.
      expect(done.sent_count + done.unconfirmed_count).toBe(400)
      const to = sentTo('Crash')
      expect(new Set(to).size).toBe(to.length)
      const rows = deliveries(databasePath, job.id)
      expect(rows.every((d) => d.status === 'sent' || d.status === 'unconfirmed')).toBe(true)
      // Only a call cut off by the kill can be unconfirmed; everyone else has it exactly once.
      const received = new Set(to)
      const missing = rows.filter((d) => !received.has(d.email))
      expect(missing.every((d) => d.status === 'unconfirmed')).toBe(true)
      // At most one per lane: 100 mails/s runs 25 lanes.
      const unconfirmed = rows.filter((d) => d.status === 'unconfirmed')
      expect(unconfirmed.length).toBeLessThanOrEqual(25)
      expect(done.unconfirmed_count).toBe(unconfirmed.length)
      expect(done.sent_count).toBe(rows.filter((d) => d.status === 'sent').length)
    } finally {
      while (running.length) await running.pop()!.stop()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})

import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { takeConfirmationSlot } from '#server/repositories/confirmation-sends.ts'
import { createAdmin, signIn } from './helpers/admin.ts'
import { openTestDatabase } from './helpers/app-database.ts'
import { readRows } from './helpers/database.ts'
import { campaignToRequesters, campaignWhen, seedRequesters, serveRecordedSes } from './helpers/newsletter.ts'
import { publishChanges, publishedCraftsman } from './helpers/profiles.ts'
import { messagesByField, publicClient, rejection, solveCaptcha, validContact, validQuote } from './helpers/requests.ts'
import { waitFor } from './helpers/wait.ts'
import { type RunningServer, startProcesses } from './helpers/server.ts'
import { mailEnv } from './helpers/ses.ts'

// Several app processes on one PostgreSQL database (this file runs in the integration-postgres project only).

const ADMIN = { email: 'redazione@artigianimilano.it', password: 'una-password-lunga-2026' }
const CAPTCHA_SECRET = 'segreto-condiviso-dei-processi-di-prova-2026'

const mailbox = serveRecordedSes()

/** `count` processes of the app on one new database, stopped after each test. */
async function processes(count: number, env: Record<string, string>): Promise<RunningServer[]> {
  const servers = await startProcesses(count, env)
  mailbox.running.push(...servers)
  return servers
}

describe('three processes sending one campaign', () => {
  /** Enough for every process to claim many times over while the others do. */
  const RECIPIENTS = 1500
  it('mail every recipient exactly once, each process taking a share, and count each once', async () => {
    const servers = await processes(3, { ...mailEnv(mailbox.recorder), MAIL_RATE_PER_SECOND: '300', CAPTCHA_SECRET })
    const database = servers[0]!.databasePath
    seedRequesters(database, RECIPIENTS)
    await createAdmin(database, ADMIN.email, ADMIN.password)
    const { trpc } = await signIn(servers[0]!.url, ADMIN.email, ADMIN.password)
    const { job } = await campaignToRequesters(trpc, 'Tre processi', '<p>Una campagna, tre processi.</p>')
    const done = await campaignWhen(trpc, job.id, undefined, 90_000)
    expect(done).toMatchObject({ total_recipients: RECIPIENTS, sent_count: RECIPIENTS, failed_count: 0, unconfirmed_count: 0 })
    const to = mailbox.recorder.sent.filter((mail) => mail.subject === 'Tre processi').map((mail) => mail.to)
    expect(to).toHaveLength(RECIPIENTS)
    expect(new Set(to)).toEqual(new Set(Array.from({ length: RECIPIENTS }, (_, i) => `cliente${i + 1}@example.com`)))
    // Each process sent part of it.
    const shares = readRows<{ claimed_by: string; n: number }>(
      database,
      'select claimed_by, count(*) as n from newsletter_deliveries where job_id = ? group by claimed_by',
      job.id,
    )
    expect(shares.length).toBe(3)
    expect(shares.every((share) => share.n > 0)).toBe(true)
  }, 120_000)

  it('mail each recipient at most once when a process is killed, and mark its calls cut off as unconfirmed', async () => {
    // The others count the killed process as stopped after 5 s of silence rather than the default 30 s.
    const servers = await processes(3, { ...mailEnv(mailbox.recorder), MAIL_RATE_PER_SECOND: '60', CAPTCHA_SECRET, INSTANCE_SILENT_AFTER_SECONDS: '5' })
    const database = servers[0]!.databasePath
    seedRequesters(database, 600)
    await createAdmin(database, ADMIN.email, ADMIN.password)
    const { trpc } = await signIn(servers[1]!.url, ADMIN.email, ADMIN.password)
    const { job } = await campaignToRequesters(trpc, 'Un processo cade', '<p>Uno dei tre si ferma di colpo.</p>')
    // Once all three are sending, the first one dies.
    await waitFor(async () => {
      const shares = readRows<{ n: number }>(database, 'select count(distinct claimed_by) as n from newsletter_deliveries where job_id = ?', job.id)
      return shares[0]!.n === 3 ? true : undefined
    }, 30_000)
    servers[0]!.process.kill('SIGKILL')
    await new Promise((resolve) => servers[0]!.process.once('exit', resolve))
    const done = await campaignWhen(trpc, job.id, undefined, 90_000)
    expect(done.sent_count + done.unconfirmed_count).toBe(600)
    const to = mailbox.recorder.sent.filter((mail) => mail.subject === 'Un processo cade').map((mail) => mail.to)
    expect(new Set(to).size).toBe(to.length)
    const rows = readRows<{ email: string; status: string }>(database, 'select email, status from newsletter_deliveries where job_id = ?', job.id)
    const received = new Set(to)
    // Only a call cut off by the kill may be missing, and it is marked unconfirmed, never resent by itself.
    expect(rows.filter((row) => !received.has(row.email)).every((row) => row.status === 'unconfirmed')).toBe(true)
    expect(rows.filter((row) => row.status === 'unconfirmed').length).toBe(done.unconfirmed_count)
    expect(rows.every((row) => row.status === 'sent' || row.status === 'unconfirmed')).toBe(true)
  }, 150_000)
})

describe('two processes serving public pages', () => {
  it('both show a profile published, then drop it once private, from their page caches and sitemaps within the poll interval', async () => {
    const servers = await processes(2, { PUBLIC_PAGES_POLL_SECONDS: '0.3' })
    const page = async (server: RunningServer, path: string) => (await fetch(server.url + path)).text()
    // Both processes have the town's page in their caches before the change.
    for (const server of servers) expect(await page(server, '/rho')).not.toContain('Elettrica Brambilla')
    const db = openTestDatabase(servers[0]!.databasePath)
    try {
      const { id, slug } = await publishedCraftsman(db, 'Elettrica Brambilla', ['Elettricista'], ['Rho'], [5, 4])
      await publishChanges(db)
      for (const server of servers) {
        await waitFor(async () => (await page(server, '/rho')).includes('Elettrica Brambilla'), 10_000, 'the published craftsman')
        expect(await page(server, '/sitemap.xml')).toContain(`/artigiani/${slug}</loc>`)
      }
      await db.updateTable('artisan_profiles').set({ published_at: null, unpublished_at: new Date().toISOString() }).where('artisan_id', '=', id).execute()
      await publishChanges(db)
      for (const server of servers) {
        await waitFor(async () => !(await page(server, '/rho')).includes('Elettrica Brambilla'), 10_000, 'the private craftsman gone')
        expect(await page(server, '/sitemap.xml')).not.toContain(`/artigiani/${slug}</loc>`)
      }
    } finally {
      await db.destroy()
    }
  }, 60_000)
})

describe('two processes serving requests', () => {
  it('accept a captcha once though its answer reaches both at once, and store every request once', async () => {
    const servers = await processes(2, { ...mailEnv(mailbox.recorder), CAPTCHA_SECRET, RATE_LIMIT_MAX: '1000' })
    const clients = servers.map((server) => publicClient(server.url))
    const captcha = await solveCaptcha(clients[0]!)
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => clients[i % 2]!.requests.contact.mutate({ ...validContact(), ...captcha } as never)),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      const refused = await rejection(Promise.reject(outcome.reason))
      expect(refused.status).toBe(400)
      expect(messagesByField(refused)).toEqual({ captchaAnswer: "L'addizione è già stata usata: risolvi quella nuova." })
    }
    // Forty requests, each with its own captcha, half to each process, all at once.
    const sent = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const client = clients[i % 2]!
        return client.requests.quote.mutate({ ...validQuote({ email: `richiesta${i}@example.com` }), ...(await solveCaptcha(client)) } as never)
      }),
    )
    const ids = sent.map((result) => (result as { leadId: number }).leadId)
    expect(new Set(ids).size).toBe(40)
    const stored = readRows<{ email: string; n: number }>(
      servers[0]!.databasePath,
      "select email, count(*) as n from leads where email like 'richiesta%' group by email",
    )
    expect(stored).toHaveLength(40)
    expect(stored.every((row) => row.n === 1)).toBe(true)
  })

  it('share the limit of submissions per address: the one over RATE_LIMIT_MAX is refused, whichever process it reaches', async () => {
    const servers = await processes(2, { ...mailEnv(mailbox.recorder), CAPTCHA_SECRET, RATE_LIMIT_MAX: '4' })
    const clients = servers.map((server) => publicClient(server.url))
    const results = []
    for (let i = 0; i < 5; i++) {
      const client = clients[i % 2]!
      results.push(
        await client.requests.contact.mutate({ ...validContact({ email: `limite${i}@example.com` }), ...(await solveCaptcha(client)) } as never).then(
          () => 'stored',
          (error) => rejection(Promise.reject(error)),
        ),
      )
    }
    expect(results.slice(0, 4)).toEqual(['stored', 'stored', 'stored', 'stored'])
    expect(results[4]).toMatchObject({ status: 429 })
    expect(readRows<{ n: number }>(servers[0]!.databasePath, "select count(*) as n from contact_messages where email like 'limite%'")[0]!.n).toBe(4)
  })
})

describe('requests stored at the same moment', () => {
  it('do not wait for each other on the totals they share before their commits, and are each counted once', async () => {
    const [server] = await processes(1, { ...mailEnv(mailbox.recorder), CAPTCHA_SECRET })
    const clients = [new pg.Client({ connectionString: server!.databasePath }), new pg.Client({ connectionString: server!.databasePath })]
    const insert = `insert into leads (kind, created_at, updated_at, full_name, email, email_normalized, service_id, service_name, comune_slug, description)
      values ('quote', $1, $1, $2, $3, $3, 'idraulico', 'Idraulico', 'rho', 'Perdita in bagno')`
    try {
      for (const client of clients) {
        await client.connect()
        // A statement that waits for another transaction's lock fails after 2 s instead of waiting for it.
        await client.query("SET lock_timeout = '2s'")
        await client.query('BEGIN')
      }
      const at = new Date().toISOString()
      // The first request's transaction stays open while the second stores and commits its own: one lead each, a
      // requester each, the same day, service and town.
      await clients[0]!.query(insert, [at, 'Prima Persona', 'prima@example.com'])
      await clients[1]!.query(insert, [at, 'Seconda Persona', 'seconda@example.com'])
      await clients[1]!.query('COMMIT')
      await clients[0]!.query('COMMIT')
    } finally {
      for (const client of clients) await client.end()
    }
    const database = server!.databasePath
    expect(readRows(database, 'select leads, requesters from list_totals')).toEqual([{ leads: 2, requesters: 2 }])
    expect(
      readRows(database, "select dimension, key, requests, cumulative from lead_days where dimension in ('all', 'service', 'town') order by dimension"),
    ).toEqual([
      { dimension: 'all', key: '', requests: 2, cumulative: 2 },
      { dimension: 'service', key: 'idraulico', requests: 2, cumulative: 2 },
      { dimension: 'town', key: 'rho', requests: 2, cumulative: 2 },
    ])
  })

  it('count the confirmations to one mailbox one after the other: the fourth waits for the third to commit and is refused', async () => {
    const [server] = await processes(1, { ...mailEnv(mailbox.recorder), CAPTCHA_SECRET })
    const [first, second] = [openTestDatabase(server!.databasePath), openTestDatabase(server!.databasePath)]
    try {
      expect(await takeConfirmationSlot(first!, 'giulia.verdi@example.com')).toBe(true)
      expect(await takeConfirmationSlot(first!, 'giulia.verdi@example.com')).toBe(true)
      let fourth: Promise<boolean> | undefined
      let answered = false
      await first!.transaction().execute(async (trx) => {
        expect(await takeConfirmationSlot(trx, 'giulia.verdi@example.com')).toBe(true)
        // The same mailbox spelled otherwise, from another connection, while the third is not committed yet.
        fourth = second!.transaction().execute((other) => takeConfirmationSlot(other, 'Giulia.Verdi+casa@example.com'))
        void fourth.then(() => {
          answered = true
        })
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(answered).toBe(false)
      })
      expect(await fourth).toBe(false)
      expect(readRows(server!.databasePath, 'select count(*) as n from confirmation_sends')).toEqual([{ n: 3 }])
    } finally {
      await first!.destroy()
      await second!.destroy()
    }
  })
})

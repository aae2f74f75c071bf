import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DB } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import type { Database } from '#db/schema.ts'
import { loadEnv } from '#server/env.ts'
import { createLogger } from '#server/logger.ts'
import { sendPacerFor } from '#server/mail/send-pacer.ts'
import { createSesTransport } from '#server/mail/ses.ts'
import { createOutboxWorker, type OutboxWorker } from '#server/mail/worker.ts'
import { newsletterTransport } from '#server/newsletter/index.ts'
import { type NewsletterWorker, startNewsletterWorker } from '#server/newsletter/worker.ts'
import { insertArtisan } from '#server/repositories/artisans.ts'
import { createNewsletterJob } from '#server/repositories/newsletter-jobs.ts'
import { enqueueEmail } from '#server/repositories/outbox.ts'
import { artisan } from './helpers/admin-leads.ts'
import { mailEnv, type RunningSes, startSes } from './helpers/ses.ts'

// A claim of mail whose COMMIT the database applied while its answer never reached the worker (an outage at that very
// moment: PostgreSQL paused or restarting, a disk error on the way back). The workers run in this process on a
// database whose next COMMIT after a chosen statement is applied and then answered with an I/O error, as the driver
// would report it: the mail claimed by it must go out as soon as the database answers, not when the claim's lease
// (5 minutes) ends, and only once.

/**
 * An in-memory SQLite database whose first COMMIT of a transaction that ran a statement matching `failAfter` is applied,
 * then reported as SQLITE_IOERR, as is the ROLLBACK Kysely tries next (the connection is gone, as far as the worker can
 * tell). Only that one: the database answers normally afterwards.
 */
async function databaseLosingOneCommit(): Promise<{ db: DB; failAfter(statement: RegExp): void; failed(): boolean }> {
  const sqlite = new SQLite(':memory:')
  sqlite.pragma('foreign_keys = ON')
  const ioError = () => Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' })
  let armed: RegExp | null = null
  let matched = false
  let lost: 'no' | 'commit' | 'done' = 'no'
  /** The statement, whose run() first runs it (or not) and then throws. */
  const failing = (statement: SQLite.Statement, apply: boolean) =>
    new Proxy(statement, {
      get(target, key) {
        if (key !== 'run') return Reflect.get(target, key, target)
        return (...args: unknown[]) => {
          if (apply) target.run(...args)
          throw ioError()
        }
      },
    })
  const database = {
    close: () => sqlite.close(),
    prepare(text: string) {
      const statement = sqlite.prepare(text)
      if (armed?.test(text)) matched = true
      if (matched && /^commit$/i.test(text.trim())) {
        armed = null
        matched = false
        lost = 'commit'
        return failing(statement, true)
      }
      if (lost === 'commit' && /^rollback$/i.test(text.trim())) {
        lost = 'done'
        return failing(statement, false)
      }
      return statement
    },
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) })
  await migrateToLatest(db)
  return {
    db,
    failAfter(statement) {
      armed = statement
    },
    failed: () => lost === 'done',
  }
}

let ses: RunningSes
let db: DB
let failAfter: (statement: RegExp) => void
let failed: () => boolean
const env = () => loadEnv({ ...mailEnv(ses), NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1' })
const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent')

beforeAll(async () => {
  // The SDK reads its credentials from this process's environment; the emulator checks none.
  process.env.AWS_ACCESS_KEY_ID ??= 'test'
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test'
  ses = await startSes()
})
afterAll(async () => {
  await ses?.stop()
})
beforeEach(async () => {
  await ses.clear()
  ;({ db, failAfter, failed } = await databaseLosingOneCommit())
})
afterEach(async () => {
  await db.destroy()
})

describe('a claim committed while its answer was lost', () => {
  let worker: OutboxWorker | undefined
  afterEach(async () => {
    await worker?.stop()
    worker = undefined
  })

  it('of queued mail: the worker gives it back once the database answers, and sends it once, now', async () => {
    const id = await enqueueEmail(db, {
      category: 'quote-confirmation',
      to: 'cliente@example.com',
      subject: 'Richiesta ricevuta',
      html: '<p>Grazie</p>',
      text: 'Grazie',
    })
    failAfter(/^update "email_outbox" set "next_attempt_at"/)
    worker = createOutboxWorker({ db, env: env(), logger, transport: createSesTransport(env()), pacer: sendPacerFor(db, 50) })
    worker.start()

    // The worker waits 2 s after a failure; the claim's lease is 5 minutes.
    await expect.poll(async () => (await ses.emails()).length, { timeout: 20_000, interval: 200 }).toBe(1)
    expect(failed()).toBe(true)
    const row = await db.selectFrom('email_outbox').select(['status', 'claimed_by', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'sent', claimed_by: null, attempts: 1 })
    await worker.stop()
    worker = undefined
    expect((await ses.emails()).map((mail) => mail.destination.to)).toEqual([['cliente@example.com']])
  }, 60_000)
})

describe('a claim committed while its answer was lost', () => {
  let worker: NewsletterWorker | undefined
  afterEach(async () => {
    await worker?.stop()
    worker = undefined
  })

  it('of campaign deliveries: the worker gives them back once every lane ended, and sends each once, now', async () => {
    const recipients = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `artigiano-${name}@example.com`)
    for (const [i, email] of recipients.entries()) await insertArtisan(db, artisan({ email, companyName: `Ditta ${i}`, vatNumber: null }))
    const { job } = await createNewsletterJob(db, {
      subject: 'Novità di dicembre',
      bodyHtml: '<p>Ciao</p>',
      bodySource: null,
      editor: 'html',
      targetGroup: 'artisans',
      segment: {},
      status: 'pending_preparation',
      scheduledAt: null,
      idempotencyKey: 'campagna-di-prova',
      createdBy: 'amministratore-di-prova',
    })
    // The first claim of deliveries: the lanes' group commit that marks them 'sending'.
    failAfter(/^update "newsletter_deliveries" set "status" = \?, "attempts"/)
    const mail = env()
    worker = startNewsletterWorker({
      db,
      logger,
      transport: newsletterTransport({ ...mail, MAIL_FROM: mail.MAIL_FROM! }),
      publicUrl: mail.PUBLIC_URL,
      secret: 'segreto-della-newsletter-di-prova-2026',
      mailtoAddress: 'noreply@artigianimilano.it',
      ratePerSecond: 50,
      pacer: sendPacerFor(db, 50),
      instanceId: 'processo-di-prova',
    })

    const status = () =>
      db.selectFrom('newsletter_jobs').select(['status', 'sent_count', 'unconfirmed_count', 'failed_count']).where('id', '=', job.id).executeTakeFirstOrThrow()
    await expect.poll(status, { timeout: 30_000, interval: 200 }).toEqual({ status: 'completed', sent_count: 6, unconfirmed_count: 0, failed_count: 0 })
    expect(failed()).toBe(true)
    const deliveries = await db
      .selectFrom('newsletter_deliveries')
      .select(['email', 'status', 'attempts'])
      .where('job_id', '=', job.id)
      .orderBy('email')
      .execute()
    expect(deliveries).toEqual(recipients.map((email) => ({ email, status: 'sent', attempts: 1 })))
    const sent = (await ses.emails()).flatMap((message) => message.destination.to).sort()
    expect(sent).toEqual(recipients)
  }, 60_000)
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DB } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { staleUnconfirmedDeliveries } from '#server/repositories/mail-feedback.ts'
import {
  reconcileInterruptedDeliveries,
  recordAndClaimDeliveries,
  recordDeliveryOutcome,
  requeueUnconfirmedDeliveries,
} from '#server/repositories/newsletter-deliveries.ts'
import { openTestDatabase } from '#tests/helpers/app-database.ts'
import { createTestDatabase, testEngine } from '#tests/helpers/server.ts'

let dir: string
let db: DB
const HOUR = 60 * 60 * 1000

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artigiani-unconfirmed-'))
  db = openTestDatabase(testEngine() === 'postgres' ? await createTestDatabase() : path.join(dir, 'app.db'))
  await migrateToLatest(db)
  const at = new Date().toISOString()
  await db
    .insertInto('newsletter_jobs')
    .values({
      id: 1,
      subject: 's',
      body_html: 'b',
      target_group: 'users',
      status: 'sending',
      idempotency_key: 'k',
      created_at: at,
      updated_at: at,
      total_recipients: 4,
      sent_count: 2,
    })
    .execute()
  await db
    .insertInto('newsletter_deliveries')
    .values([
      { id: 1, job_id: 1, email: 'a@example.com', email_normalized: 'a@example.com', status: 'sent', attempts: 1, sent_at: at, message_id: 'm1' },
      { id: 2, job_id: 1, email: 'b@example.com', email_normalized: 'b@example.com', status: 'sent', attempts: 1, sent_at: at, message_id: 'm2' },
      // Two calls a kill -9 cut off.
      { id: 3, job_id: 1, email: 'c@example.com', email_normalized: 'c@example.com', status: 'sending', attempts: 1, sent_at: null, message_id: null },
      { id: 4, job_id: 1, email: 'd@example.com', email_normalized: 'd@example.com', status: 'sending', attempts: 1, sent_at: null, message_id: null },
    ])
    .execute()
})
afterEach(async () => {
  await db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
})

const job = () =>
  db
    .selectFrom('newsletter_jobs')
    .select(['status', 'sent_count', 'failed_count', 'skipped_count', 'unconfirmed_count', 'finished_at'])
    .executeTakeFirstOrThrow()
const deliveries = () =>
  db.selectFrom('newsletter_deliveries').select(['id', 'status', 'message_id', 'last_error', 'attempts', 'claimed_by']).orderBy('id').execute()

describe('deliveries a crash left unconfirmed', () => {
  it('are counted apart from the sent ones after the restart, never as sent', async () => {
    expect(await reconcileInterruptedDeliveries(db)).toBe(2)
    expect(await job()).toMatchObject({ sent_count: 2, unconfirmed_count: 2 })
  })

  it('are listed for resending only once older than the configured time, and resending puts them back in the queue', async () => {
    await reconcileInterruptedDeliveries(db)
    await db.updateTable('newsletter_jobs').set({ status: 'completed', finished_at: new Date().toISOString() }).execute()
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR).toISOString()
    expect(await staleUnconfirmedDeliveries(db, 1, twoHoursAgo)).toEqual([])
    expect(await requeueUnconfirmedDeliveries(db, 1, twoHoursAgo)).toBe(0)
    expect(await job()).toMatchObject({ status: 'completed', unconfirmed_count: 2 })

    // Two hours later.
    await db
      .updateTable('newsletter_deliveries')
      .set({ sent_at: new Date(Date.now() - 3 * HOUR).toISOString() })
      .where('status', '=', 'unconfirmed')
      .execute()
    expect((await staleUnconfirmedDeliveries(db, 1, twoHoursAgo)).map((row) => row.email)).toEqual(['c@example.com', 'd@example.com'])
    expect(await requeueUnconfirmedDeliveries(db, 1, twoHoursAgo)).toBe(2)
    expect(await job()).toMatchObject({ status: 'sending', unconfirmed_count: 0, sent_count: 2, finished_at: null })
    const statuses = await db.selectFrom('newsletter_deliveries').select(['id', 'status']).orderBy('id').execute()
    expect(statuses.map((row) => row.status)).toEqual(['sent', 'sent', 'pending', 'pending'])
  })

  it('of a cancelled campaign are not resent', async () => {
    await reconcileInterruptedDeliveries(db)
    await db.updateTable('newsletter_jobs').set({ status: 'cancelled' }).execute()
    expect(await requeueUnconfirmedDeliveries(db, 1, new Date(Date.now() + HOUR).toISOString())).toBeNull()
    expect(await job()).toMatchObject({ status: 'cancelled', unconfirmed_count: 2 })
  })
})

describe('the outcomes of a group of sends', () => {
  it('are recorded each with its own message id or reason, the next deliveries claimed in order and suppressed ones skipped', async () => {
    const at = new Date().toISOString()
    await db
      .insertInto('newsletter_deliveries')
      .values(
        ['e', 'f', 'g', 'h', 'i'].map((letter, i) => ({
          id: 5 + i,
          job_id: 1,
          email: `${letter}@example.com`,
          email_normalized: `${letter}@example.com`,
          status: 'pending' as const,
          attempts: 0,
        })),
      )
      .execute()
    await db
      .insertInto('email_suppressions')
      .values({ email_normalized: 'f@example.com', reason: 'unsubscribed', created_at: at, source_job_id: null, detail: null })
      .execute()
    await db.updateTable('newsletter_jobs').set({ total_recipients: 9 }).execute()

    const claimed = await recordAndClaimDeliveries(
      db,
      1,
      [
        { id: 3, outcome: { kind: 'sent', messageId: 'm3' } },
        { id: 4, outcome: { kind: 'failed', reason: 'MessageRejected: Email address is not verified.' } },
      ],
      3,
      'process-a',
    )
    expect(claimed.map((delivery) => [delivery.id, delivery.email, delivery.attempts])).toEqual([
      [5, 'e@example.com', 1],
      [7, 'g@example.com', 1],
      [8, 'h@example.com', 1],
    ])
    await recordDeliveryOutcome(db, 1, 7, { kind: 'retry', reason: 'Throttling: Maximum sending rate exceeded.', countAttempt: false })
    await recordAndClaimDeliveries(db, 1, [{ id: 5, outcome: { kind: 'sent', messageId: 'm5' } }], 0, 'process-a')

    expect(await deliveries()).toEqual([
      { id: 1, status: 'sent', message_id: 'm1', last_error: null, attempts: 1, claimed_by: null },
      { id: 2, status: 'sent', message_id: 'm2', last_error: null, attempts: 1, claimed_by: null },
      { id: 3, status: 'sent', message_id: 'm3', last_error: null, attempts: 1, claimed_by: null },
      { id: 4, status: 'failed', message_id: null, last_error: 'MessageRejected: Email address is not verified.', attempts: 1, claimed_by: null },
      { id: 5, status: 'sent', message_id: 'm5', last_error: null, attempts: 1, claimed_by: 'process-a' },
      { id: 6, status: 'skipped', message_id: null, last_error: 'unsubscribed', attempts: 0, claimed_by: null },
      { id: 7, status: 'pending', message_id: null, last_error: 'Throttling: Maximum sending rate exceeded.', attempts: 0, claimed_by: 'process-a' },
      { id: 8, status: 'sending', message_id: null, last_error: null, attempts: 1, claimed_by: 'process-a' },
      { id: 9, status: 'pending', message_id: null, last_error: null, attempts: 0, claimed_by: null },
    ])
    expect(await job()).toMatchObject({ sent_count: 4, failed_count: 1, skipped_count: 1, unconfirmed_count: 0 })
  })

  it('leave a delivery marked unconfirmed meanwhile as it is, counted once', async () => {
    expect(await reconcileInterruptedDeliveries(db)).toBe(2)
    await recordAndClaimDeliveries(db, 1, [{ id: 3, outcome: { kind: 'sent', messageId: 'm3' } }], 0, 'process-a')
    await recordDeliveryOutcome(db, 1, 4, { kind: 'failed', reason: 'MessageRejected: Email address is not verified.' })
    expect((await deliveries()).map((delivery) => delivery.status)).toEqual(['sent', 'sent', 'unconfirmed', 'unconfirmed'])
    expect(await job()).toMatchObject({ sent_count: 2, failed_count: 0, unconfirmed_count: 2 })
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DB, openDatabase } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { staleUnconfirmedDeliveries } from '#server/repositories/mail-feedback.ts'
import { reconcileInterruptedDeliveries, requeueUnconfirmedDeliveries } from '#server/repositories/newsletter.ts'

let dir: string
let db: DB
const HOUR = 60 * 60 * 1000

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artigiani-unconfirmed-'))
  db = openDatabase(path.join(dir, 'app.db')).db
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

const job = () => db.selectFrom('newsletter_jobs').select(['status', 'sent_count', 'unconfirmed_count', 'finished_at']).executeTakeFirstOrThrow()

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

import { type RawBuilder, type SqlBool, sql, type UpdateObject } from 'kysely'
import { type DB, inTransaction } from '#db/client.ts'
import type { Database } from '#db/schema.ts'
import type { NewsletterTargetGroup } from '#shared/enums.ts'
import type { Segment } from '#shared/schemas/newsletter.ts'
import { skipLocked } from './dialect/claims.ts'
import { insertSegmentDeliveries } from './newsletter-segments.ts'

const now = () => new Date().toISOString()

/**
 * Writes one pending delivery per recipient of the group in one statement, and moves the campaign to sending.
 * Safe to run again after a crash: the unique (job, e-mail) key keeps the rows already there.
 */
export async function prepareNewsletterRecipients(db: DB, jobId: number, group: NewsletterTargetGroup, segment: Partial<Segment> = {}): Promise<number> {
  return inTransaction(db, async (trx) => {
    await insertSegmentDeliveries(trx, jobId, group, segment)
    const { count } = await trx
      .selectFrom('newsletter_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow()
    const at = now()
    await trx
      .updateTable('newsletter_jobs')
      .set({ status: 'sending', total_recipients: count, started_at: at, updated_at: at, error: null })
      .where('id', '=', jobId)
      .where('status', 'in', ['pending_preparation', 'preparing'])
      .execute()
    return count
  })
}

export type ClaimedDelivery = { id: number; email: string; emailNormalized: string; name: string | null; attempts: number }

export type DeliveryOutcome =
  | { kind: 'sent'; messageId: string }
  | { kind: 'failed'; reason: string }
  /** Throttled or a transient error: back in the queue; transient errors count an attempt. */
  | { kind: 'retry'; reason: string; countAttempt: boolean }

/**
 * One transaction for a group of lanes (one fsync): records the outcomes of their previous sends, then marks up to
 * `count` pending deliveries 'sending' (each right before its own SES call) while the campaign is still sending.
 * Suppressed addresses met on the way are skipped, so an unsubscribe is honoured up to the last moment.
 * A few statements whatever the group's size, and the campaign's counters last: processes sending the same campaign
 * wait for each other only on that one row, from the last statement to the commit.
 */
export async function recordAndClaimDeliveries(
  db: DB,
  jobId: number,
  previous: { id: number; outcome: DeliveryOutcome }[],
  count: number,
  instanceId: string,
): Promise<ClaimedDelivery[]> {
  return inTransaction(db, async (trx) => {
    const settled = await settleDeliveries(trx, previous)
    const claimed: ClaimedDelivery[] = []
    let skipped = 0
    while (claimed.length < count) {
      const candidates = await sql<{ id: number; email: string; email_normalized: string; name: string | null; attempts: number; suppressed: string | null }>`
        select d.id, d.email, d.email_normalized, d.name, d.attempts, s.reason as suppressed
        from newsletter_deliveries d
        left join email_suppressions s on s.email_normalized = d.email_normalized
        where d.job_id = ${jobId} and d.status = 'pending'
          and (select j.status from newsletter_jobs j where j.id = ${jobId}) = 'sending'
        order by d.id limit ${count - claimed.length}
        ${skipLocked(trx, 'd')}`.execute(trx)
      if (candidates.rows.length === 0) break
      const suppressedBy = new Map<string, number[]>()
      for (const row of candidates.rows) {
        if (!row.suppressed) continue
        const ids = suppressedBy.get(row.suppressed) ?? []
        ids.push(row.id)
        suppressedBy.set(row.suppressed, ids)
      }
      for (const [reason, ids] of suppressedBy) {
        await trx.updateTable('newsletter_deliveries').set({ status: 'skipped', last_error: reason }).where('id', 'in', ids).execute()
        skipped += ids.length
      }
      const toSend = candidates.rows.filter((row) => !row.suppressed)
      if (toSend.length === 0) continue
      await trx
        .updateTable('newsletter_deliveries')
        .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), claimed_by: instanceId }))
        .where(
          'id',
          'in',
          toSend.map((row) => row.id),
        )
        .execute()
      for (const row of toSend) {
        claimed.push({ id: row.id, email: row.email, emailNormalized: row.email_normalized, name: row.name, attempts: row.attempts + 1 })
      }
    }
    await addToCounters(trx, jobId, { ...settled, skipped })
    return claimed
  })
}

/**
 * Gives back the deliveries of a campaign that `instanceId` holds as 'sending' (pending again, the attempt not counted),
 * for a process whose every lane has ended with its outcomes recorded: none of them reached SES. They are claims
 * whose COMMIT the database applied while its answer was lost in an outage. How many there were.
 */
export async function releaseUnsentClaims(db: DB, jobId: number, instanceId: string): Promise<number> {
  const result = await db
    .updateTable('newsletter_deliveries')
    .set((eb) => ({ status: 'pending', claimed_by: null, attempts: eb('attempts', '-', 1) }))
    .where('job_id', '=', jobId)
    .where('status', '=', 'sending')
    .where('claimed_by', '=', instanceId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Records an outcome on its own (a lane stopping, or a result that must not wait for the next claim). */
export async function recordDeliveryOutcome(db: DB, jobId: number, deliveryId: number, outcome: DeliveryOutcome): Promise<void> {
  await inTransaction(db, async (trx) => addToCounters(trx, jobId, { ...(await settleDeliveries(trx, [{ id: deliveryId, outcome }])), skipped: 0 }))
}

/** `CASE id WHEN … THEN … END`: one value per delivery in a single UPDATE. */
const perDelivery = (values: { id: number; value: string }[]) =>
  sql<string>`case id ${sql.join(
    values.map(({ id, value }) => sql`when ${id} then ${value}`),
    sql` `,
  )} end`

/**
 * Settles deliveries still 'sending' (one UPDATE per kind of outcome); returns how many became sent and failed. A
 * delivery no longer 'sending' (marked unconfirmed meanwhile) is left as it is and not counted.
 */
async function settleDeliveries(trx: DB, outcomes: { id: number; outcome: DeliveryOutcome }[]): Promise<{ sent: number; failed: number }> {
  const at = now()
  const sending = trx.updateTable('newsletter_deliveries').where('status', '=', 'sending')
  /** One UPDATE for these deliveries, each with its own value (message id or reason); how many were still sending. */
  const settle = async (values: { id: number; value: string }[], set: (perId: RawBuilder<string>) => UpdateObject<Database, 'newsletter_deliveries'>) => {
    if (!values.length) return 0
    const ids = values.map(({ id }) => id)
    const result = await sending
      .set(set(perDelivery(values)))
      .where('id', 'in', ids)
      .executeTakeFirst()
    return Number(result.numUpdatedRows)
  }
  for (const { id, outcome } of outcomes) {
    if (outcome.kind !== 'retry') continue
    await sending
      .set((eb) => ({
        status: 'pending',
        last_error: outcome.reason.slice(0, 500),
        attempts: outcome.countAttempt ? eb.ref('attempts') : eb('attempts', '-', 1),
      }))
      .where('id', '=', id)
      .execute()
  }
  return {
    sent: await settle(
      outcomes.flatMap(({ id, outcome }) => (outcome.kind === 'sent' ? [{ id, value: outcome.messageId }] : [])),
      (messageIds) => ({ status: 'sent', sent_at: at, message_id: messageIds, last_error: null }),
    ),
    failed: await settle(
      outcomes.flatMap(({ id, outcome }) => (outcome.kind === 'failed' ? [{ id, value: outcome.reason.slice(0, 500) }] : [])),
      (reasons) => ({ status: 'failed', last_error: reasons }),
    ),
  }
}

async function addToCounters(trx: DB, jobId: number, counts: { sent: number; failed: number; skipped: number }): Promise<void> {
  if (!counts.sent && !counts.failed && !counts.skipped) return
  await trx
    .updateTable('newsletter_jobs')
    .set((eb) => ({
      sent_count: eb('sent_count', '+', counts.sent),
      failed_count: eb('failed_count', '+', counts.failed),
      skipped_count: eb('skipped_count', '+', counts.skipped),
      updated_at: now(),
    }))
    .where('id', '=', jobId)
    .execute()
}

/**
 * After a crash: deliveries still 'sending' had their SES call under way when their process died (it is no longer in
 * app_instances: see repositories/instances.ts). They are marked 'unconfirmed' and counted apart, never retried by
 * themselves: SES's Delivery notification turns one into sent, and the administrator may resend those still
 * unconfirmed later (docs/decisions/040-newsletter-delivery-after-a-crash.md). Deliveries of running processes are
 * left alone.
 */
export async function reconcileInterruptedDeliveries(db: DB): Promise<number> {
  const interrupted = sql<SqlBool>`(claimed_by IS NULL OR claimed_by NOT IN (SELECT id FROM app_instances))`
  return inTransaction(db, async (trx) => {
    const perJob = await trx
      .selectFrom('newsletter_deliveries')
      .select(['job_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', '=', 'sending')
      .where(interrupted)
      .groupBy('job_id')
      .execute()
    if (perJob.length === 0) return 0
    await trx
      .updateTable('newsletter_deliveries')
      .set({
        status: 'unconfirmed',
        sent_at: now(),
        last_error: 'interrupted during the SES call: not retried until SES confirms it or an administrator resends it',
      })
      .where('status', '=', 'sending')
      .where(interrupted)
      .execute()
    for (const { job_id, count } of perJob) {
      await trx
        .updateTable('newsletter_jobs')
        .set((eb) => ({ unconfirmed_count: eb('unconfirmed_count', '+', count), updated_at: now() }))
        .where('id', '=', job_id)
        .execute()
    }
    return perJob.reduce((sum, { count }) => sum + count, 0)
  })
}

/** Deliveries not yet settled (still to send, or in flight). */
export async function countOpenDeliveries(db: DB, jobId: number): Promise<number> {
  const { count } = await db
    .selectFrom('newsletter_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('job_id', '=', jobId)
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow()
  return count
}

/** The most frequent failure reasons of a campaign, for the operator. */
export async function failureReasons(db: DB, jobId: number): Promise<{ reason: string; count: number }[]> {
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['last_error', (eb) => eb.fn.countAll<number>().as('count')])
    .where('job_id', '=', jobId)
    .where('status', '=', 'failed')
    .groupBy('last_error')
    .orderBy('count', 'desc')
    .limit(5)
    .execute()
  return rows.map((row) => ({ reason: row.last_error ?? '', count: row.count }))
}

/**
 * Puts a campaign's deliveries still unconfirmed before `before` back in the queue, and the campaign back to sending.
 * Returns how many, or null when the campaign was cancelled (or is gone).
 */
export async function requeueUnconfirmedDeliveries(db: DB, jobId: number, before: string): Promise<number | null> {
  return inTransaction(db, async (trx) => {
    const job = await trx.selectFrom('newsletter_jobs').select('status').where('id', '=', jobId).executeTakeFirst()
    if (!job || !['sending', 'completed', 'paused', 'send_failed'].includes(job.status)) return null
    const result = await trx
      .updateTable('newsletter_deliveries')
      .set({ status: 'pending', last_error: 'resent by an administrator: SES never confirmed it' })
      .where('job_id', '=', jobId)
      .where('status', '=', 'unconfirmed')
      .where((eb) => eb.or([eb('sent_at', '<', before), eb('sent_at', 'is', null)]))
      .executeTakeFirst()
    const count = Number(result.numUpdatedRows)
    if (count === 0) return 0
    const at = now()
    await trx
      .updateTable('newsletter_jobs')
      .set((eb) => ({
        unconfirmed_count: eb('unconfirmed_count', '-', count),
        status: job.status === 'paused' ? 'paused' : 'sending',
        finished_at: null,
        error: null,
        updated_at: at,
      }))
      .where('id', '=', jobId)
      .execute()
    return count
  })
}

import { type RawBuilder, type SqlBool, sql, type UpdateObject } from 'kysely'
import { type DB, inTransaction } from '#db/client.ts'
import type { Database, NewNewsletterJob, NewsletterJob, NewsletterJobUpdate } from '#db/schema.ts'
import type { NewsletterJobStatus, NewsletterTargetGroup } from '#shared/enums.ts'
import type { Segment } from '#shared/schemas/newsletter.ts'
import { insertSegmentDeliveries } from './newsletter-segments.ts'
import { skipLocked } from './dialect/claims.ts'

const now = () => new Date().toISOString()

/** Statuses the worker still has to act on, in the order it acts on them. */
const RUNNABLE_JOB_STATUSES: NewsletterJobStatus[] = ['pending_preparation', 'preparing', 'sending']

export type NewsletterJobSummary = Pick<
  NewsletterJob,
  | 'id'
  | 'subject'
  | 'target_group'
  | 'status'
  | 'total_recipients'
  | 'sent_count'
  | 'failed_count'
  | 'skipped_count'
  | 'unconfirmed_count'
  | 'error'
  | 'created_by'
  | 'created_at'
  | 'updated_at'
  | 'started_at'
  | 'finished_at'
  | 'scheduled_at'
  | 'filters'
  | 'editor'
>

const summaryColumns = [
  'id',
  'subject',
  'target_group',
  'status',
  'total_recipients',
  'sent_count',
  'failed_count',
  'skipped_count',
  'unconfirmed_count',
  'error',
  'created_by',
  'created_at',
  'updated_at',
  'started_at',
  'finished_at',
  'scheduled_at',
  'filters',
  'editor',
] as const

/**
 * Inserts a campaign waiting for preparation. A second request with the same idempotency key
 * (a double click, a retried request) gets the first campaign back instead of a new one.
 */
export type CampaignFields = {
  subject: string
  bodyHtml: string
  bodySource: string | null
  editor: 'visual' | 'html'
  targetGroup: NewsletterTargetGroup
  segment: Partial<Segment>
  status: 'draft' | 'scheduled' | 'pending_preparation'
  scheduledAt: string | null
}

export async function createNewsletterJob(
  db: DB,
  job: CampaignFields & { idempotencyKey: string; createdBy: string },
): Promise<{ job: NewsletterJobSummary; created: boolean }> {
  const at = now()
  const values: NewNewsletterJob = {
    subject: job.subject,
    body_html: job.bodyHtml,
    body_source: job.bodySource,
    editor: job.editor,
    target_group: job.targetGroup,
    filters: JSON.stringify(job.segment),
    status: job.status,
    scheduled_at: job.scheduledAt,
    idempotency_key: job.idempotencyKey,
    created_by: job.createdBy,
    created_at: at,
    updated_at: at,
  }
  const inserted = await db
    .insertInto('newsletter_jobs')
    .values(values)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning(summaryColumns)
    .executeTakeFirst()
  if (inserted) return { job: inserted, created: true }
  const existing = await db.selectFrom('newsletter_jobs').select(summaryColumns).where('idempotency_key', '=', job.idempotencyKey).executeTakeFirstOrThrow()
  return { job: existing, created: false }
}

export async function findNewsletterJob(db: DB, id: number): Promise<NewsletterJob | undefined> {
  return db.selectFrom('newsletter_jobs').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findNewsletterJobSummary(db: DB, id: number): Promise<NewsletterJobSummary | undefined> {
  return db.selectFrom('newsletter_jobs').select(summaryColumns).where('id', '=', id).executeTakeFirst()
}

/** Newest first, without the bodies. */
export async function listNewsletterJobs(db: DB, limit: number): Promise<NewsletterJobSummary[]> {
  return db.selectFrom('newsletter_jobs').select(summaryColumns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
}

/** The oldest campaign the worker has to prepare or send. */
export async function nextRunnableJob(db: DB): Promise<NewsletterJob | undefined> {
  return db.selectFrom('newsletter_jobs').selectAll().where('status', 'in', RUNNABLE_JOB_STATUSES).orderBy('id').limit(1).executeTakeFirst()
}

/** Moves a campaign from one of `from` to `to`; returns false when it was in none of them (someone else moved it first). */
export async function transitionNewsletterJob(
  db: DB,
  id: number,
  from: NewsletterJobStatus[],
  to: NewsletterJobStatus,
  extra: { error?: string | null; filters?: string } = {},
): Promise<boolean> {
  const at = now()
  const update: NewsletterJobUpdate = {
    status: to,
    updated_at: at,
    ...(extra.error !== undefined ? { error: extra.error } : {}),
    ...(extra.filters !== undefined ? { filters: extra.filters } : {}),
    ...(to === 'paused' ? { paused_at: at } : {}),
    ...(to === 'cancelled' ? { cancelled_at: at } : {}),
    ...(to === 'completed' || to === 'send_failed' || to === 'cancelled' ? { finished_at: at } : {}),
  }
  const result = await db.updateTable('newsletter_jobs').set(update).where('id', '=', id).where('status', 'in', from).executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Mailable recipients of each group, counted exactly as preparation selects them:
 * distinct requester e-mails, and artisans with an e-mail, both minus the suppression list.
 */
export async function countNewsletterRecipients(db: DB): Promise<{ users: number; artisans: number }> {
  const users = await sql<{ count: number }>`
    select count(distinct l.email_normalized) as count from leads l
    where l.email_normalized <> ''
      and not exists (select 1 from email_suppressions s where s.email_normalized = l.email_normalized)`.execute(db)
  const artisans = await sql<{ count: number }>`
    select count(distinct lower(trim(a.email))) as count from artisans a
    where trim(a.email) <> ''
      and not exists (select 1 from email_suppressions s where s.email_normalized = lower(trim(a.email)))`.execute(db)
  return { users: users.rows[0]?.count ?? 0, artisans: artisans.rows[0]?.count ?? 0 }
}

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

/** Unsubscribes an address from every campaign; an earlier suppression (erased, bounced) is kept as it is. */
export async function suppressEmail(db: DB, emailNormalized: string, reason: 'unsubscribed' | 'complaint' | 'bounced'): Promise<boolean> {
  const result = await db
    .insertInto('email_suppressions')
    .values({ email_normalized: emailNormalized, reason, created_at: now() })
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
}

export async function isEmailSuppressed(db: DB, emailNormalized: string): Promise<boolean> {
  const row = await db.selectFrom('email_suppressions').select('reason').where('email_normalized', '=', emailNormalized).executeTakeFirst()
  return row !== undefined
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

/** A draft or scheduled campaign changed by the administrator (content, audience, schedule); false when it already left those states. */
export async function updateDraftJob(db: DB, id: number, job: CampaignFields): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_jobs')
    .set({
      subject: job.subject,
      body_html: job.bodyHtml,
      body_source: job.bodySource,
      editor: job.editor,
      target_group: job.targetGroup,
      filters: JSON.stringify(job.segment),
      status: job.status,
      scheduled_at: job.scheduledAt,
      updated_at: now(),
    })
    .where('id', '=', id)
    .where('status', 'in', ['draft', 'scheduled'])
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Scheduled campaigns whose time has come move to preparation; returns how many. */
export async function releaseDueCampaigns(db: DB, at = now()): Promise<number> {
  const result = await db
    .updateTable('newsletter_jobs')
    .set({ status: 'pending_preparation', updated_at: at })
    .where('status', '=', 'scheduled')
    .where('scheduled_at', '<=', at)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** A draft or scheduled campaign with everything needed to reopen it in the form. */
export async function findEditableJob(db: DB, id: number) {
  return db
    .selectFrom('newsletter_jobs')
    .select(['id', 'subject', 'body_html', 'body_source', 'editor', 'target_group', 'filters', 'status', 'scheduled_at'])
    .where('id', '=', id)
    .executeTakeFirst()
}

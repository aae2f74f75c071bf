import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { NewNewsletterJob, NewsletterJob, NewsletterJobUpdate } from '#db/schema.ts'
import type { NewsletterJobStatus, NewsletterTargetGroup } from '#shared/enums.ts'
import type { Segment } from '#shared/schemas/newsletter.ts'
import { artisanAudience, readSoftOptIn } from '../newsletter/audience.ts'

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

/** The columns an administrator's campaign fields fill, on creation and on each change of a draft. */
const campaignColumns = (job: CampaignFields) => ({
  subject: job.subject,
  body_html: job.bodyHtml,
  body_source: job.bodySource,
  editor: job.editor,
  target_group: job.targetGroup,
  filters: JSON.stringify(job.segment),
  status: job.status,
  scheduled_at: job.scheduledAt,
})

export async function createNewsletterJob(
  db: DB,
  job: CampaignFields & { idempotencyKey: string; createdBy: string },
): Promise<{ job: NewsletterJobSummary; created: boolean }> {
  const at = now()
  const values: NewNewsletterJob = {
    ...campaignColumns(job),
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
 * Mailable recipients of each target group (keyed by its stored value), counted exactly as preparation selects them:
 * distinct requester e-mails, and artisans with an e-mail who take the newsletter, both minus the suppression list.
 */
export async function countNewsletterRecipients(db: DB): Promise<Record<NewsletterTargetGroup, number>> {
  // Without the soft opt-in only the addresses that consented, read from their partial index (server/newsletter/audience.ts).
  const consented = (await readSoftOptIn(db)) ? sql`` : sql`l.marketing_consent_at is not null and`
  const requesters = await sql<{ count: number }>`
    select count(distinct l.email_normalized) as count from leads l
    where ${consented} l.email_normalized <> ''
      and not exists (select 1 from email_suppressions s where s.email_normalized = l.email_normalized)`.execute(db)
  const artisans = await sql<{ count: number }>`
    select count(distinct lower(trim(a.email))) as count from artisans a
    where trim(a.email) <> '' and ${artisanAudience}
      and not exists (select 1 from email_suppressions s where s.email_normalized = lower(trim(a.email)))`.execute(db)
  return { users: requesters.rows[0]?.count ?? 0, artisans: artisans.rows[0]?.count ?? 0 }
}

/** A draft or scheduled campaign changed by the administrator (content, audience, schedule); false when it already left those states. */
export async function updateDraftJob(db: DB, id: number, job: CampaignFields): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_jobs')
    .set({ ...campaignColumns(job), updated_at: now() })
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

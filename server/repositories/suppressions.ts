import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { EmailSuppressionsTable } from '#db/schema.ts'
import { position } from './dialect/functions.ts'

// The only module that writes email_suppressions: every way onto the list (and off it) is a function here.
const now = () => new Date().toISOString()

/**
 * Unsubscribes an address from every campaign, naming the campaign whose link it used (null when the link named none);
 * an earlier suppression (erased, bounced) is kept as it is.
 */
export async function suppressEmail(
  db: DB,
  emailNormalized: string,
  reason: 'unsubscribed' | 'complaint' | 'bounced',
  sourceJobId: number | null = null,
): Promise<boolean> {
  const result = await db
    .insertInto('email_suppressions')
    .values({ email_normalized: emailNormalized, reason, created_at: now(), source_job_id: sourceJobId })
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
}

/** Suppresses an address SES reported (bounced, complained), naming the campaign it came from; an earlier suppression is kept as it is. */
export async function suppressForFeedback(
  trx: DB,
  email: string,
  reason: EmailSuppressionsTable['reason'],
  jobId: number | null,
  detail: string | null,
  at: string,
): Promise<number> {
  const result = await trx
    .insertInto('email_suppressions')
    .values({ email_normalized: email, reason, created_at: at, source_job_id: jobId, detail })
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n)
}

/** Suppresses the address of an erased person for good: the reason becomes 'erased' whatever it was before. */
export async function suppressErasedEmail(db: DB, emailNormalized: string, at: string): Promise<void> {
  await db
    .insertInto('email_suppressions')
    .values({ email_normalized: emailNormalized, reason: 'erased', created_at: at })
    .onConflict((oc) => oc.column('email_normalized').doUpdateSet({ reason: 'erased', created_at: at }))
    .execute()
}

/** Takes an address off the suppression list; returns what was removed, or undefined when it was not there. */
export async function removeSuppression(db: DB, email: string) {
  return db
    .deleteFrom('email_suppressions')
    .where('email_normalized', '=', email)
    .returning(['email_normalized', 'reason', 'detail', 'created_at', 'source_job_id'])
    .executeTakeFirst()
}

/**
 * When the recipient of delivery `d` (of campaign `j`) unsubscribed because of that campaign, or null: the one
 * definition of a campaign's 'Disiscritti'. The link names its campaign; a suppression without one (a link sent
 * before links named their campaign, a rating request's link) counts for the campaigns mailed before it.
 */
export const unsubscribedFromCampaign = () =>
  sql<
    string | null
  >`(select s.created_at from email_suppressions s where s.email_normalized = d.email_normalized and s.reason = 'unsubscribed' and (s.source_job_id = d.job_id or (s.source_job_id is null and s.created_at >= coalesce(d.sent_at, j.started_at, j.created_at))))`

export async function isEmailSuppressed(db: DB, emailNormalized: string): Promise<boolean> {
  const row = await db.selectFrom('email_suppressions').select('reason').where('email_normalized', '=', emailNormalized).executeTakeFirst()
  return row !== undefined
}

export type SuppressionRow = {
  email: string
  reason: EmailSuppressionsTable['reason']
  detail: string | null
  createdAt: string
  sourceJobId: number | null
  sourceJobSubject: string | null
}

/** The suppression list, newest first, optionally only addresses containing `search`. */
export async function listSuppressions(db: DB, { search, page, pageSize }: { search: string; page: number; pageSize: number }) {
  let query = db.selectFrom('email_suppressions as s').leftJoin('newsletter_jobs as j', 'j.id', 's.source_job_id')
  const needle = search.trim().toLowerCase()
  if (needle) query = query.where(sql<boolean>`${position(db, sql.ref('s.email_normalized'), needle)} > 0`)
  const [rows, total] = await Promise.all([
    query
      .select([
        's.email_normalized as email',
        's.reason',
        's.detail',
        's.created_at as createdAt',
        's.source_job_id as sourceJobId',
        'j.subject as sourceJobSubject',
      ])
      .orderBy('s.created_at', 'desc')
      .orderBy('s.email_normalized')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows as SuppressionRow[], total: Number(total.n) }
}

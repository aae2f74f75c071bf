import { createHmac, randomBytes } from 'node:crypto'
import { isIPv6 } from 'node:net'
import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { ReviewStatus } from '#db/schema.ts'
import { romeDay } from '#shared/italian-time.ts'
import { ERASED_AUTHOR, type HideReason, REPORTS_PER_REPORTER_PER_DAY, reviewAuthorLabel } from '#shared/reviews.ts'
import { REVIEWS_PAGE_SIZE, type ReviewFilters } from '#shared/schemas/reviews.ts'
import { bumpPublicVersion } from '../profiles/public-version.ts'
import { serializeOn } from './dialect/claims.ts'
import { leadComune } from './matching.ts'
import { listPage } from './search.ts'
import { settingOrCreate } from './settings.ts'

/** The lead a review is written from: who wrote it, where and what the job was, and when it was first accepted. */
type ReviewedLead = { full_name: string; comune_slug: string | null; location_label: string | null; service_name: string; first_accepted_at: string | null }

/**
 * Writes the public side of a rating, in the rating's transaction: published at once without a comment (and the public
 * version bumped), else waiting for moderation. `acceptedAt` stands in for the lead's first acceptance when it has none.
 */
export async function writeReview(
  trx: DB,
  review: { leadId: number; artisanId: number; stars: number; comment: string | null; lead: ReviewedLead; acceptedAt: string | null },
  now: string,
): Promise<ReviewStatus> {
  const status: ReviewStatus = review.comment ? 'pending' : 'published'
  const acceptedAt = review.lead.first_accepted_at ?? review.acceptedAt ?? now
  await trx
    .insertInto('reviews')
    .values({
      artisan_id: review.artisanId,
      lead_id: review.leadId,
      stars: review.stars,
      comment: review.comment,
      author_label: reviewAuthorLabel(review.lead.full_name),
      comune: leadComune(review.lead)?.name ?? null,
      service_name: review.lead.service_name,
      job_month: romeDay(Date.parse(acceptedAt)).slice(0, 7),
      status,
      created_at: now,
      published_at: status === 'published' ? now : null,
    })
    .execute()
  if (status === 'published') await bumpPublicVersion(trx, now)
  return status
}

/** The reviews of a lead's craftsmen, by craftsman: what the rating page shows of a rating already given. */
export async function leadReviews(db: DB, leadId: number) {
  const rows = await db.selectFrom('reviews').select(['artisan_id', 'status']).where('lead_id', '=', leadId).execute()
  return new Map(rows.map((row) => [row.artisan_id, row.status]))
}

/** A review's words and where it stands (alias `r`): what its author, its craftsman and the office each read of it. */
export const REVIEW_TEXT_COLUMNS = [
  'r.stars',
  'r.comment',
  'r.author_label',
  'r.comune',
  'r.service_name',
  'r.job_month',
  'r.status',
  'r.hidden_reason',
] as const

const REVIEW_COLUMNS = [
  'r.id',
  'r.artisan_id',
  'r.lead_id',
  ...REVIEW_TEXT_COLUMNS,
  'r.moderated_at',
  'r.text_removed_at',
  'r.reply',
  'r.reply_at',
  'r.created_at',
  'r.published_at',
  'a.company_name',
  'a.contact_name',
] as const

function reviewsWithArtisan(db: DB) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('artisans as a', 'a.id', 'r.artisan_id')
    .select(REVIEW_COLUMNS)
    .select((eb) => eb.selectFrom('admin_users as u').select('u.email').whereRef('u.id', '=', 'r.moderated_by').as('moderated_by_email'))
}

/** A review as the back office shows it, with its craftsman, who moderated it and its reports (open first). */
export async function findReview(db: DB, id: number) {
  const review = await reviewsWithArtisan(db).where('r.id', '=', id).executeTakeFirst()
  if (!review) return undefined
  return { ...review, reports: await reportsOf(db, [id]) }
}

/** The reporter key of a craftsman's own report, filed from their area (`artisan:<id>`). */
export const artisanReporter = (artisanId: number) => `artisan:${artisanId}`

/** A review's reports, open first; `byArtisan` when the reviewed craftsman filed it from their area. */
async function reportsOf(db: DB, reviewIds: number[]) {
  if (!reviewIds.length) return []
  const rows = await db
    .selectFrom('review_reports')
    .select(['id', 'review_id', 'reason', 'note', 'created_at', 'resolved_at', 'reporter'])
    .where('review_id', 'in', reviewIds)
    .orderBy(sql`resolved_at IS NULL`, 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map(({ reporter, ...report }) => ({ ...report, byArtisan: reporter.startsWith('artisan:') }))
}

/** How many things wait for the office: reviews to moderate and reviews with open reports (the menu's count). */
export async function countToModerate(db: DB): Promise<number> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.exists(eb.selectFrom('review_reports as rr').select('rr.id').whereRef('rr.review_id', '=', 'reviews.id').where('rr.resolved_at', 'is', null)),
      ]),
    )
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** At most this many of each kind in the queue at once: the office works them oldest first. */
const QUEUE_LIMIT = 50

/** "Recensioni da moderare": reviews waiting, oldest first, then reviews with open reports, earliest report first. */
export async function moderationQueue(db: DB) {
  const pending = await reviewsWithArtisan(db).where('r.status', '=', 'pending').orderBy('r.created_at').orderBy('r.id').limit(QUEUE_LIMIT).execute()
  const reportedIds = (
    await db
      .selectFrom('review_reports')
      .select('review_id')
      .select((eb) => eb.fn.min('created_at').as('first'))
      .where('resolved_at', 'is', null)
      .groupBy('review_id')
      .orderBy('first')
      .limit(QUEUE_LIMIT)
      .execute()
  ).map((row) => row.review_id)
  const reported = reportedIds.length ? await reviewsWithArtisan(db).where('r.id', 'in', reportedIds).execute() : []
  const reports = await reportsOf(db, reportedIds)
  const byId = new Map(reported.map((review) => [review.id, review]))
  return {
    pending,
    reported: reportedIds.map((id) => ({ ...byId.get(id)!, reports: reports.filter((report) => report.review_id === id && !report.resolved_at) })),
    total: await countToModerate(db),
  }
}

/** One page of every review, newest first, by status and craftsman. */
export async function listReviews(db: DB, filters: ReviewFilters, page: number, pageSize = REVIEWS_PAGE_SIZE) {
  let query = reviewsWithArtisan(db)
  if (filters.status) query = query.where('r.status', '=', filters.status)
  if (filters.artisanId) query = query.where('r.artisan_id', '=', filters.artisanId)
  let count = db.selectFrom('reviews as r').select((eb) => eb.fn.countAll<number>().as('n'))
  if (filters.status) count = count.where('r.status', '=', filters.status)
  if (filters.artisanId) count = count.where('r.artisan_id', '=', filters.artisanId)
  const total = Number((await count.executeTakeFirstOrThrow()).n)
  const rows = total
    ? await query
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute()
    : []
  return listPage(rows, total, page, pageSize)
}

/** The craftsmen who have reviews, for the list's filter. */
export function reviewedArtisans(db: DB) {
  return db
    .selectFrom('artisans as a')
    .select(['a.id', 'a.company_name', 'a.contact_name'])
    .where((eb) => eb.exists(eb.selectFrom('reviews as r').select('r.id').whereRef('r.artisan_id', '=', 'a.id')))
    .orderBy('a.contact_name')
    .execute()
}

type Moderated = { before: ReviewStatus; leadId: number | null; artisanId: number }

/** Closes a review's open reports (kept or hidden, the office has looked at them). */
async function resolveOpenReports(trx: DB, reviewId: number, adminId: string, now: string): Promise<number> {
  const result = await trx
    .updateTable('review_reports')
    .set({ resolved_at: now, resolved_by: adminId })
    .where('review_id', '=', reviewId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Publishes or hides a review (with a reason of the policy), resolving its open reports; bumps the public version when
 * what a profile shows changes. Undefined for an unknown review. Call inside the transaction of its audit entry.
 */
export async function moderateReview(
  trx: DB,
  id: number,
  decision: { action: 'publish' } | { action: 'hide'; reason: HideReason },
  adminId: string,
  now = new Date().toISOString(),
): Promise<(Moderated & { resolvedReports: number }) | undefined> {
  const review = await trx.selectFrom('reviews').select(['status', 'lead_id', 'artisan_id', 'published_at']).where('id', '=', id).executeTakeFirst()
  if (!review) return undefined
  const status: ReviewStatus = decision.action === 'publish' ? 'published' : 'hidden'
  await trx
    .updateTable('reviews')
    .set({
      status,
      hidden_reason: decision.action === 'hide' ? decision.reason : null,
      moderated_by: adminId,
      moderated_at: now,
      published_at: status === 'published' ? (review.published_at ?? now) : review.published_at,
    })
    .where('id', '=', id)
    .execute()
  const resolvedReports = await resolveOpenReports(trx, id, adminId, now)
  if (review.status === 'published' || status === 'published') await bumpPublicVersion(trx, now)
  return { before: review.status, leadId: review.lead_id, artisanId: review.artisan_id, resolvedReports }
}

/** Keeps a reported review as it is: its open reports are resolved. The count resolved (0: none was open). */
export function keepReportedReview(trx: DB, id: number, adminId: string, now = new Date().toISOString()): Promise<number> {
  return resolveOpenReports(trx, id, adminId, now)
}

/** Publishes the craftsman's one reply; 'exists' when the review has one already. */
export async function publishReply(trx: DB, id: number, reply: string, adminId: string, now = new Date().toISOString()) {
  const review = await trx.selectFrom('reviews').select(['status', 'reply']).where('id', '=', id).executeTakeFirst()
  if (!review) return 'missing' as const
  const result = await trx
    .updateTable('reviews')
    .set({ reply, reply_at: now, reply_by: adminId })
    .where('id', '=', id)
    .where('reply', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return 'exists' as const
  if (review.status === 'published') await bumpPublicVersion(trx, now)
  return 'published' as const
}

/**
 * Removes a review's text at its author's request: the stars stay, and the private rating's comment goes with it
 * (the author asked for their words to go). 'none' when there was no text.
 */
export async function removeReviewText(trx: DB, id: number, now = new Date().toISOString()) {
  const review = await trx.selectFrom('reviews').select(['status', 'comment', 'lead_id', 'artisan_id']).where('id', '=', id).executeTakeFirst()
  if (!review) return 'missing' as const
  if (review.comment === null) return 'none' as const
  await trx.updateTable('reviews').set({ comment: null, text_removed_at: now }).where('id', '=', id).execute()
  if (review.lead_id !== null) {
    await trx
      .updateTable('lead_ratings')
      .set({ comment: null, updated_at: now })
      .where('lead_id', '=', review.lead_id)
      .where('artisan_id', '=', review.artisan_id)
      .execute()
  }
  if (review.status === 'published') await bumpPublicVersion(trx, now)
  return 'removed' as const
}

/** The requester a hidden review's mail goes to, with what it names; undefined once the requester was erased. */
export function reviewAuthor(db: DB, leadId: number) {
  return db.selectFrom('leads').select(['id', 'full_name', 'email', 'service_name']).where('id', '=', leadId).executeTakeFirst()
}

/** A published review, for the public report form; undefined for any other. */
export function findPublishedReview(db: DB, id: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('artisans as a', 'a.id', 'r.artisan_id')
    .select(['r.id', 'r.stars', 'r.author_label', 'r.job_month', 'r.service_name', 'r.comune', 'a.company_name', 'a.contact_name'])
    .where('r.id', '=', id)
    .where('r.status', '=', 'published')
    .executeTakeFirst()
}

const DAY_MS = 86_400_000

/**
 * The address a report is counted by: an IPv4 address, or the /64 network of an IPv6 one (a household is given a
 * whole /64 and can change the rest at will). IPv4 written inside IPv6 (::ffff:1.2.3.4) is the IPv4 address.
 */
export function reporterAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!isIPv6(address)) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

const REPORTER_SECRET_KEY = 'review_report_secret'

/** The keyed hash a report stores for its reporter: the address itself is never stored, nor a plain hash of it (guessable). */
export async function reporterKey(db: DB, address: string): Promise<string> {
  const secret = await settingOrCreate(db, REPORTER_SECRET_KEY, () => randomBytes(32).toString('base64url'))
  return createHmac('sha256', secret)
    .update(`review-report\n${reporterAddress(address)}`)
    .digest('base64url')
}

export type ReportOutcome = 'reported' | 'not_found' | 'already_reported' | 'too_many'

/**
 * Files a visitor's report of a published review: once per review per reporter, and at most
 * REPORTS_PER_REPORTER_PER_DAY a day, checked and counted in one statement, the reporter's transactions one after the other.
 */
export function reportReview(
  db: DB,
  report: { reviewId: number; reason: string; note: string | null; reporter: string },
  now = Date.now(),
): Promise<ReportOutcome> {
  return db.transaction().execute((trx) => fileReport(trx, report, now))
}

/** reportReview inside a transaction the caller holds (a craftsman's report records its audit entry in it). */
export async function fileReport(
  trx: DB,
  report: { reviewId: number; reason: string; note: string | null; reporter: string },
  now = Date.now(),
): Promise<ReportOutcome> {
  const review = await trx.selectFrom('reviews').select('id').where('id', '=', report.reviewId).where('status', '=', 'published').executeTakeFirst()
  if (!review) return 'not_found'
  await serializeOn(trx, `review_reports:${report.reporter}`)
  const already = await trx
    .selectFrom('review_reports')
    .select('id')
    .where('review_id', '=', report.reviewId)
    .where('reporter', '=', report.reporter)
    .executeTakeFirst()
  if (already) return 'already_reported'
  const at = new Date(now).toISOString()
  const since = new Date(now - DAY_MS).toISOString()
  const result = await sql`
    INSERT INTO review_reports (review_id, reason, note, reporter, created_at)
    SELECT ${report.reviewId}, ${report.reason}, ${report.note}, ${report.reporter}, ${at}
    WHERE (SELECT count(*) FROM review_reports WHERE reporter = ${report.reporter} AND created_at > ${since}) < ${REPORTS_PER_REPORTER_PER_DAY}
    ON CONFLICT (review_id, reporter) DO NOTHING
  `.execute(trx)
  if (Number(result.numAffectedRows ?? 0) === 1) return 'reported'
  return (await trx
    .selectFrom('review_reports')
    .select('id')
    .where('review_id', '=', report.reviewId)
    .where('reporter', '=', report.reporter)
    .executeTakeFirst())
    ? 'already_reported'
    : 'too_many'
}

/** A requester's reviews, by lead (their data export). */
export function reviewsOfLeads(db: DB, leadIds: number[]) {
  if (!leadIds.length) return Promise.resolve([])
  return db
    .selectFrom('reviews as r')
    .innerJoin('artisans as a', 'a.id', 'r.artisan_id')
    .select(['r.lead_id', 'a.contact_name as artisan', ...REVIEW_TEXT_COLUMNS, 'r.text_removed_at', 'r.reply', 'r.created_at', 'r.published_at'])
    .where('r.lead_id', 'in', leadIds)
    .orderBy('r.id')
    .execute()
}

/**
 * Anonymises a requester's reviews before their leads are deleted: "Cliente verificato", no link to the request; the
 * stars, the text, the town, the service and the month stay. Bumps the public version when a published one changed.
 */
export async function anonymiseReviews(trx: DB, leadIds: number[], now = new Date().toISOString()): Promise<number> {
  if (!leadIds.length) return 0
  const published = await trx
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('lead_id', 'in', leadIds)
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow()
  const result = await trx.updateTable('reviews').set({ author_label: ERASED_AUTHOR, lead_id: null }).where('lead_id', 'in', leadIds).executeTakeFirst()
  if (Number(published.n) > 0) await bumpPublicVersion(trx, now)
  return Number(result.numUpdatedRows)
}

import type { DB } from '#db/client.ts'
import type { ProcessedPhoto } from '../profiles/portfolio-photos.ts'

/**
 * What craftsmen propose from their area (artisan_profile_changes): a description, a photo, a reply to a review. Each
 * waits for the office, which approves it (it goes live then) or refuses it with a reason the craftsman reads.
 */

/** The columns a change is listed with: never the photo's bytes. */
const CHANGE_COLUMNS = [
  'c.id',
  'c.artisan_id',
  'c.kind',
  'c.review_id',
  'c.text',
  'c.photo_width',
  'c.photo_height',
  'c.photo_caption',
  'c.status',
  'c.refusal_reason',
  'c.created_at',
  'c.decided_at',
] as const

/** Whether the craftsman has anything waiting: the office is mailed only when the first change of a batch arrives. */
export async function hasPendingChange(db: DB, artisanId: number): Promise<boolean> {
  const row = await db
    .selectFrom('artisan_profile_changes')
    .select('id')
    .where('artisan_id', '=', artisanId)
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** New photos waiting for the office: they count against MAX_PORTFOLIO_PHOTOS with the published ones. */
export async function countPendingPhotos(db: DB, artisanId: number): Promise<number> {
  const row = await db
    .selectFrom('artisan_profile_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('artisan_id', '=', artisanId)
    .where('kind', '=', 'photo')
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Proposes a description: it replaces the one still waiting, if any (one per craftsman). The change's id. */
export async function proposeDescription(trx: DB, artisanId: number, text: string, now = new Date().toISOString()): Promise<number> {
  const updated = await trx
    .updateTable('artisan_profile_changes')
    .set({ text, created_at: now })
    .where('artisan_id', '=', artisanId)
    .where('kind', '=', 'description')
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst()
  if (updated) return updated.id
  const row = await trx
    .insertInto('artisan_profile_changes')
    .values({ artisan_id: artisanId, kind: 'description', text, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Adds a new photo, resized and stripped, to wait for the office. */
export async function proposePhoto(trx: DB, artisanId: number, photo: ProcessedPhoto, caption: string | null, now = new Date().toISOString()): Promise<number> {
  const row = await trx
    .insertInto('artisan_profile_changes')
    .values({
      artisan_id: artisanId,
      kind: 'photo',
      photo_content_type: photo.contentType,
      photo_width: photo.width,
      photo_height: photo.height,
      photo_size: photo.content.length,
      photo_digest: photo.digest,
      photo_caption: caption,
      photo_content: photo.content,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Proposes the reply to a review; undefined when one is already waiting (the database keeps one per review). */
export async function proposeReply(trx: DB, artisanId: number, reviewId: number, text: string, now = new Date().toISOString()): Promise<number | undefined> {
  const row = await trx
    .insertInto('artisan_profile_changes')
    .values({ artisan_id: artisanId, kind: 'reply', review_id: reviewId, text, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

/** A change of this craftsman's, without bytes; undefined for another craftsman's or an unknown one. */
export function findOwnChange(db: DB, artisanId: number, changeId: number) {
  return db
    .selectFrom('artisan_profile_changes as c')
    .select(CHANGE_COLUMNS)
    .where('c.id', '=', changeId)
    .where('c.artisan_id', '=', artisanId)
    .executeTakeFirst()
}

export function findChange(db: DB, changeId: number) {
  return db.selectFrom('artisan_profile_changes as c').select(CHANGE_COLUMNS).where('c.id', '=', changeId).executeTakeFirst()
}

/**
 * Settles a pending change (approved, refused with its reason, withdrawn by the craftsman) and drops a photo's bytes;
 * false when it was no longer pending (decided meanwhile). Call inside the decision's transaction.
 */
export async function settleChange(
  trx: DB,
  changeId: number,
  outcome: { status: 'approved' | 'withdrawn' } | { status: 'refused'; reason: string },
  adminId: string | null,
  now = new Date().toISOString(),
): Promise<boolean> {
  const result = await trx
    .updateTable('artisan_profile_changes')
    .set({
      status: outcome.status,
      refusal_reason: outcome.status === 'refused' ? outcome.reason : null,
      decided_at: now,
      decided_by: adminId,
      photo_content: null,
    })
    .where('id', '=', changeId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** A waiting photo's bytes, for its owner's and the office's preview. */
export function findPendingPhoto(db: DB, changeId: number) {
  return db
    .selectFrom('artisan_profile_changes')
    .select(['artisan_id', 'photo_content_type', 'photo_content', 'photo_width', 'photo_height', 'photo_digest', 'photo_caption'])
    .where('id', '=', changeId)
    .where('kind', '=', 'photo')
    .where('status', '=', 'pending')
    .executeTakeFirst()
}

/** Decided changes a craftsman still sees on their profile page: the last refusals tell them what to fix. */
const RECENT_DECISIONS = 10

/** The craftsman's description and photos waiting, oldest first, and their latest refused ones, newest first. */
export async function ownProfileChanges(db: DB, artisanId: number) {
  const base = () => db.selectFrom('artisan_profile_changes as c').select(CHANGE_COLUMNS).where('c.artisan_id', '=', artisanId).where('c.kind', '!=', 'reply')
  const [pending, refused] = await Promise.all([
    base().where('c.status', '=', 'pending').orderBy('c.created_at').orderBy('c.id').execute(),
    base().where('c.status', '=', 'refused').orderBy('c.decided_at', 'desc').orderBy('c.id', 'desc').limit(RECENT_DECISIONS).execute(),
  ])
  return { pending, refused }
}

/** For each of these reviews, the craftsman's reply waiting and the latest one refused (with why). */
export async function replyChangesOf(db: DB, artisanId: number, reviewIds: number[]) {
  if (!reviewIds.length) return new Map<number, { pending?: ReplyChange; refused?: ReplyChange }>()
  const rows = await db
    .selectFrom('artisan_profile_changes as c')
    .select(['c.id', 'c.review_id', 'c.text', 'c.status', 'c.refusal_reason', 'c.created_at', 'c.decided_at'])
    .where('c.artisan_id', '=', artisanId)
    .where('c.kind', '=', 'reply')
    .where('c.review_id', 'in', reviewIds)
    .where('c.status', 'in', ['pending', 'refused'])
    .orderBy('c.id')
    .execute()
  const byReview = new Map<number, { pending?: ReplyChange; refused?: ReplyChange }>()
  for (const row of rows) {
    const entry = byReview.get(row.review_id!) ?? {}
    if (row.status === 'pending') entry.pending = row
    else entry.refused = row
    byReview.set(row.review_id!, entry)
  }
  return byReview
}
type ReplyChange = { id: number; text: string | null; refusal_reason: string | null; created_at: string; decided_at: string | null }

/** How many changes wait for the office: the menu's count. */
export async function countPendingChanges(db: DB): Promise<number> {
  const row = await db
    .selectFrom('artisan_profile_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** At most this many in the queue at once: the office works them oldest first. */
const QUEUE_LIMIT = 50

/**
 * "Modifiche profilo": changes waiting, oldest first, each with its craftsman, the description it would replace and,
 * for a reply, the review it answers.
 */
export async function changesQueue(db: DB) {
  const rows = await db
    .selectFrom('artisan_profile_changes as c')
    .innerJoin('artisans as a', 'a.id', 'c.artisan_id')
    .leftJoin('artisan_profiles as p', 'p.artisan_id', 'c.artisan_id')
    .leftJoin('reviews as r', 'r.id', 'c.review_id')
    .select(CHANGE_COLUMNS)
    .select([
      'a.company_name',
      'a.contact_name',
      'p.description as current_description',
      'p.published_at',
      'r.stars as review_stars',
      'r.comment as review_comment',
      'r.author_label as review_author',
      'r.job_month as review_month',
      'r.status as review_status',
    ])
    .where('c.status', '=', 'pending')
    .orderBy('c.created_at')
    .orderBy('c.id')
    .limit(QUEUE_LIMIT)
    .execute()
  return { rows, total: await countPendingChanges(db) }
}

import { type DB, inTransaction } from '#db/client.ts'
import type { RatingOutcome } from '#shared/enums.ts'
import { recordLeadEvent } from './lead-timeline.ts'
import { acceptedArtisans } from './offers.ts'
import { writeReview } from './reviews.ts'

export type RatingInput = { leadId: number; artisanId: number; stars: number; outcome: RatingOutcome; comment: string | null }

/**
 * Stores the requester's rating of a craftsman who accepted the lead and still stands by it (the list the rating page
 * shows), with its public side, the review (server/repositories/reviews.ts), in one transaction: once per job, so a
 * second rating of the same craftsman for the same lead is 'already_rated' and changes nothing. 'not_rateable' for anyone
 * else, a craftsman who gave the job back among them.
 */
export function saveRating(db: DB, rating: RatingInput, now = new Date().toISOString()): Promise<'created' | 'already_rated' | 'not_rateable'> {
  return inTransaction(db, async (trx) => {
    const accepted = (await acceptedArtisans(trx, rating.leadId)).find((artisan) => artisan.id === rating.artisanId)
    if (!accepted) return 'not_rateable'
    const lead = await trx
      .selectFrom('leads')
      .select(['full_name', 'comune_slug', 'location_label', 'service_name', 'first_accepted_at'])
      .where('id', '=', rating.leadId)
      .executeTakeFirst()
    if (!lead) return 'not_rateable'
    const inserted = await trx
      .insertInto('lead_ratings')
      .values({
        lead_id: rating.leadId,
        artisan_id: rating.artisanId,
        stars: rating.stars,
        outcome: rating.outcome,
        comment: rating.comment,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['lead_id', 'artisan_id']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) return 'already_rated'
    const review = await writeReview(
      trx,
      { leadId: rating.leadId, artisanId: rating.artisanId, stars: rating.stars, comment: rating.comment, lead, acceptedAt: accepted.responded_at },
      now,
    )
    await recordLeadEvent(
      trx,
      {
        leadId: rating.leadId,
        kind: 'rated',
        artisanId: rating.artisanId,
        actor: 'cliente',
        details: { artisanName: accepted.contact_name, stars: rating.stars, outcome: rating.outcome, review },
      },
      now,
    )
    return 'created'
  })
}

/** The requester's ratings of a lead's craftsmen, by craftsman. */
export async function leadRatings(db: DB, leadId: number) {
  const rows = await db.selectFrom('lead_ratings').select(['artisan_id', 'stars', 'outcome', 'comment', 'updated_at']).where('lead_id', '=', leadId).execute()
  return new Map(rows.map((row) => [row.artisan_id, row]))
}

/** Leads whose "Com'è andata?" is due, oldest first, with the requester's address. */
export function dueRatingRequests(db: DB, now: string, limit: number) {
  return db
    .selectFrom('leads')
    .select(['id', 'full_name', 'email', 'email_normalized', 'service_name', 'created_at'])
    .where('rating_request_due_at', '<=', now)
    .orderBy('rating_request_due_at')
    .limit(limit)
    .execute()
}

/** Marks a lead's rating request as handled (mailed, or skipped); true for the one caller that got there first. */
export async function markRatingRequested(db: DB, leadId: number, mailed: boolean, now = new Date().toISOString()): Promise<boolean> {
  const updated = await db
    .updateTable('leads')
    .set({ rating_request_due_at: null, rating_requested_at: mailed ? now : null })
    .where('id', '=', leadId)
    .where('rating_request_due_at', 'is not', null)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

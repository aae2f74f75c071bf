import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import type { DB } from '#db/client.ts'
import { pageField } from '#shared/schemas/admin-leads.ts'
import { areaReplyInput, areaReportInput, REPLY_ALREADY_SENT, REPLY_ONLY_PUBLISHED, REPORT_ONLY_PUBLISHED } from '#shared/schemas/artisan-area-profile.ts'
import { REPORT_ALREADY_SENT, REPORTS_TOO_MANY, REVIEW_NOT_FOUND } from '#shared/schemas/reviews.ts'
import { proposeChange } from '#server/profiles/profile-changes.ts'
import { byArtisan, recordAudit } from '#server/repositories/audit.ts'
import { proposeReply, replyChangesOf } from '#server/repositories/profile-changes.ts'
import { artisanReporter, fileReport, REVIEW_TEXT_COLUMNS } from '#server/repositories/reviews.ts'
import { listPage } from '#server/repositories/search.ts'
import { artisanProcedure, router } from '#server/trpc/init.ts'

/** Reviews per page of the area's list, newest first. */
const PAGE_SIZE = 10

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: REVIEW_NOT_FOUND })

/** The key a craftsman's reports are filed under (review_reports.reporter): once per review, as a visitor's address. */
const reporterOf = artisanReporter

/** One of the signed-in craftsman's reviews; NOT_FOUND for another's, whatever its id. */
async function ownReview(db: DB, artisanId: number, reviewId: number) {
  const review = await db
    .selectFrom('reviews')
    .select(['id', 'status', 'reply'])
    .where('id', '=', reviewId)
    .where('artisan_id', '=', artisanId)
    .executeTakeFirst()
  if (!review) throw notFound()
  return review
}

/**
 * The craftsman's reviews from their area (/artigiano/recensioni): every one with its state, one reply each that waits
 * for the office like a review, and a report of one that breaks the public policy.
 */
export const reviewsRouter = router({
  list: artisanProcedure.input(z.object({ page: pageField })).query(async ({ ctx, input }) => {
    const id = ctx.artisan.id
    const total = Number(
      (
        await ctx.db
          .selectFrom('reviews')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('artisan_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    )
    const rows = total
      ? await ctx.db
          .selectFrom('reviews as r')
          .select(['r.id', ...REVIEW_TEXT_COLUMNS, 'r.text_removed_at', 'r.reply', 'r.reply_at', 'r.created_at', 'r.published_at'])
          .select((eb) =>
            eb
              .exists(eb.selectFrom('review_reports as rr').select('rr.id').whereRef('rr.review_id', '=', 'r.id').where('rr.reporter', '=', reporterOf(id)))
              .as('reported'),
          )
          .where('r.artisan_id', '=', id)
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(PAGE_SIZE)
          .offset((input.page - 1) * PAGE_SIZE)
          .execute()
      : []
    const replies = await replyChangesOf(
      ctx.db,
      id,
      rows.map((row) => row.id),
    )
    return listPage(
      rows.map((row) => {
        const reply = replies.get(row.id)
        return {
          ...row,
          // Only what the public reads: a review waiting for the office, or hidden by it, shows its stars and state but
          // not its words, which its author may not see published (a craftsman holding the requester's phone must not
          // be able to answer them privately first).
          comment: row.status === 'published' ? row.comment : null,
          textWithheld: row.status !== 'published' && Boolean(row.comment),
          reported: Boolean(row.reported),
          pendingReply: reply?.pending ?? null,
          // A refusal matters while no reply stands or waits: the craftsman may then write another.
          refusedReply: row.reply || reply?.pending ? null : (reply?.refused ?? null),
        }
      }),
      total,
      input.page,
      PAGE_SIZE,
    )
  }),

  /** The one reply to a review: it waits for the office, which publishes it under the review or refuses it with a reason. */
  reply: artisanProcedure.input(areaReplyInput).mutation(async ({ ctx, input }) => {
    const review = await ownReview(ctx.db, ctx.artisan.id, input.reviewId)
    if (review.reply) throw new TRPCError({ code: 'CONFLICT', message: REPLY_ALREADY_SENT })
    if (review.status !== 'published') throw new TRPCError({ code: 'BAD_REQUEST', message: REPLY_ONLY_PUBLISHED })
    const { changeId } = await proposeChange(ctx.db, { artisan: ctx.artisan, publicUrl: ctx.env.PUBLIC_URL }, 'reply', async (trx) => {
      const changeId = await proposeReply(trx, ctx.artisan.id, review.id, input.reply)
      if (changeId === undefined) throw new TRPCError({ code: 'CONFLICT', message: REPLY_ALREADY_SENT })
      return { changeId }
    })
    ctx.logger.info({ artisanId: ctx.artisan.id, reviewId: review.id, changeId }, 'artisan proposed a reply')
    return { changeId }
  }),

  /** "Segnala": one of the policy's reasons, once per review, as a visitor's report; the office sees it in its queue. */
  report: artisanProcedure.input(areaReportInput).mutation(async ({ ctx, input }) => {
    await ownReview(ctx.db, ctx.artisan.id, input.reviewId)
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const outcome = await fileReport(trx, { reviewId: input.reviewId, reason: input.reason, note: input.note || null, reporter: reporterOf(ctx.artisan.id) })
      if (outcome === 'reported') {
        await recordAudit(trx, {
          ...byArtisan(ctx.artisan),
          action: 'review_report',
          entityType: 'artisan',
          entityId: ctx.artisan.id,
          details: { reviewId: input.reviewId, reason: input.reason },
        })
      }
      return outcome
    })
    ctx.logger.info({ artisanId: ctx.artisan.id, reviewId: input.reviewId, outcome }, 'artisan review report')
    if (outcome === 'not_found') throw new TRPCError({ code: 'BAD_REQUEST', message: REPORT_ONLY_PUBLISHED })
    if (outcome === 'already_reported') throw new TRPCError({ code: 'CONFLICT', message: REPORT_ALREADY_SENT })
    if (outcome === 'too_many') throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: REPORTS_TOO_MANY })
    return { ok: true as const }
  }),
})

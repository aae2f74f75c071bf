import { TRPCError } from '@trpc/server'
import { formatMonth } from '#shared/italian-time.ts'
import { HIDE_REASONS } from '#shared/reviews.ts'
import {
  moderateReviewSchema,
  NO_OPEN_REPORTS,
  REPLY_EXISTS,
  REVIEW_NOT_FOUND,
  reviewIdSchema,
  reviewListInputSchema,
  reviewReplySchema,
  TEXT_ALREADY_REMOVED,
} from '#shared/schemas/reviews.ts'
import { notifyOutbox } from '#server/mail/worker.ts'
import { byAdministrator, recordAudit } from '#server/repositories/audit.ts'
import { enqueueEmail } from '#server/repositories/outbox.ts'
import {
  countToModerate,
  findReview,
  keepReportedReview,
  listReviews,
  moderateReview,
  moderationQueue,
  publishReply,
  removeReviewText,
  reviewAuthor,
  reviewedArtisans,
} from '#server/repositories/reviews.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: REVIEW_NOT_FOUND })
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message })

/** "marzo 2026" from a review's YYYY-MM. */
const monthName = (jobMonth: string) => formatMonth(new Date(`${jobMonth}-15T12:00:00Z`))

/** The public reviews as the office moderates them (docs/product.md §11): the queue, the list, replies and removals. */
export const reviewsRouter = router({
  /** Reviews to moderate and reviews with open reports: the menu's count. */
  waiting: adminProcedure.query(async ({ ctx }) => ({ waiting: await countToModerate(ctx.db) })),

  queue: adminProcedure.query(({ ctx }) => moderationQueue(ctx.db)),

  list: adminProcedure.input(reviewListInputSchema).query(async ({ ctx, input: { page, ...filters } }) => ({
    ...(await listReviews(ctx.db, filters, page)),
    artisans: await reviewedArtisans(ctx.db),
  })),

  byId: adminProcedure.input(reviewIdSchema).query(async ({ ctx, input }) => {
    const review = await findReview(ctx.db, input.id)
    if (!review) throw notFound()
    return review
  }),

  /**
   * Pubblica or Nascondi (with a reason of the policy): the review's reports are resolved with it, and the author of a
   * review that becomes hidden is told why by e-mail, in the same transaction.
   */
  moderate: adminProcedure.input(moderateReviewSchema).mutation(async ({ ctx, input }) => {
    const result = await ctx.db.transaction().execute(async (trx) => {
      const moderated = await moderateReview(trx, input.id, input, ctx.user.id)
      if (!moderated) throw notFound()
      const review = (await findReview(trx, input.id))!
      const author =
        input.action === 'hide' && moderated.before !== 'hidden' && moderated.leadId !== null ? await reviewAuthor(trx, moderated.leadId) : undefined
      if (author && input.action === 'hide') {
        await enqueueEmail(trx, {
          to: author.email,
          replyTo: ctx.env.NOTIFY_EMAIL,
          subject: 'La tua recensione non è stata pubblicata',
          category: 'review-hidden',
          leadId: author.id,
          template: {
            name: 'review-hidden',
            props: {
              clientName: author.full_name,
              artisanName: review.company_name ?? review.contact_name,
              serviceName: review.service_name ?? author.service_name,
              jobMonth: monthName(review.job_month),
              stars: review.stars,
              reason: HIDE_REASONS[input.reason],
              policyUrl: `${ctx.env.PUBLIC_URL}/come-verifichiamo-le-recensioni`,
            },
          },
        })
      }
      await recordAudit(trx, {
        ...byAdministrator(ctx.user),
        action: input.action === 'publish' ? 'publish' : 'hide',
        entityType: 'review',
        entityId: input.id,
        details: {
          before: moderated.before,
          ...(input.action === 'hide' ? { reason: input.reason } : {}),
          resolvedReports: moderated.resolvedReports,
          authorMailed: !!author,
        },
      })
      return { id: input.id, status: review.status, authorMailed: !!author }
    })
    if (result.authorMailed) notifyOutbox()
    ctx.logger.info({ reviewId: input.id, action: input.action }, 'review moderated')
    return result
  }),

  /** A reported review stays as it is: its open reports are closed. */
  keep: adminProcedure.input(reviewIdSchema).mutation(async ({ ctx, input }) => {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await findReview(trx, input.id))) throw notFound()
      const resolved = await keepReportedReview(trx, input.id, ctx.user.id)
      if (!resolved) throw conflict(NO_OPEN_REPORTS)
      await recordAudit(trx, { ...byAdministrator(ctx.user), action: 'keep', entityType: 'review', entityId: input.id, details: { resolvedReports: resolved } })
    })
    return { id: input.id }
  }),

  /** The craftsman's reply, as they sent it to the office: one per review, published under it. */
  reply: adminProcedure.input(reviewReplySchema).mutation(async ({ ctx, input }) => {
    await ctx.db.transaction().execute(async (trx) => {
      const outcome = await publishReply(trx, input.id, input.reply, ctx.user.id)
      if (outcome === 'missing') throw notFound()
      if (outcome === 'exists') throw conflict(REPLY_EXISTS)
      await recordAudit(trx, { ...byAdministrator(ctx.user), action: 'reply', entityType: 'review', entityId: input.id })
    })
    return { id: input.id }
  }),

  /** "Rimuovi testo", at the author's request: the stars stay. */
  removeText: adminProcedure.input(reviewIdSchema).mutation(async ({ ctx, input }) => {
    await ctx.db.transaction().execute(async (trx) => {
      const outcome = await removeReviewText(trx, input.id)
      if (outcome === 'missing') throw notFound()
      if (outcome === 'none') throw conflict(TEXT_ALREADY_REMOVED)
      await recordAudit(trx, { ...byAdministrator(ctx.user), action: 'remove_text', entityType: 'review', entityId: input.id })
    })
    return { id: input.id }
  }),
})

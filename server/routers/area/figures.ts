import { comparisonZone, peerComparison } from '#server/repositories/artisan-figures.ts'
import { usualResponseMs } from '#server/repositories/profile-page.ts'
import { artisanResponseStats } from '#server/repositories/response-metrics.ts'
import { responseTimeWords } from '#server/profiles/profile-page.ts'
import { artisanProcedure, router } from '#server/trpc/init.ts'

/** "I tuoi numeri": the signed-in craftsman's figures as the office and their public profile read them, and their rank bands. */
export const figuresRouter = router({
  get: artisanProcedure.query(async ({ ctx }) => {
    const id = ctx.artisan.id
    const [stats, usualMs, zone, comparison] = await Promise.all([
      artisanResponseStats(ctx.db, id),
      usualResponseMs(ctx.db, id),
      comparisonZone(ctx.db, id),
      peerComparison(ctx.db, id),
    ])
    return {
      responseTime: {
        medianMs: stats.medianResponseMs,
        /** What the public profile says ("Risponde di solito entro 3 ore"), null until it says anything. */
        onProfile: usualMs === null ? null : responseTimeWords(usualMs),
        comparison: comparison.responseTime,
      },
      acceptance: {
        rate: stats.acceptanceRate,
        accepted: stats.accepted,
        answerable: stats.offers - stats.revoked,
        declined: stats.declined,
        withdrawn: stats.withdrawn,
        comparison: comparison.acceptance,
      },
      rating: { average: stats.averageRating, count: stats.ratings, comparison: comparison.rating },
      zone,
    }
  }),
})

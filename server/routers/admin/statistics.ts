import { statisticsReport } from '#server/analytics/report.ts'
import { byAdministrator, recordAudit } from '#server/repositories/audit.ts'
import { setCampaignCost } from '#server/repositories/statistics.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'
import { campaignCostSchema, statisticsPeriodSchema } from '#shared/schemas/statistics.ts'

/** 'Statistiche': which pages, services, towns and campaigns bring requests, from the visits counted without cookies. */
export const statisticsRouter = router({
  report: adminProcedure.input(statisticsPeriodSchema).query(({ ctx, input }) => statisticsReport(ctx.db, input)),

  /** What a campaign cost in a month, entered by hand; null removes it. */
  setCost: adminProcedure.input(campaignCostSchema).mutation(async ({ ctx, input }) => {
    const costCents = input.cost === null ? null : Math.round(input.cost * 100)
    await ctx.db.transaction().execute(async (trx) => {
      await setCampaignCost(trx, { month: input.month, source: input.source, costCents, by: ctx.user.email })
      await recordAudit(trx, {
        ...byAdministrator(ctx.user),
        action: costCents === null ? 'delete' : 'update',
        entityType: 'campaign_cost',
        entityId: `${input.month} ${input.source}`,
        details: { month: input.month, source: input.source, costCents },
      })
    })
    return { month: input.month, source: input.source, costCents }
  }),
})

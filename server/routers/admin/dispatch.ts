import { dispatchSettingsSchema, type DispatchSettings } from '#shared/schemas/dispatch.ts'
import { readDispatchSettings, writeDispatchSettings } from '#server/dispatch/settings.ts'
import { byAdministrator } from '#server/repositories/audit.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'

/** Automatic dispatch's setting (docs/product.md §12): read by the dashboard's card, changed with an audit record. */
export const dispatchRouter = router({
  settings: adminProcedure.query(async ({ ctx }) => ({
    ...(await readDispatchSettings(ctx.db)),
    /** Office hours a round waits for answers, as the card explains it. */
    responseHours: ctx.env.LEAD_RESPONSE_HOURS,
  })),

  update: adminProcedure.input(dispatchSettingsSchema).mutation(async ({ ctx, input }) => {
    const { after } = await ctx.db.transaction().execute((trx) => writeDispatchSettings(trx, input as DispatchSettings, byAdministrator(ctx.user)))
    ctx.logger.info({ enabled: after.enabled, perRequest: after.perRequest, rounds: after.rounds }, 'automatic dispatch settings changed')
    return { ...after, responseHours: ctx.env.LEAD_RESPONSE_HOURS }
  }),
})

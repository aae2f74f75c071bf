import { TRPCError } from '@trpc/server'
import { notificationsFormSchema } from '#shared/schemas/artisan-settings.ts'
import { findNotificationSettings, setNotificationSettings } from '#server/repositories/artisan-settings.ts'
import { byArtisan, recordAudit } from '#server/repositories/audit.ts'
import { artisanProcedure, router } from '#server/trpc/init.ts'

const NOT_FOUND = 'Artigiano non trovato.'

/** "Notifiche": new offers by mail at once, in a morning summary or both; and every other mail (the newsletter) on or off. */
export const notificationsRouter = router({
  get: artisanProcedure.query(async ({ ctx }) => {
    const settings = await findNotificationSettings(ctx.db, ctx.artisan.id)
    if (!settings) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    return settings
  }),

  save: artisanProcedure.input(notificationsFormSchema).mutation(async ({ ctx, input }) => {
    await ctx.db.transaction().execute(async (trx) => {
      const before = await setNotificationSettings(trx, ctx.artisan.id, input)
      if (!before) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      await recordAudit(trx, {
        ...byArtisan(ctx.artisan),
        action: 'notifications',
        entityType: 'artisan',
        entityId: ctx.artisan.id,
        details: { offerMail: { from: before.offerMail, to: input.offerMail }, otherMail: { from: before.otherMail, to: input.otherMail } },
      })
    })
    ctx.logger.info({ artisanId: ctx.artisan.id, offerMail: input.offerMail, otherMail: input.otherMail }, 'artisan notifications saved')
    return input
  }),
})

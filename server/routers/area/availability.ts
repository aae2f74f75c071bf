import { TRPCError } from '@trpc/server'
import { romeDay } from '#shared/italian-time.ts'
import { pauseFormSchema } from '#shared/schemas/artisan.ts'
import { byArtisan, recordAudit } from '#server/repositories/audit.ts'
import { setPause } from '#server/repositories/coverage.ts'
import { artisanProcedure, router } from '#server/trpc/init.ts'

const NOT_FOUND = 'Artigiano non trovato.'
/** The office's own schema and rules (docs/product.md §13), checked against the Italian day of the request. */
const pauseInput = pauseFormSchema()

/** "Disponibilità": the craftsman pauses themselves until a day with a reason the office sees, or resumes; as the office does. */
export const availabilityRouter = router({
  /** The pause as it stands: a day in the past means available again (the pause is inclusive of its day). */
  get: artisanProcedure.query(async ({ ctx }) => {
    const row = await ctx.db.selectFrom('artisans').select(['paused_until', 'pause_reason']).where('id', '=', ctx.artisan.id).executeTakeFirst()
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    const paused = row.paused_until !== null && row.paused_until >= romeDay(Date.now())
    return { paused, pausedUntil: paused ? row.paused_until : null, pauseReason: paused ? row.pause_reason : null }
  }),

  /** Out of matching (the dispatcher's and the office's) through the day, inclusive. */
  pause: artisanProcedure.input(pauseInput).mutation(async ({ ctx, input }) => {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const row = await setPause(trx, ctx.artisan.id, input)
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      await recordAudit(trx, { ...byArtisan(ctx.artisan), action: 'pause', entityType: 'artisan', entityId: row.id, details: { until: input.until } })
      return row
    })
    ctx.logger.info({ artisanId: row.id, pausedUntil: row.paused_until }, 'artisan paused from the area')
    return { pausedUntil: row.paused_until, pauseReason: row.pause_reason }
  }),

  /** "Riprendi ora": matched again at once. */
  resume: artisanProcedure.mutation(async ({ ctx }) => {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const row = await setPause(trx, ctx.artisan.id, null)
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      await recordAudit(trx, { ...byArtisan(ctx.artisan), action: 'resume', entityType: 'artisan', entityId: row.id })
      return row
    })
    ctx.logger.info({ artisanId: row.id }, 'artisan resumed from the area')
    return { pausedUntil: null, pauseReason: null }
  }),
})

import { TRPCError } from '@trpc/server'
import { areaCoverageSchema } from '#shared/schemas/artisan-settings.ts'
import { toSectorCoverage } from '#shared/schemas/artisan.ts'
import { byArtisan, recordAudit } from '#server/repositories/audit.ts'
import { findArtisanById, replaceArtisanSectors } from '#server/repositories/artisans.ts'
import { findCoverage, replaceCoverage } from '#server/repositories/coverage.ts'
import { artisanProcedure, router } from '#server/trpc/init.ts'

const NOT_FOUND = 'Artigiano non trovato.'

/** "Zone": the craftsman's trades and, per trade, where they take requests; the same tables the office's page writes. */
export const coverageRouter = router({
  /** Their trades and each trade's coverage with the comuni it reaches, nearest first. */
  get: artisanProcedure.query(async ({ ctx }) => {
    const artisan = await findArtisanById(ctx.db, ctx.artisan.id)
    if (!artisan) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    return { sectors: artisan.specialization_sectors, coverage: await findCoverage(ctx.db, artisan.id) }
  }),

  /**
   * Replaces the trades (mirrored in artisan_sectors) and every trade's coverage (materialised in
   * artisan_coverage_comuni) in one transaction, with the audit entry as made by the craftsman.
   */
  save: artisanProcedure.input(areaCoverageSchema).mutation(async ({ ctx, input }) => {
    const coverage = await ctx.db.transaction().execute(async (trx) => {
      const before = await findArtisanById(trx, ctx.artisan.id)
      if (!before) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      const tradesChanged = JSON.stringify(before.specialization_sectors) !== JSON.stringify(input.sectors)
      if (tradesChanged) await replaceArtisanSectors(trx, before.id, input.sectors)
      await replaceCoverage(trx, before.id, input.coverage.map(toSectorCoverage))
      await recordAudit(trx, {
        ...byArtisan(ctx.artisan),
        action: 'coverage',
        entityType: 'artisan',
        entityId: before.id,
        details: { sectors: input.coverage.map((entry) => entry.sector), ...(tradesChanged ? { fields: ['specialization_sectors'] } : {}) },
      })
      return findCoverage(trx, before.id)
    })
    ctx.logger.info({ artisanId: ctx.artisan.id, sectors: coverage.length }, 'artisan coverage saved from the area')
    return { sectors: input.sectors, coverage }
  }),
})

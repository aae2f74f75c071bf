import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { ARTISAN_PAGE_SIZE, type ArtisanFormOutput, artisanFormSchema, artisanListSchema } from '#shared/schemas/artisan.ts'
import { recordAudit, auditHistory } from '#server/repositories/audit.ts'
import {
  type ArtisanInput,
  type ArtisanView,
  deleteArtisan,
  findArtisanById,
  insertArtisan,
  listArtisans,
  toArtisanView,
  updateArtisan,
} from '#server/repositories/artisans.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'

const NOT_FOUND = 'Artigiano non trovato.'
const idInput = z.object({ id: z.number().int().positive() })

const toInput = (values: ArtisanFormOutput): ArtisanInput => ({ ...values })

/** Names of the fields an update changed; values stay out of the audit log, which is about who and when. */
function changedFields(before: ArtisanView, after: ArtisanInput): string[] {
  return (Object.keys(after) as Array<keyof ArtisanInput>).filter(
    (key) => key in before && JSON.stringify(before[key as keyof ArtisanView] ?? null) !== JSON.stringify(after[key] ?? null),
  )
}

export const artisansRouter = router({
  list: adminProcedure.input(artisanListSchema).query(({ ctx, input }) => {
    const { page, ...filters } = input
    return listArtisans(ctx.db, filters, page ?? 1, ARTISAN_PAGE_SIZE)
  }),

  /** The artisan with the history of who created and changed it. */
  byId: adminProcedure.input(idInput).query(async ({ ctx, input }) => {
    const artisan = await findArtisanById(ctx.db, input.id)
    if (!artisan) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    const history = await auditHistory(ctx.db, 'artisan', artisan.id)
    return {
      artisan,
      history: history.map((entry) => ({
        id: entry.id,
        at: entry.created_at,
        action: entry.action,
        actor: entry.actor_email,
        details: entry.details ? (JSON.parse(entry.details) as { fields?: string[]; status?: { from: string; to: string } }) : null,
      })),
    }
  }),

  create: adminProcedure.input(artisanFormSchema).mutation(async ({ ctx, input }) => {
    const artisan = await ctx.db.transaction().execute(async (trx) => {
      const row = await insertArtisan(trx, { ...toInput(input), source: 'admin' })
      await recordAudit(trx, { actorId: ctx.user.id, actorEmail: ctx.user.email, action: 'create', entityType: 'artisan', entityId: row.id })
      return row
    })
    ctx.logger.info({ artisanId: artisan.id, adminId: ctx.user.id }, 'artisan created')
    return toArtisanView(artisan)
  }),

  update: adminProcedure.input(z.object({ id: z.number().int().positive(), values: artisanFormSchema })).mutation(async ({ ctx, input }) => {
    const values = toInput(input.values)
    const artisan = await ctx.db.transaction().execute(async (trx) => {
      const before = await findArtisanById(trx, input.id)
      if (!before) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      const row = await updateArtisan(trx, input.id, values)
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      const fields = changedFields(before, values)
      await recordAudit(trx, {
        actorId: ctx.user.id,
        actorEmail: ctx.user.email,
        action: 'update',
        entityType: 'artisan',
        entityId: row.id,
        details: { fields, ...(before.status !== values.status ? { status: { from: before.status, to: values.status } } : {}) },
      })
      return row
    })
    ctx.logger.info({ artisanId: artisan.id, adminId: ctx.user.id }, 'artisan updated')
    return toArtisanView(artisan)
  }),

  remove: adminProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    await ctx.db.transaction().execute(async (trx) => {
      const row = await deleteArtisan(trx, input.id)
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      await recordAudit(trx, { actorId: ctx.user.id, actorEmail: ctx.user.email, action: 'delete', entityType: 'artisan', entityId: row.id })
    })
    ctx.logger.info({ artisanId: input.id, adminId: ctx.user.id }, 'artisan deleted')
    return { ok: true as const }
  }),
})

import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { byAdministrator, recordAudit } from '#server/repositories/audit.ts'
import { listSuppressions, removeSuppression } from '#server/repositories/suppressions.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'

const PAGE_SIZE = 50
export const SUPPRESSION_NOT_FOUND = 'Questo indirizzo non è più nella lista di esclusione.'

/** 'Lista di esclusione': addresses no mail of the site goes to (bounced, complained, unsubscribed, erased). */
export const suppressionsRouter = router({
  list: adminProcedure
    .input(z.object({ search: z.string().max(320).default(''), page: z.number().int().min(1).max(100_000).default(1) }))
    .query(async ({ ctx, input }) => {
      const { rows, total } = await listSuppressions(ctx.db, { search: input.search, page: input.page, pageSize: PAGE_SIZE })
      return { rows, total, page: input.page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) }
    }),

  /** Takes an address off the list (the person asked to receive mail again, or a bounce was a mistake), audited. */
  remove: adminProcedure.input(z.object({ email: z.string().trim().toLowerCase().min(3).max(320) })).mutation(async ({ ctx, input }) => {
    const removed = await ctx.db.transaction().execute(async (trx) => {
      const row = await removeSuppression(trx, input.email)
      if (!row) return null
      await recordAudit(trx, {
        ...byAdministrator(ctx.user),
        action: 'remove',
        entityType: 'email_suppression',
        entityId: row.email_normalized,
        details: { reason: row.reason, detail: row.detail, suppressedAt: row.created_at, sourceJobId: row.source_job_id },
      })
      return row
    })
    if (!removed) throw new TRPCError({ code: 'NOT_FOUND', message: SUPPRESSION_NOT_FOUND })
    ctx.logger.info({ reason: removed.reason }, 'address removed from the suppression list by an administrator')
    return { email: removed.email_normalized }
  }),
})

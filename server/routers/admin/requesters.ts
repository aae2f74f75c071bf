import { TRPCError } from '@trpc/server'
import { REQUESTER_NOT_FOUND, requesterEmailSchema, requesterListInputSchema } from '#shared/schemas/requesters.ts'
import { byAdministrator, recordAudit } from '#server/repositories/audit.ts'
import { eraseRequester, exportRequesterData, findRequester, listRequesters, listRequesterLeads } from '#server/repositories/requesters.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'

/** Unique requesters (one per e-mail) and their data rights: access, portability, erasure. */
export const requestersRouter = router({
  list: adminProcedure.input(requesterListInputSchema).query(({ ctx, input: { page, ...filters } }) => listRequesters(ctx.db, filters, page)),

  byEmail: adminProcedure.input(requesterEmailSchema).query(async ({ ctx, input }) => {
    const requester = await findRequester(ctx.db, input.email)
    if (!requester) throw new TRPCError({ code: 'NOT_FOUND', message: REQUESTER_NOT_FOUND })
    return { requester, leads: await listRequesterLeads(ctx.db, input.email) }
  }),

  /** A mutation, not a query: every export of personal data is recorded in the audit log. */
  exportData: adminProcedure.input(requesterEmailSchema).mutation(async ({ ctx, input }) => {
    const data = await exportRequesterData(ctx.db, input.email)
    await recordAudit(ctx.db, {
      ...byAdministrator(ctx.user),
      action: 'export',
      entityType: 'requester',
      entityId: data.email,
      details: { leads: data.leads.length, messages: data.messages.length, reviews: data.leads.reduce((n, lead) => n + lead.reviews.length, 0) },
    })
    return { exportedAt: new Date().toISOString(), ...data }
  }),

  erase: adminProcedure.input(requesterEmailSchema).mutation(async ({ ctx, input }) => {
    const erased = await ctx.db.transaction().execute(async (trx) => {
      const count = await eraseRequester(trx, input.email)
      await recordAudit(trx, {
        ...byAdministrator(ctx.user),
        action: 'erase',
        entityType: 'requester',
        entityId: input.email.trim().toLowerCase(),
        details: count,
      })
      return count
    })
    ctx.logger.info(erased, 'requester erased on request')
    return { erased: erased.leads, erasedMessages: erased.messages, anonymisedReviews: erased.reviews }
  }),
})

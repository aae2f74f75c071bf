import { mailSetup } from '#server/env.ts'
import { dashboardStats } from '#server/repositories/dashboard.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'

export const dashboardRouter = router({
  /** The figures, and whether this server sends its e-mails: without the settings every e-mail waits in the outbox. */
  stats: adminProcedure.query(async ({ ctx }) => ({ ...(await dashboardStats(ctx.db)), mail: mailSetup(ctx.env) })),
})

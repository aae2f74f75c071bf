import { dashboardStats } from '#server/repositories/dashboard.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'

export const dashboardRouter = router({
  stats: adminProcedure.query(({ ctx }) => dashboardStats(ctx.db)),
})

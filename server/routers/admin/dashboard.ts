import { dashboardStats } from '../../repositories/dashboard.ts'
import { adminProcedure, router } from '../../trpc/init.ts'

export const dashboardRouter = router({
  stats: adminProcedure.query(({ ctx }) => dashboardStats(ctx.db)),
})

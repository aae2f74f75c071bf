import { TRPCError } from '@trpc/server'
import { checkDatabase } from '../repositories/health.ts'
import { publicProcedure, router } from '../trpc/init.ts'

export const publicRouter = router({
  health: publicProcedure.query(async ({ ctx }) => {
    const result = await checkDatabase(ctx.db)
    if (!result.ok) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Database unavailable' })
    return { status: 'ok' as const, migrations: result.migrations }
  }),
})

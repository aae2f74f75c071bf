import { publicRouter } from '../routers/public.ts'
import { router } from './init.ts'

export const appRouter = router({
  public: publicRouter,
})

export type AppRouter = typeof appRouter

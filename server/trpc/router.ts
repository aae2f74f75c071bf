import { adminRouter } from '../routers/admin/index.ts'
import { publicRouter } from '../routers/public.ts'
import { requestsRouter } from '../routers/requests.ts'
import { siteRouter } from '../routers/site.ts'
import { router } from './init.ts'

export const appRouter = router({
  public: publicRouter,
  requests: requestsRouter,
  site: siteRouter,
  admin: adminRouter,
})

export type AppRouter = typeof appRouter

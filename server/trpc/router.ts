import { adminRouter } from '../routers/admin/index.ts'
import { publicRouter } from '../routers/public.ts'
import { siteRouter } from '../routers/site.ts'
import { requestsRouter } from '../routers/requests.ts'
import { router } from './init.ts'

export const appRouter = router({
  public: publicRouter,
  site: siteRouter,
  admin: adminRouter,
  requests: requestsRouter,
})

export type AppRouter = typeof appRouter

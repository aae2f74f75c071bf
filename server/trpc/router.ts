import { adminRouter } from '../routers/admin/index.ts'
import { areaRouter } from '../routers/area/index.ts'
import { requestsRouter } from '../routers/requests.ts'
import { siteRouter } from '../routers/site.ts'
import { createCallerFactory, router } from './init.ts'

export const appRouter = router({
  requests: requestsRouter,
  site: siteRouter,
  admin: adminRouter,
  area: areaRouter,
})

export type AppRouter = typeof appRouter

/** Calls procedures in process, without HTTP: the server renderer's loaders read the `site` procedures through it. */
export const createCaller = createCallerFactory(appRouter)

import { createRequestHandler, defaultRenderHandler } from '@tanstack/react-router/ssr/server'
import type { ServerManifest } from '@tanstack/router-core'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { lazyAdmin } from '#src/lib/admin-handle.ts'
import { type AdminData, attachToRouter, createQueryClient } from '#src/lib/admin-query.ts'
import { createAppRouter } from '#src/router.tsx'
import { isAdminPath } from '../http/request-path.ts'
import type { Context } from '../trpc/init.ts'
import { appRouter, createCaller } from '../trpc/router.ts'

export type RenderPage = (request: Request, ctx: Context) => Promise<Response>

/** Server-side rendering through TanStack Router; loaders call tRPC procedures directly, without HTTP. */
export function createPageRenderer(manifest: ServerManifest): RenderPage {
  return (request, ctx) => {
    const handler = createRequestHandler({
      request,
      createRouter: () => {
        const createAdmin = (): AdminData => {
          const queryClient = createQueryClient()
          return { queryClient, trpc: createTRPCOptionsProxy({ router: appRouter, ctx, queryClient }) }
        }
        const admin = isAdminPath(new URL(request.url).pathname) ? createAdmin() : undefined
        const router = createAppRouter({ site: createCaller(ctx).site, admin: lazyAdmin(() => admin ?? createAdmin()), publicUrl: ctx.env.PUBLIC_URL })
        // The query cache filled while rendering an /admin page is sent with it.
        if (admin) attachToRouter(router, admin)
        return router
      },
      getRouterManifest: () => manifest,
    })
    return handler(defaultRenderHandler)
  }
}

type SplitComponent = { preload?: () => Promise<unknown> }
const SPLIT_OPTIONS = ['component', 'errorComponent', 'pendingComponent', 'notFoundComponent'] as const

/**
 * Loads the code of every route, split into chunks by the router plugin, before the first request: otherwise the
 * first visitor of each kind of page waits while its modules are read and compiled, and so does everyone else.
 */
export async function preloadRouteModules(): Promise<void> {
  const noData = () => Promise.reject(new Error('no data while preloading'))
  const router = createAppRouter({ site: createCaller(noData).site, admin: lazyAdmin(noData), publicUrl: '' })
  const loads: Promise<unknown>[] = []
  for (const route of Object.values(router.routesById)) {
    const options = route.options as Partial<Record<(typeof SPLIT_OPTIONS)[number], SplitComponent>>
    for (const key of SPLIT_OPTIONS) {
      const preload = options[key]?.preload
      if (preload) loads.push(preload())
    }
  }
  await Promise.all(loads)
}

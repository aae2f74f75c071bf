import { createRequestHandler, defaultRenderHandler } from '@tanstack/react-router/ssr/server'
import type { ServerManifest } from '@tanstack/router-core'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { lazyAdmin } from '../../src/lib/admin-handle.ts'
import { type AdminData, attachToRouter, createQueryClient } from '../../src/lib/admin-query.ts'
import type { SiteApi } from '../../src/lib/site-api.ts'
import { createAppRouter, isAdminPath } from '../../src/router.tsx'
import type { Context } from '../trpc/init.ts'
import { appRouter } from '../trpc/router.ts'

export type RenderPage = (request: Request, ctx: Context) => Promise<Response>

/** Server-side rendering through TanStack Router; loaders call tRPC procedures directly, without HTTP. */
export function createPageRenderer(manifest: ServerManifest): RenderPage {
  return (request, ctx) => {
    const handler = createRequestHandler({
      request,
      createRouter: () => {
        const procedures = appRouter.createCaller(ctx).site as unknown as Record<string, (input: unknown) => Promise<never>>
        const site: SiteApi = (procedure, ...input) => procedures[procedure]!(input[0])
        const createAdmin = (): AdminData => {
          const queryClient = createQueryClient()
          return { queryClient, trpc: createTRPCOptionsProxy({ router: appRouter, ctx, queryClient }) }
        }
        const admin = isAdminPath(new URL(request.url).pathname) ? createAdmin() : undefined
        const router = createAppRouter({ site, admin: lazyAdmin(() => admin ?? createAdmin()), publicUrl: ctx.env.PUBLIC_URL })
        // The query cache filled while rendering an /admin page is sent with it.
        if (admin) attachToRouter(router, admin)
        return router
      },
      getRouterManifest: () => manifest,
    })
    return handler(defaultRenderHandler)
  }
}

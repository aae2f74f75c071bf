import { createRequestHandler, defaultRenderHandler } from '@tanstack/react-router/ssr/server'
import type { ServerManifest } from '@tanstack/router-core'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { createAppRouter, createQueryClient } from '../../src/router.tsx'
import type { Context } from '../trpc/init.ts'
import { appRouter } from '../trpc/router.ts'

export type RenderPage = (request: Request, ctx: Context) => Promise<Response>

/** Server-side rendering through TanStack Router; loaders call tRPC procedures directly, without HTTP. */
export function createPageRenderer(manifest: ServerManifest): RenderPage {
  return (request, ctx) => {
    const handler = createRequestHandler({
      request,
      createRouter: () => {
        const queryClient = createQueryClient()
        const trpc = createTRPCOptionsProxy({ router: appRouter, ctx, queryClient })
        return createAppRouter({ queryClient, trpc, publicUrl: ctx.env.PUBLIC_URL })
      },
      getRouterManifest: () => manifest,
    })
    return handler(defaultRenderHandler)
  }
}

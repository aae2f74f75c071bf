import { createMemoryHistory } from '@tanstack/react-router'
import { attachRouterServerSsrUtils, bindSsrResponseToRequest, defaultRenderHandler, getNormalizedURL, getOrigin } from '@tanstack/react-router/ssr/server'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { renderToString } from 'react-dom/server'
import { setIslandRenderer } from '#src/islands/island.tsx'
import { lazyAdmin } from '#src/lib/admin-handle.ts'
import { isGone } from '#src/lib/gone.ts'
import { type AdminData, attachToRouter, createQueryClient } from '#src/lib/admin-query.ts'
import { createAppRouter } from '#src/router.tsx'
import { isArtisanAreaPath, isSessionPath } from '#shared/artisan-area.ts'
import type { Context } from '../trpc/init.ts'
import { appRouter, createCaller } from '../trpc/router.ts'
import type { PageManifests } from './manifest.ts'

export type RenderPage = (request: Request, ctx: Context) => Promise<Response>

// An island's server HTML is a React root of its own, as the browser hydrates it (src/islands/island.tsx).
setIslandRenderer((element, identifierPrefix) => renderToString(element, { identifierPrefix }))

/**
 * Server-side rendering through TanStack Router; loaders call tRPC procedures directly, without HTTP.
 *
 * This is the router's own request handler (createRequestHandler) with one difference: a public page opts out of
 * hydration, so it carries no router state and no application script, only its islands' boot script
 * (docs/decisions/023-islands-on-public-pages.md). Back-office and craftsmen's area pages are dehydrated and hydrated whole.
 */
export function createPageRenderer(manifests: PageManifests): RenderPage {
  return async (request, ctx) => {
    const url = new URL(request.url)
    const admin = isSessionPath(url.pathname)
    const createAdmin = (): AdminData => {
      const queryClient = createQueryClient()
      return { queryClient, trpc: createTRPCOptionsProxy({ router: appRouter, ctx, queryClient }) }
    }
    const adminData = admin ? createAdmin() : undefined
    const router = createAppRouter({ site: createCaller(ctx).site, admin: lazyAdmin(() => adminData ?? createAdmin()), publicUrl: ctx.env.PUBLIC_URL })
    // The query cache filled while rendering a back-office or area page is sent with it.
    if (adminData) attachToRouter(router, adminData)
    let responseOwnsCleanup = false
    try {
      // Each kind of page loads its own entry: the islands' boot script, the back office, or the craftsmen's area.
      const manifest = isArtisanAreaPath(url.pathname) ? manifests.area : admin ? manifests.admin : manifests.site
      attachRouterServerSsrUtils({ router, manifest })
      const { url: normalized } = getNormalizedURL(request.url, 'http://localhost')
      const href = normalized.href.replace(normalized.origin, '')
      // Scroll positions are the back office's business: a public page's scroll is the browser's own.
      router.update({
        ...router.options,
        scrollRestoration: admin,
        history: createMemoryHistory({ initialEntries: [href] }),
        origin: router.options.origin ?? getOrigin(request),
      })
      // Two private fields, as the router's own handler reads them: the versions are pinned (docs/decisions/046-router-private-api.md).
      await router.load({ _signal: request.signal, _skipLocationUpdate: true })
      const result = router._serverResult
      if (result?.type === 'redirect') return result.redirect
      if (admin) await router.serverSsr?.dehydrate({ signal: request.signal })
      else router.serverSsr?.disableHydration()
      const responseHeaders = new Headers({ 'Content-Type': 'text/html; charset=UTF-8' })
      const response = await defaultRenderHandler({ request, router, responseHeaders })
      const bound = bindSsrResponseToRequest(router, response, request.signal)
      responseOwnsCleanup = bound.serverSsrCleanup === 'stream'
      // The router knows only 404 for a page it cannot show; a page that was public once says it is gone (src/lib/gone.ts).
      if (bound.response.status === 404 && router.state.matches.some((match) => isGone(match.error)))
        return new Response(bound.response.body, { status: 410, headers: bound.response.headers })
      return bound.response
    } finally {
      if (!responseOwnsCleanup) router.serverSsr?.cleanup()
    }
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

import { createRouter } from '@tanstack/react-router'
import { NotFound } from './components/not-found.tsx'
import type { AdminHandle } from './lib/admin-handle.ts'
import type { SiteApi } from './lib/site-api.ts'
import { routeTree } from './routeTree.gen.ts'

export type RouterContext = {
  /** Canonical origin, e.g. https://www.artigianimilano.it (no trailing slash). */
  publicUrl: string
  site: SiteApi
  /** The back office's query client and tRPC proxy, created when the first /admin route loads. */
  admin: AdminHandle
}

/** The one router factory, shared by the server renderer and the browser. */
export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    scrollRestoration: true,
    defaultPreload: 'intent',
    // Public loader data depends only on the URL and the build; admin data is kept fresh by TanStack Query instead.
    defaultStaleTime: Number.POSITIVE_INFINITY,
    defaultNotFoundComponent: NotFound,
    // A path that matches no route is the root's 404, not the nearest page with an extra segment.
    notFoundMode: 'root',
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

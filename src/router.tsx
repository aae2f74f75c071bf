import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { NotFound } from './components/not-found.tsx'
import { TrpcProvider, type Trpc } from './lib/trpc.tsx'
import { routeTree } from './routeTree.gen.ts'

export type RouterContext = {
  queryClient: QueryClient
  trpc: Trpc
  /** Canonical origin, e.g. https://www.artigianimilano.it (no trailing slash). */
  publicUrl: string
}

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } })
}

/** The one router factory, shared by the server renderer and the browser. */
export function createAppRouter(context: RouterContext) {
  const router = createRouter({
    routeTree,
    context,
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFound,
    // A path that matches no route is the root's 404, not the nearest page with an extra segment.
    notFoundMode: 'root',
    Wrap: ({ children }) => <TrpcProvider value={context.trpc}>{children}</TrpcProvider>,
  })
  setupRouterSsrQueryIntegration({ router, queryClient: context.queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

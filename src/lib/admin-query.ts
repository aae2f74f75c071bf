import { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import type { Trpc } from './trpc.tsx'

/** The back office's data layer: TanStack Query over tRPC, which public pages never load. */
export type AdminData = { queryClient: QueryClient; trpc: Trpc }

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } })
}

/** Query data fetched while rendering an /admin page travels with the page and fills the browser's cache before hydration. */
export function attachToRouter(router: AnyRouter, admin: AdminData) {
  setupRouterSsrQueryIntegration({ router, queryClient: admin.queryClient })
}

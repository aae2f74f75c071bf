import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '#server/trpc/router.ts'

type SiteInputs = inferRouterInputs<AppRouter>['site']
type SiteOutputs = inferRouterOutputs<AppRouter>['site']
type SiteProcedure = keyof SiteOutputs

/**
 * The public site's data, by procedure of the `site` router: a direct call while rendering on the server, a request to /trpc
 * in the browser. Public pages read it in their loaders, so it reaches the browser inside the page as loader data.
 */
export type SiteApi = <P extends SiteProcedure>(
  procedure: P,
  ...input: SiteInputs[P] extends void | undefined ? [] : [input: SiteInputs[P]]
) => Promise<SiteOutputs[P]>

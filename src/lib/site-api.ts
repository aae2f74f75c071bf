import type { AppRouter } from '#server/trpc/router.ts'

/**
 * The public site's data: the procedures of the `site` router as functions, called in process while rendering on the
 * server (tRPC's server-side caller), over /trpc in the browser (trpc-client.ts). Public pages read it in their loaders,
 * so it reaches the browser inside the page as loader data.
 */
export type SiteApi = ReturnType<AppRouter['createCaller']>['site']

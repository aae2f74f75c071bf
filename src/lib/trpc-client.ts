import type { TRPCClient } from '@trpc/client'
import type { AppRouter } from '#server/trpc/router.ts'
import type { SiteApi } from './site-api.ts'

let client: Promise<TRPCClient<AppRouter>> | undefined

/** The browser's tRPC client, loaded on first use: a public page arrives with its data, so its first load needs none of it. */
export function trpcClient(): Promise<TRPCClient<AppRouter>> {
  client ??= import('./trpc-http-client.ts').then((module) => module.createHttpClient())
  return client
}

const site = async () => (await trpcClient()).site

/** The public site's data in the browser, for client-side navigations and the town suggestions: one GET to /trpc a call. */
export const browserSiteApi: SiteApi = {
  home: async () => (await site()).home.query(),
  services: async () => (await site()).services.query(),
  comuni: async () => (await site()).comuni.query(),
  slug: async (input) => (await site()).slug.query(input),
  serviceInComune: async (input) => (await site()).serviceInComune.query(input),
  profile: async (input) => (await site()).profile.query(input),
  suggestPlaces: async (input) => (await site()).suggestPlaces.query(input),
  clientConfig: async () => (await site()).clientConfig.query(),
}

import type { TRPCClient } from '@trpc/client'
import type { AppRouter } from '#server/trpc/router.ts'
import type { SiteApi } from './site-api.ts'

let client: Promise<TRPCClient<AppRouter>> | undefined

/**
 * The browser's tRPC client, loaded on first use: a public page arrives with its data, so its first load needs none of it.
 * The custom header is one that a cross-site form cannot send (see docs/decisions/003-csrf.md).
 */
export function trpcClient(): Promise<TRPCClient<AppRouter>> {
  client ??= import('@trpc/client').then(({ createTRPCClient, httpBatchLink, httpLink, splitLink }) => {
    const options = { url: '/trpc', headers: { 'x-trpc-source': 'web' } }
    return createTRPCClient<AppRouter>({
      links: [
        splitLink({
          // The server batches back-office calls only, at most 10 a request; forms and sign-in go one by one.
          condition: (op) => op.path.startsWith('admin.') && !op.path.startsWith('admin.auth.'),
          true: httpBatchLink({ ...options, maxItems: 10 }),
          false: httpLink(options),
        }),
      ],
    })
  })
  return client
}

export const browserSiteApi: SiteApi = async (procedure, ...input) => {
  const site = (await trpcClient()).site as unknown as Record<string, { query: (input: unknown) => Promise<never> }>
  return site[procedure]!.query(input[0])
}

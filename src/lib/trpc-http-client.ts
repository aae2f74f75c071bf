import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client'
import type { AppRouter } from '#server/trpc/router.ts'

const options = { url: '/trpc', headers: { 'x-trpc-source': 'web' } }

/** The tRPC client over /trpc, with a header that a cross-site form cannot send (docs/decisions/011-cross-site-requests.md). */
export function createHttpClient() {
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
}

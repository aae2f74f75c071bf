import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query'
import type { AdminData } from './admin-query.ts'

/** The back office's data layer, created on first use; `get` answers synchronously once `load` has settled. */
export type AdminHandle = { load: () => Promise<AdminData>; get: () => AdminData }

export function lazyAdmin(create: () => Promise<AdminData> | AdminData): AdminHandle {
  let promise: Promise<AdminData> | undefined
  let data: AdminData | undefined
  return {
    load: () => (promise ??= Promise.resolve(create()).then((created) => (data = created))),
    get: () => {
      if (!data) throw new Error('Admin data layer read before the /admin route loaded it')
      return data
    },
  }
}

/**
 * The loader of a back-office or area screen: fills the cache before the screen renders. Prefetched, not awaited for errors:
 * a failed load shows the screen's own error state.
 */
export async function prefetch<Data, Error, Key extends QueryKey>(
  admin: AdminHandle,
  options: (trpc: AdminData['trpc']) => FetchQueryOptions<Data, Error, Data, Key>,
) {
  const { queryClient, trpc } = await admin.load()
  await queryClient.prefetchQuery(options(trpc))
}

import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query'
import { type ParsedLocation, redirect } from '@tanstack/react-router'
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

/**
 * Who is signed in to a part behind a sign-in (the back office, the area), read before its pages load, on the server too:
 * without anyone, a page that is not open (`isOpen`) is answered with a redirect to the sign-in, which leads back to it.
 */
export async function signedIn<User, Error, Key extends QueryKey>(
  admin: AdminHandle,
  me: (trpc: AdminData['trpc']) => FetchQueryOptions<User, Error, User, Key>,
  { location, isOpen, signIn }: { location: ParsedLocation; isOpen: (pathname: string) => boolean; signIn: '/admin' | '/artigiano/accedi' },
) {
  const { queryClient, trpc } = await admin.load()
  const user = await queryClient.ensureQueryData(me(trpc))
  if (!user && !isOpen(location.pathname)) {
    throw redirect({ to: signIn, search: { redirect: location.href }, replace: true })
  }
  return user
}

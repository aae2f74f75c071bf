import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { TRPCClientError } from '@trpc/client'
import { useEffect, useRef } from 'react'

const isUnauthorized = (error: unknown) => error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED'

type SignIn = {
  /** The key of the query of who is signed in, emptied when the session ends. */
  me: QueryKey
  isSignInPage: (pathname: string) => boolean
  /** The sign-in page, which leads back to the page left. */
  signIn: '/admin' | '/artigiano/accedi'
}

/**
 * A session that ends while a page is open (expired, signed out elsewhere, ended by the office) sends to the sign-in,
 * to come back here afterwards: the back office's and the craftsmen's area's frames use it. Several queries of a page
 * fail together: the first one sends to the sign-in, the others find it there already and must not make the sign-in
 * page itself the place to come back to.
 */
export function useSignInWhenSessionEnds(part: SignIn) {
  const queryClient = useQueryClient()
  const router = useRouter()
  const latest = useRef(part)
  latest.current = part
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!isUnauthorized(error)) return
      const { me, isSignInPage, signIn } = latest.current
      queryClient.setQueryData(me, null)
      const { pathname, href } = router.state.location
      if (!isSignInPage(pathname)) void router.navigate({ to: signIn, search: { redirect: href }, replace: true })
    }
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error)
    })
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error)
    })
    return () => {
      unsubscribeQueries()
      unsubscribeMutations()
    }
  }, [queryClient, router])
}

import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { TRPCClientError } from '@trpc/client'
import { useEffect, useRef } from 'react'

const isUnauthorized = (error: unknown) => error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED'

type Handlers = {
  /** Drops who was signed in from the cache. */
  forget: () => void
  isSignInPage: (pathname: string) => boolean
  /** Goes to the sign-in, to come back to `href` afterwards. */
  goToSignIn: (href: string) => void
}

/**
 * A session that ends while a page is open (expired, signed out elsewhere, ended by the office) sends to the sign-in,
 * to come back here afterwards: the back office's and the craftsmen's area's frames use it. Several queries of a page
 * fail together: the first one sends to the sign-in, the others find it there already and must not make the sign-in
 * page itself the place to come back to.
 */
export function useSignInWhenSessionEnds(handlers: Handlers) {
  const queryClient = useQueryClient()
  const router = useRouter()
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!isUnauthorized(error)) return
      const { forget, isSignInPage, goToSignIn } = latest.current
      forget()
      const { pathname, href } = router.state.location
      if (!isSignInPage(pathname)) goToSignIn(href)
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

import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc.tsx'

/** A fresh signed addition from the server; single use, so it is never cached beyond the form that shows it. */
export function useCaptcha() {
  const trpc = useTRPC()
  const query = useQuery({
    ...trpc.requests.captcha.queryOptions(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
  return {
    challenge: query.data,
    loading: query.isFetching,
    failed: query.isError,
    refresh: () => void query.refetch(),
  }
}

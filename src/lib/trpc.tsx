import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { createContext, useContext } from 'react'
import type { AppRouter } from '#server/trpc/router.ts'

export type Trpc = TRPCOptionsProxy<AppRouter>

const TrpcContext = createContext<Trpc | null>(null)

export const TrpcProvider = TrpcContext.Provider

/** The tRPC options proxy: over HTTP in the browser, a direct call while rendering on the server. */
export function useTRPC(): Trpc {
  const trpc = useContext(TrpcContext)
  if (!trpc) throw new Error('useTRPC must be used inside TrpcProvider')
  return trpc
}

import { QueryClientProvider } from '@tanstack/react-query'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'
import type { AdminData } from '#src/lib/admin-query.ts'
import { TrpcProvider } from '#src/lib/trpc.tsx'

/**
 * The layout of a part behind a sign-in (the back office, the area): its data layer; the document marked once React
 * owns it, as the public islands mark theirs, so that what is typed from then on is seen; and its shell around every
 * page but the open ones (sign-in, new password), or around none while nobody is signed in (`shell` null).
 */
export function SignedInFrame({
  data,
  isOpen,
  shell,
}: {
  data: AdminData
  isOpen: (pathname: string) => boolean
  shell: ((page: ReactNode) => ReactNode) | null
}) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), [])
  return (
    <QueryClientProvider client={data.queryClient}>
      <TrpcProvider value={data.trpc}>{isOpen(pathname) || !shell ? <Outlet /> : shell(<Outlet />)}</TrpcProvider>
    </QueryClientProvider>
  )
}

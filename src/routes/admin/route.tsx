import { QueryClientProvider } from '@tanstack/react-query'
import { createFileRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { AdminShell } from '#src/components/admin/admin-shell.tsx'
import { SITE_NAME } from '#src/lib/seo-head.ts'
import { TrpcProvider } from '#src/lib/trpc.tsx'

/** Pages of /admin that a signed-out visitor may open: the sign-in and the new-password page. */
const OPEN_PATHS = new Set(['/admin', '/admin/', '/admin/login', '/admin/update-password'])
const isOpen = (pathname: string) => OPEN_PATHS.has(pathname.replace(/\/+$/, '') || '/admin') || OPEN_PATHS.has(pathname)

export const Route = createFileRoute('/admin')({
  // Runs on the server too, so a guarded page requested without a session is answered with a redirect.
  beforeLoad: async ({ context, location }) => {
    const { queryClient, trpc } = await context.admin.load()
    const user = await queryClient.ensureQueryData(trpc.admin.auth.me.queryOptions())
    if (!user && !isOpen(location.pathname)) {
      throw redirect({ to: '/admin', search: { redirect: location.href }, replace: true })
    }
    return { user }
  },
  head: () => ({
    meta: [{ title: `Area Riservata - ${SITE_NAME}` }, { name: 'robots', content: 'noindex, nofollow' }],
  }),
  component: AdminLayout,
})

function AdminLayout() {
  const { user, admin } = Route.useRouteContext()
  const { queryClient, trpc } = admin.get()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // Marks the document once React owns it, as the public islands mark theirs: what is typed from then on is seen.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), [])
  return (
    <QueryClientProvider client={queryClient}>
      <TrpcProvider value={trpc}>
        {isOpen(pathname) || !user ? (
          <Outlet />
        ) : (
          <AdminShell email={user.email}>
            <Outlet />
          </AdminShell>
        )}
      </TrpcProvider>
    </QueryClientProvider>
  )
}

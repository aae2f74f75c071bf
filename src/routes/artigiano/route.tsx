import { QueryClientProvider } from '@tanstack/react-query'
import { createFileRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { AreaShell } from '#src/components/area/area-shell.tsx'
import { isOpenAreaPath } from '#src/lib/area-paths.ts'
import { SITE_NAME } from '#src/lib/seo-head.ts'
import { TrpcProvider } from '#src/lib/trpc.tsx'

export const Route = createFileRoute('/artigiano')({
  // Runs on the server too, so a page of the area requested without a session is answered with a redirect to the sign-in.
  // The area reads and writes through the same data layer as the back office (TanStack Query over tRPC), never its procedures.
  beforeLoad: async ({ context, location }) => {
    const { queryClient, trpc } = await context.admin.load()
    const artisan = await queryClient.ensureQueryData(trpc.area.session.me.queryOptions())
    if (!artisan && !isOpenAreaPath(location.pathname)) {
      throw redirect({ to: '/artigiano/accedi', search: { redirect: location.href }, replace: true })
    }
    return { artisan }
  },
  head: () => ({
    meta: [{ title: `Area artigiani - ${SITE_NAME}` }, { name: 'robots', content: 'noindex, nofollow' }],
  }),
  component: AreaLayout,
})

function AreaLayout() {
  const { artisan, admin } = Route.useRouteContext()
  const { queryClient, trpc } = admin.get()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // Marks the document once React owns it, as the back office does: what is typed from then on is seen.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), [])
  return (
    <QueryClientProvider client={queryClient}>
      <TrpcProvider value={trpc}>
        {isOpenAreaPath(pathname) || !artisan ? (
          <Outlet />
        ) : (
          <AreaShell name={artisan.name} email={artisan.email}>
            <Outlet />
          </AreaShell>
        )}
      </TrpcProvider>
    </QueryClientProvider>
  )
}

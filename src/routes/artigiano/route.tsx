import { createFileRoute, redirect } from '@tanstack/react-router'
import { AreaShell } from '#src/components/area/area-shell.tsx'
import { SignedInFrame } from '#src/components/signed-in-frame.tsx'
import { isOpenAreaPath } from '#src/lib/area-paths.ts'
import { SITE_NAME } from '#src/lib/seo-head.ts'

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
  return (
    <SignedInFrame
      data={admin.get()}
      isOpen={isOpenAreaPath}
      shell={
        artisan
          ? (page) => (
              <AreaShell name={artisan.name} email={artisan.email}>
                {page}
              </AreaShell>
            )
          : null
      }
    />
  )
}

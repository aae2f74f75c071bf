import { createFileRoute } from '@tanstack/react-router'
import { AreaShell } from '#src/components/area/area-shell.tsx'
import { SignedInFrame } from '#src/components/signed-in-frame.tsx'
import { isOpenAreaPath } from '#src/lib/area-paths.ts'
import { signedIn } from '#src/lib/admin-handle.ts'
import { signedInHead } from '#src/lib/seo-head.ts'

export const Route = createFileRoute('/artigiano')({
  // The area reads and writes through the same data layer as the back office (TanStack Query over tRPC), never its procedures.
  beforeLoad: async ({ context, location }) => ({
    artisan: await signedIn(context.admin, (trpc) => trpc.area.session.me.queryOptions(), { location, isOpen: isOpenAreaPath, signIn: '/artigiano/accedi' }),
  }),
  head: signedInHead('Area artigiani'),
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

import { createFileRoute, redirect } from '@tanstack/react-router'
import { AdminShell } from '#src/components/admin/admin-shell.tsx'
import { SignedInFrame } from '#src/components/signed-in-frame.tsx'
import { SITE_NAME } from '#src/lib/seo-head.ts'

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
  return <SignedInFrame data={admin.get()} isOpen={isOpen} shell={user ? (page) => <AdminShell email={user.email}>{page}</AdminShell> : null} />
}

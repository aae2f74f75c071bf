import { createFileRoute } from '@tanstack/react-router'
import { AdminShell } from '#src/components/admin/admin-shell.tsx'
import { SignedInFrame } from '#src/components/signed-in-frame.tsx'
import { signedIn } from '#src/lib/admin-handle.ts'
import { signedInHead } from '#src/lib/seo-head.ts'

/** Pages of /admin that a signed-out visitor may open: the sign-in and the new-password page. */
const OPEN_PATHS = new Set(['/admin', '/admin/', '/admin/login', '/admin/update-password'])
const isOpen = (pathname: string) => OPEN_PATHS.has(pathname.replace(/\/+$/, '') || '/admin') || OPEN_PATHS.has(pathname)

export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }) => ({
    user: await signedIn(context.admin, (trpc) => trpc.admin.auth.me.queryOptions(), { location, isOpen, signIn: '/admin' }),
  }),
  head: signedInHead('Area Riservata'),
  component: AdminLayout,
})

function AdminLayout() {
  const { user, admin } = Route.useRouteContext()
  return <SignedInFrame data={admin.get()} isOpen={isOpen} shell={user ? (page) => <AdminShell email={user.email}>{page}</AdminShell> : null} />
}

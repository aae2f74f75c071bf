// Read by the /admin routes' beforeLoad, which the back office's route tree carries from its entry: it must not import the tRPC client.
import { redirect } from '@tanstack/react-router'
import { signInSearchSchema } from '#shared/schemas/admin-auth.ts'
import { safeRedirect } from './safe-redirect.ts'

/** Where to go after signing in: only a page of the back office, never another site. */
export const safeAdminRedirect = (target: string | undefined): string =>
  safeRedirect(
    target,
    '/admin/dashboard',
    (pathname) => pathname.startsWith('/admin/') && pathname !== '/admin/login' && !pathname.startsWith('/admin/update-password'),
  )

/** Route options of the two sign-in addresses, /admin and /admin/login: a signed-in administrator skips the form. */
export const signInRoute = {
  validateSearch: signInSearchSchema,
  beforeLoad: ({ context, search }: { context: { user: unknown }; search: { redirect?: string } }) => {
    if (context.user) throw redirect({ href: safeAdminRedirect(search.redirect), replace: true })
  },
}

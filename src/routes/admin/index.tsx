import { createFileRoute, redirect } from '@tanstack/react-router'
import { safeAdminRedirect } from '#src/components/admin/safe-redirect.ts'
import { signInSearch } from '#src/lib/admin-search.ts'
import { SignInPage } from './-components/sign-in-page.tsx'

export const Route = createFileRoute('/admin/')({
  validateSearch: signInSearch,
  // A signed-in administrator skips the form.
  beforeLoad: ({ context, search }) => {
    if (context.user) throw redirect({ href: safeAdminRedirect(search.redirect), replace: true })
  },
  component: function AdminSignIn() {
    const { redirect: redirectTo } = Route.useSearch()
    return <SignInPage redirectTo={redirectTo} />
  },
})

// Read by the /admin routes' beforeLoad, which every page's route tree carries: it must not import the tRPC client.

/** Where to go after signing in: only a page of the back office, never another site. */
export function safeAdminRedirect(target: string | undefined): string {
  if (!target) return '/admin/dashboard'
  try {
    const url = new URL(target, 'http://x')
    if (url.host !== 'x' || !url.pathname.startsWith('/admin/') || url.pathname === '/admin/login' || url.pathname.startsWith('/admin/update-password')) {
      return '/admin/dashboard'
    }
    return url.pathname + url.search
  } catch {
    return '/admin/dashboard'
  }
}

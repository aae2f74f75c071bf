// Read by the /artigiano route's beforeLoad, which the route tree carries from its entry: it must not import the tRPC client.

/** Pages of the craftsmen's area that a signed-out visitor may open: signing in, and the code asked where a link cannot sign in. */
const OPEN_AREA_PATHS = new Set(['/artigiano/accedi', '/artigiano/codice'])

export const isOpenAreaPath = (pathname: string) => OPEN_AREA_PATHS.has(pathname.toLowerCase().replace(/\/+$/, ''))

/** Where to go after signing in: only a page of the area, never another site. */
export function safeAreaRedirect(target: string | undefined): string {
  const home = '/artigiano/offerte'
  if (!target) return home
  try {
    const url = new URL(target, 'http://x')
    if (url.host !== 'x' || !url.pathname.startsWith('/artigiano/') || isOpenAreaPath(url.pathname)) return home
    return url.pathname + url.search
  } catch {
    return home
  }
}

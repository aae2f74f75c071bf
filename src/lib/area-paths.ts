// Read by the /artigiano route's beforeLoad, which the route tree carries from its entry: it must not import the tRPC client.
import { safeRedirect } from './safe-redirect.ts'

/** Pages of the craftsmen's area that a signed-out visitor may open: signing in, and the code asked where a link cannot sign in. */
const OPEN_AREA_PATHS = new Set(['/artigiano/accedi', '/artigiano/codice'])

export const isOpenAreaPath = (pathname: string) => OPEN_AREA_PATHS.has(pathname.toLowerCase().replace(/\/+$/, ''))

/** Where to go after signing in: only a page of the area, never another site. */
export const safeAreaRedirect = (target: string | undefined): string =>
  safeRedirect(target, '/artigiano/offerte', (pathname) => pathname.startsWith('/artigiano/') && !isOpenAreaPath(pathname))

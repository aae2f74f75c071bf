// Read by the sign-in routes' beforeLoad (the back office's and the area's) and by the server: no tRPC client here.

/**
 * Where to go after signing in: `target` only when it is a page of this site that `allowed` accepts (its own part of the
 * site, not a sign-in page), its path and query; `home` for anything else, another site included.
 */
export function safeRedirect(target: string | undefined, home: string, allowed: (pathname: string) => boolean): string {
  if (!target) return home
  try {
    const url = new URL(target, 'http://x')
    if (url.host !== 'x' || !allowed(url.pathname)) return home
    return url.pathname + url.search
  } catch {
    return home
  }
}

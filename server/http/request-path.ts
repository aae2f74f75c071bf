/**
 * The one decoded, normalised path of a request, used by routing, the admin check, the session look-up and
 * the page cache alike: a path has exactly one spelling, so two parts of the server can never disagree on it.
 */

import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './app-env.ts'

/** Longer than any page, asset or procedure path; refused before anything else looks at it. */
export const MAX_PATH_LENGTH = 1024

export type PathCheck =
  | { ok: true; path: string }
  /** Another spelling of a valid path: redirect (GET, HEAD) to the canonical one. */
  | { ok: false; status: 301; canonical: string }
  | { ok: false; status: 404 | 414 }

// RFC 3986 pchar without '%': unreserved, sub-delims, ':' and '@' travel as they are; every other byte is %XX.
const PCHAR = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]$/
const PCHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]*$/

function encodeSegment(segment: string): string {
  // Most segments need no encoding at all: checked in one pass, as every request's path is.
  if (PCHARS.test(segment)) return segment
  let out = ''
  for (const char of segment) {
    if (PCHAR.test(char)) out += char
    else for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

function decodeSegment(segment: string): string | null {
  if (!segment.includes('%')) return segment
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/**
 * Checks the pathname as the URL parser left it (dot segments resolved): each segment is percent-decoded once.
 * An empty segment other than the last, invalid UTF-8, or a segment that decodes to a '/', '\', '%' (double
 * encoding), a dot segment or a control character is 404; a path whose bytes differ from the canonical encoding
 * of its decoded form answers 301.
 */
export function checkPath(rawPathname: string): PathCheck {
  if (rawPathname.length > MAX_PATH_LENGTH) return { ok: false, status: 414 }
  if (!rawPathname.startsWith('/')) return { ok: false, status: 404 }
  const decoded: string[] = []
  const segments = rawPathname.slice(1).split('/')
  for (const [index, segment] of segments.entries()) {
    // '//' would make the path look like another host to whatever joins it to an origin.
    if (segment === '' && index < segments.length - 1) return { ok: false, status: 404 }
    const value = decodeSegment(segment)
    if (value === null || value === '.' || value === '..') return { ok: false, status: 404 }
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i)
      if (code < 0x20 || code === 0x7f || code === 0x2f || code === 0x5c || code === 0x25) return { ok: false, status: 404 }
    }
    decoded.push(value)
  }
  const canonical = encodePath(`/${decoded.join('/')}`)
  if (canonical !== rawPathname) return { ok: false, status: 301, canonical }
  return { ok: true, path: `/${decoded.join('/')}` }
}

/** The canonical spelling of a decoded path. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeSegment).join('/')
}

/** The path a page lives at: lowercase, without a trailing slash (the root excepted). */
export function pagePathOf(path: string): string {
  let end = path.length
  while (end > 1 && path[end - 1] === '/') end--
  return path.slice(0, end).toLowerCase()
}

/** The path exactly as the client sent it, before any URL parser resolved its dot segments. */
function requestTarget(target: string | undefined): string | undefined {
  if (!target?.startsWith('/')) return undefined
  const query = target.indexOf('?')
  return query === -1 ? target : target.slice(0, query)
}

/** Sets the request's canonical path before anything else reads it; another spelling is redirected (GET, HEAD) or refused. */
export const canonicalPath: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url)
  const check = checkPath(requestTarget(c.env?.incoming?.url) ?? url.pathname)
  if (check.ok) {
    c.set('path', check.path)
    return next()
  }
  c.header('Cache-Control', 'no-store')
  if (check.status === 301 && (c.req.method === 'GET' || c.req.method === 'HEAD')) return c.redirect(check.canonical + url.search, 301)
  if (check.status === 414) return c.text('Indirizzo troppo lungo.', 414)
  return c.text('Pagina non trovata.', 404)
}

import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '../src/schemas/attachments.ts'
import { MAX_BODY_BYTES } from '../src/schemas/newsletter.ts'

const KiB = 1024

/** A quote with its largest attachments, base64 in JSON, and room for every other field. */
export const QUOTE_BODY_LIMIT = MAX_ATTACHMENTS * (Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + KiB) + 64 * KiB
/** A campaign's HTML, which JSON may double by escaping quotes and backslashes. */
export const NEWSLETTER_BODY_LIMIT = 2 * MAX_BODY_BYTES + 64 * KiB
/** Every other procedure: forms, filters, notes, a batch of back-office calls. */
export const PROCEDURE_BODY_LIMIT = 64 * KiB
/** Everything else (the unsubscribe confirmation, stray bodies on pages). */
export const DEFAULT_BODY_LIMIT = 16 * KiB

/** The largest body a path can legitimately need. */
export function bodyLimitFor(path: string): number {
  if (!path.startsWith('/trpc/')) return DEFAULT_BODY_LIMIT
  const procedures = path.slice('/trpc/'.length)
  if (procedures === 'requests.quote') return QUOTE_BODY_LIMIT
  if (procedures.split(',').every((name) => name.startsWith('admin.newsletter.'))) return NEWSLETTER_BODY_LIMIT
  return PROCEDURE_BODY_LIMIT
}

const TOO_LARGE = 'La richiesta è troppo grande.'

/**
 * Refuses with 413 a body larger than its route's limit: at once when Content-Length says so, else as soon as the
 * bytes read pass it, so no more than the limit is ever held. The connection is closed rather than drained.
 */
export const limitBody: MiddlewareHandler<{ Variables: { path: string } }> = async (c, next) => {
  if (!c.req.raw.body) return next()
  const path = c.get('path')
  return bodyLimit({
    maxSize: bodyLimitFor(path),
    onError: (c) => {
      c.header('Connection', 'close')
      c.header('Cache-Control', 'no-store')
      return path.startsWith('/trpc/')
        ? c.json({ error: { message: TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' } }, 413)
        : c.text(TOO_LARGE, 413)
    },
  })(c, next)
}

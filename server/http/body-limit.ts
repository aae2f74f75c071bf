import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '#shared/schemas/attachments.ts'
import { MAX_BODY_BYTES } from '#shared/schemas/newsletter.ts'
import { AREA_PHOTO_UPLOAD_PATH } from './area-photos.ts'
import { isPhotoUpload, PHOTO_UPLOAD_BODY_LIMIT } from './artisan-photos.ts'
import { JsonShape } from './json-shape.ts'
import { SES_WEBHOOK_BODY_LIMIT } from './ses-webhook.ts'
import { procedureErrorResponse } from '../trpc/error-response.ts'

const KiB = 1024

/** A quote with its largest attachments, base64 in JSON, and room for every other field. */
const QUOTE_BODY_LIMIT = MAX_ATTACHMENTS * (Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + KiB) + 64 * KiB
/** A campaign's HTML, which JSON may double by escaping quotes and backslashes. */
const NEWSLETTER_BODY_LIMIT = 2 * MAX_BODY_BYTES + 64 * KiB
/** Every other procedure: forms, filters, notes, a batch of back-office calls. */
const PROCEDURE_BODY_LIMIT = 64 * KiB
/** The rating form: a comment of 5,000 characters, percent-encoded, may take nine bytes each. */
const RATING_BODY_LIMIT = 64 * KiB
/** Everything else (the unsubscribe confirmation, the craftsmen's answers, stray bodies on pages). */
const DEFAULT_BODY_LIMIT = 16 * KiB

/** The longest string a procedure's input may hold, except at the places the shape of its body allows more. */
const MAX_STRING_BYTES = 64 * KiB
/** The body shapes watched while they arrive (json-shape.ts): the quote's only long strings are its files. */
function bodyShapeFor(path: string): JsonShape | null {
  return path === '/trpc/requests.quote' ? new JsonShape(MAX_STRING_BYTES, [['attachments', '*', 'dataUrl']]) : null
}

/** The largest body a path can legitimately need. */
export function bodyLimitFor(path: string): number {
  if (path === '/valutazione') return RATING_BODY_LIMIT
  if (path === '/webhooks/ses') return SES_WEBHOOK_BODY_LIMIT
  if (isPhotoUpload(path) || path === AREA_PHOTO_UPLOAD_PATH) return PHOTO_UPLOAD_BODY_LIMIT
  if (!path.startsWith('/trpc/')) return DEFAULT_BODY_LIMIT
  const procedures = path.slice('/trpc/'.length)
  if (procedures === 'requests.quote') return QUOTE_BODY_LIMIT
  if (procedures.split(',').every((name) => name.startsWith('admin.newsletter.'))) return NEWSLETTER_BODY_LIMIT
  return PROCEDURE_BODY_LIMIT
}

const TOO_LARGE = 'La richiesta è troppo grande.'
const NOT_JSON = 'La richiesta non è valida.'

/** The connection is closed rather than drained: the rest of a refused body is never read. */
const CLOSE = { Connection: 'close' }

function tooLarge(c: Context, json: boolean) {
  if (json) return procedureErrorResponse(413, 'PAYLOAD_TOO_LARGE', TOO_LARGE, CLOSE)
  c.header('Connection', 'close')
  c.header('Cache-Control', 'no-store')
  return c.text(TOO_LARGE, 413)
}

/** Portfolio uploads: read by their route within PHOTO_UPLOAD_BODY_LIMIT, once the session is checked (artisan-photos.ts, area-photos.ts). */
const isPhotoUploadCall = (c: Context) => c.req.method === 'POST' && (isPhotoUpload(c.get('path') as string) || c.get('path') === AREA_PHOTO_UPLOAD_PATH)

/** Procedure calls with a body: their JSON is read by readProcedureBody, as it arrives. */
const isProcedureCall = (c: Context) => c.req.method === 'POST' && (c.get('path') as string).startsWith('/trpc/')

/**
 * Refuses with 413 a body larger than its route's limit: at once when Content-Length says so, else as soon as the
 * bytes read pass it, so no more than the limit is ever held. The connection is closed rather than drained.
 */
export const limitBody: MiddlewareHandler<{ Variables: { path: string } }> = async (c, next) => {
  if (!c.req.raw.body || isProcedureCall(c) || isPhotoUploadCall(c)) return next()
  return bodyLimit({ maxSize: bodyLimitFor(c.get('path')), onError: (c) => tooLarge(c, false) })(c, next)
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** A body above this size is a quote with attachments: it is decoded and handled one at a time. */
const LARGE_BODY_BYTES = 1024 * 1024
/** Bytes of procedure bodies held at once while they arrive; past it a new large body is asked to retry. */
const MAX_BUFFERED_BYTES = 48 * 1024 * 1024
let bufferedBytes = 0
/** Large bodies waiting for their turn to be decoded and handled, and whether one is being handled now. */
const waiting: Array<() => void> = []
let largeBodyBusy = false

function takeLargeBodyTurn(): Promise<() => void> {
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else largeBodyBusy = false
  }
  if (!largeBodyBusy) {
    largeBodyBusy = true
    return Promise.resolve(release)
  }
  return new Promise((resolve) => waiting.push(() => resolve(release)))
}

const BUSY = 'Il servizio è molto occupato in questo momento: riprova tra qualche minuto.'

export type ProcedureBody = { ok: true; request: Request; done: () => void } | { ok: false; response: Response }

/**
 * The JSON body of a procedure call, counted against the route's limit as it arrives. Its bytes are kept as
 * they came; a large one (a quote with attachments) then waits for its turn, so that only one is decoded, parsed and
 * handled at a time, and it is decoded a chunk per turn of the event loop. Neither memory nor the event loop ever
 * holds several 20 MB bodies at once. Answers the request itself (413, 400, 503) when it cannot be read. `done`
 * ends the turn once the call has been answered.
 */
export async function readProcedureBody(c: Context): Promise<ProcedureBody> {
  const raw = c.req.raw
  const limit = bodyLimitFor(c.get('path'))
  if (Number(raw.headers.get('content-length')) > limit) return { ok: false, response: tooLarge(c, true) }
  const chunks: (Uint8Array | undefined)[] = []
  const shape = bodyShapeFor(c.get('path'))
  let size = 0
  // The bytes count against MAX_BUFFERED_BYTES until they are decoded, waiting for their turn included.
  try {
    if (raw.body) {
      const reader = raw.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        size += value.byteLength
        bufferedBytes += value.byteLength
        const wrong = size > limit ? 'too-long' : shape?.feed(value)
        if (wrong || (size > LARGE_BODY_BYTES && bufferedBytes > MAX_BUFFERED_BYTES)) {
          void reader.cancel().catch(() => {})
          if (wrong === 'too-long') return { ok: false, response: tooLarge(c, true) }
          if (wrong) return { ok: false, response: procedureErrorResponse(400, 'PARSE_ERROR', NOT_JSON, CLOSE) }
          return { ok: false, response: procedureErrorResponse(503, 'SERVICE_UNAVAILABLE', BUSY, { ...CLOSE, 'Retry-After': '60' }) }
        }
        chunks.push(value)
      }
    }
    const done = size > LARGE_BODY_BYTES ? await takeLargeBodyTurn() : () => {}
    const decoder = new TextDecoder()
    const parts: string[] = []
    let decodedSinceTurn = 0
    for (let i = 0; i < chunks.length; i++) {
      parts.push(decoder.decode(chunks[i], { stream: true }))
      decodedSinceTurn += chunks[i]!.byteLength
      chunks[i] = undefined
      if (decodedSinceTurn >= LARGE_BODY_BYTES) {
        decodedSinceTurn = 0
        await nextTurn()
      }
    }
    parts.push(decoder.decode())
    let input: unknown
    try {
      const text = parts.join('')
      parts.length = 0
      if (size > LARGE_BODY_BYTES) await nextTurn()
      input = text === '' ? undefined : JSON.parse(text)
    } catch {
      done()
      return { ok: false, response: procedureErrorResponse(400, 'PARSE_ERROR', NOT_JSON) }
    }
    if (size > LARGE_BODY_BYTES) await nextTurn()
    // tRPC reads a POST's input with request.json(): it gets the value parsed here.
    const request = new Request(raw.url, { method: raw.method, headers: raw.headers })
    Object.defineProperty(request, 'json', { value: () => Promise.resolve(input) })
    return { ok: true, request, done }
  } finally {
    bufferedBytes -= size
  }
}

import { type Context as HonoContext, Hono } from 'hono'
import type { DB } from '#db/client.ts'
import { MAX_PHOTO_UPLOAD_BYTES, MAX_PORTFOLIO_PHOTOS } from '#shared/reviews.ts'
import { captionSchema, PHOTO_MISSING, PHOTO_NOT_FOUND, PHOTO_TOO_BIG, TOO_MANY_PHOTOS } from '#shared/schemas/artisan-profile.ts'
import type { Logger } from '../logger.ts'
import { PhotoQueueFull, type ProcessedPhoto, processPortfolioPhoto } from '../profiles/portfolio-photos.ts'
import { refreshPublicPages } from '../profiles/directory.ts'
import { bumpPublicVersion } from '../profiles/public-version.ts'
import { countPhotos, findPhotoContent, insertPhoto } from '../repositories/artisan-profiles.ts'
import { findArtisanById } from '../repositories/artisans.ts'
import { byAdministrator, recordAudit } from '../repositories/audit.ts'
import { fromOwnPages } from '../trpc/endpoint.ts'
import type { SessionUser } from '../trpc/init.ts'
import type { AppEnv } from './app-env.ts'

type Deps = {
  db: DB
  logger: Logger
  /** Who is signed in; a refreshed session cookie goes into responseHeaders. */
  sessionUser: (c: HonoContext, responseHeaders: Headers) => Promise<SessionUser | null>
}

/** POST <id>/photos: one portfolio photo as multipart/form-data (fields `photo` and `caption`). */
export const PHOTO_UPLOAD_PREFIX = '/admin/uploads/artisans/'
/** What an upload's body may hold besides the photo: the form's boundaries, headers and the caption. */
export const PHOTO_UPLOAD_BODY_LIMIT = MAX_PHOTO_UPLOAD_BYTES + 16 * 1024

/** Whether a path is a portfolio upload, whose body limit and refusal are the photo's (body-limit.ts). */
export const isPhotoUpload = (path: string) => path.startsWith(PHOTO_UPLOAD_PREFIX) && path.endsWith('/photos')

const UNAUTHORIZED = 'Accesso riservato agli amministratori.'
const FORBIDDEN = 'Richiesta non consentita.'
const NOT_FOUND = 'Artigiano non trovato.'
const BUSY = 'Stiamo elaborando altre foto: riprova tra qualche secondo.'

/** A request's body if it holds at most `limit` bytes; null as soon as it passes them (the rest is never read). */
export async function readWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      void reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

/** What an upload read within its limits gives: the photo re-encoded with its caption, or why its content was refused. */
export type PortfolioUpload = { photo: ProcessedPhoto; caption: string | null; bytes: number } | { refused: string; bytes: number }

/**
 * A portfolio upload's body (multipart/form-data, fields `photo` and `caption`), read only after the caller checked who
 * sends it, refused from Content-Length or as soon as the bytes pass the limit; the photo checked by its content, resized
 * and re-encoded one at a time (503 when the queue is full). The answer to send when the request itself is refused.
 */
export async function readPortfolioUpload(c: HonoContext, refuse: (message: string, status: 400 | 413) => Response): Promise<PortfolioUpload | Response> {
  if (Number(c.req.header('content-length')) > PHOTO_UPLOAD_BODY_LIMIT) return refuse(PHOTO_TOO_BIG, 413)
  const body = await readWithin(c.req.raw, PHOTO_UPLOAD_BODY_LIMIT)
  if (!body) return refuse(PHOTO_TOO_BIG, 413)
  const form = await new Response(body, { headers: { 'content-type': c.req.header('content-type') ?? '' } }).formData().catch(() => null)
  if (!form) return refuse(PHOTO_MISSING, 400)
  const file = form.get('photo')
  if (!(file instanceof File) || file.size === 0) return refuse(PHOTO_MISSING, 400)
  if (file.size > MAX_PHOTO_UPLOAD_BYTES) return refuse(PHOTO_TOO_BIG, 413)
  const caption = captionSchema.safeParse(typeof form.get('caption') === 'string' ? form.get('caption') : '')
  if (!caption.success) return refuse(caption.error.issues[0]!.message, 400)
  try {
    const processed = await processPortfolioPhoto(Buffer.from(await file.arrayBuffer()))
    if ('refused' in processed) return { refused: processed.refused, bytes: file.size }
    return { photo: processed, caption: caption.data || null, bytes: file.size }
  } catch (error) {
    if (error instanceof PhotoQueueFull) return c.text(BUSY, 503, { 'Retry-After': '5' })
    throw error
  }
}

/**
 * The back office's portfolio photos: the upload (the same session and cross-site rules as the procedures, checked
 * before a byte of the body is read; the size refused from Content-Length or as the bytes arrive) and a preview for
 * the office, which sees photos of profiles not yet public (published ones are served to everyone at
 * /artigiani/foto/<id>-<digest>.webp).
 */
export function createArtisanPhotoRoutes({ db, logger, sessionUser }: Deps) {
  const app = new Hono<AppEnv>()

  async function signedIn(c: HonoContext) {
    const responseHeaders = new Headers()
    const user = await sessionUser(c, responseHeaders)
    for (const [key, value] of responseHeaders) c.header(key, value, { append: true })
    c.header('Cache-Control', 'private, no-store')
    return user
  }

  app.post(`${PHOTO_UPLOAD_PREFIX}:id/photos`, async (c) => {
    // Refused answers close the connection: what the client still sends is never read.
    const refuse = (message: string, status: 400 | 401 | 403 | 404 | 413 | 503) => {
      c.header('Connection', 'close')
      return c.text(message, status)
    }
    if (!fromOwnPages(c)) return refuse(FORBIDDEN, 403)
    const user = await signedIn(c)
    if (!user) return refuse(UNAUTHORIZED, 401)
    const artisanId = Number(c.req.param('id'))
    if (!Number.isSafeInteger(artisanId) || artisanId <= 0 || !(await findArtisanById(db, artisanId))) return refuse(NOT_FOUND, 404)
    if ((await countPhotos(db, artisanId)) >= MAX_PORTFOLIO_PHOTOS) return refuse(TOO_MANY_PHOTOS, 400)

    // Read only now, for a signed-in administrator, and refused from Content-Length or as soon as the bytes pass the limit.
    const upload = await readPortfolioUpload(c, refuse)
    if (upload instanceof Response) return upload
    if ('refused' in upload) {
      logger.info({ artisanId, adminId: user.id, bytes: upload.bytes }, 'portfolio photo refused')
      return refuse(upload.refused, 400)
    }
    const { photo, caption, bytes } = upload
    const stored = await db.transaction().execute(async (trx) => {
      // Counted again in the transaction: two uploads at once cannot make a thirteenth.
      if ((await countPhotos(trx, artisanId)) >= MAX_PORTFOLIO_PHOTOS) return null
      const row = await insertPhoto(trx, artisanId, { ...photo, caption })
      await bumpPublicVersion(trx)
      await recordAudit(trx, { ...byAdministrator(user), action: 'photo_add', entityType: 'artisan', entityId: artisanId, details: { photoId: row.id } })
      return row
    })
    if (!stored) return refuse(TOO_MANY_PHOTOS, 400)
    await refreshPublicPages(db)
    logger.info(
      { artisanId, photoId: stored.id, adminId: user.id, bytes, storedBytes: photo.content.length, width: photo.width, height: photo.height },
      'portfolio photo added',
    )
    return c.json({ id: stored.id, width: photo.width, height: photo.height, size: photo.content.length }, 201)
  })

  app.get('/admin/artisan-photos/:id', async (c) => {
    if (!(await signedIn(c))) return c.text(UNAUTHORIZED, 401)
    const id = Number(c.req.param('id'))
    const photo = Number.isSafeInteger(id) && id > 0 ? await findPhotoContent(db, id) : undefined
    if (!photo) return c.text(PHOTO_NOT_FOUND, 404)
    c.header('Content-Type', photo.content_type)
    c.header('Content-Length', String(photo.content.length))
    c.header('Content-Security-Policy', "default-src 'none'")
    return c.body(new Uint8Array(photo.content.buffer as ArrayBuffer, photo.content.byteOffset, photo.content.byteLength))
  })

  return app
}

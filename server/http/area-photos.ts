import { type Context as HonoContext, Hono } from 'hono'
import type { DB } from '#db/client.ts'
import { PHOTO_NOT_FOUND, TOO_MANY_PHOTOS } from '#shared/schemas/artisan-profile.ts'
import type { Logger } from '../logger.ts'
import { photoRoom, proposeChange } from '../profiles/profile-changes.ts'
import { findPhotoContent } from '../repositories/artisan-profiles.ts'
import { findPendingPhoto, proposePhoto } from '../repositories/profile-changes.ts'
import { fromOwnPages } from '../trpc/endpoint.ts'
import type { SessionArtisan, SessionUser } from '../trpc/init.ts'
import type { AppEnv } from './app-env.ts'
import { readPortfolioUpload } from './artisan-photos.ts'

type Deps = {
  db: DB
  logger: Logger
  publicUrl: string
  /** The craftsman signed in to the area; a refreshed session cookie goes into responseHeaders. */
  sessionArtisan: (c: HonoContext, responseHeaders: Headers) => Promise<SessionArtisan | null>
  /** The administrator signed in to the back office, for the queue's preview. */
  sessionUser: (c: HonoContext, responseHeaders: Headers) => Promise<SessionUser | null>
}

/** POST: one portfolio photo from the area, as multipart/form-data (fields `photo` and `caption`); it waits for the office. */
export const AREA_PHOTO_UPLOAD_PATH = '/artigiano/uploads/photos'

const UNAUTHORIZED = "Accedi all'area artigiani per continuare."
const ADMIN_ONLY = 'Accesso riservato agli amministratori.'
const FORBIDDEN = 'Richiesta non consentita.'

/** The portfolio filled up while the photo was processed: the proposal is rolled back. */
class NoRoom extends Error {}

/** Answers a photo's bytes to the one who may see them, never to a shared cache. */
function photoResponse(c: HonoContext, contentType: string, content: Buffer) {
  c.header('Content-Type', contentType)
  c.header('Content-Length', String(content.length))
  c.header('Content-Security-Policy', "default-src 'none'")
  c.header('Cache-Control', 'private, no-store')
  return c.body(new Uint8Array(content.buffer as ArrayBuffer, content.byteOffset, content.byteLength))
}

/**
 * The craftsmen's portfolio from their area: the upload (the area's session and the cross-site rule checked before a
 * byte of the body is read; the size refused from Content-Length or as the bytes arrive; processed as the office's
 * uploads are, then kept waiting for the office), and previews of their own photos, published and waiting. The office
 * previews a waiting photo from its queue.
 */
export function createAreaPhotoRoutes({ db, logger, publicUrl, sessionArtisan, sessionUser }: Deps) {
  const app = new Hono<AppEnv>()

  async function signedIn<T>(c: HonoContext, resolve: (c: HonoContext, headers: Headers) => Promise<T>) {
    const responseHeaders = new Headers()
    const who = await resolve(c, responseHeaders)
    for (const [key, value] of responseHeaders) c.header(key, value, { append: true })
    c.header('Cache-Control', 'private, no-store')
    return who
  }

  app.post(AREA_PHOTO_UPLOAD_PATH, async (c) => {
    // Refused answers close the connection: what the client still sends is never read.
    const refuse = (message: string, status: 400 | 401 | 403 | 413) => {
      c.header('Connection', 'close')
      return c.text(message, status)
    }
    if (!fromOwnPages(c)) return refuse(FORBIDDEN, 403)
    const artisan = await signedIn(c, sessionArtisan)
    if (!artisan) return refuse(UNAUTHORIZED, 401)
    if ((await photoRoom(db, artisan.id)) <= 0) return refuse(TOO_MANY_PHOTOS, 400)

    // Read only now, for a signed-in craftsman, and refused from Content-Length or as soon as the bytes pass the limit.
    const upload = await readPortfolioUpload(c, refuse)
    if (upload instanceof Response) return upload
    if ('refused' in upload) {
      logger.info({ artisanId: artisan.id, bytes: upload.bytes }, 'area portfolio photo refused')
      return refuse(upload.refused, 400)
    }
    const { photo, caption, bytes } = upload
    const stored = await proposeChange(db, { artisan, publicUrl }, 'photo', async (trx) => {
      // Counted again in the transaction: two uploads at once cannot make a thirteenth.
      if ((await photoRoom(trx, artisan.id)) <= 0) throw new NoRoom('portfolio full')
      return { changeId: await proposePhoto(trx, artisan.id, photo, caption) }
    }).catch((error: unknown) => {
      if (error instanceof NoRoom) return null
      throw error
    })
    if (!stored) return refuse(TOO_MANY_PHOTOS, 400)
    logger.info(
      { artisanId: artisan.id, changeId: stored.changeId, bytes, storedBytes: photo.content.length, width: photo.width, height: photo.height },
      'area portfolio photo proposed',
    )
    return c.json({ changeId: stored.changeId, width: photo.width, height: photo.height, size: photo.content.length }, 201)
  })

  app.get('/artigiano/photos/:id', async (c) => {
    const artisan = await signedIn(c, sessionArtisan)
    if (!artisan) return c.text(UNAUTHORIZED, 401)
    const id = Number(c.req.param('id'))
    const photo = Number.isSafeInteger(id) && id > 0 ? await findPhotoContent(db, id) : undefined
    if (!photo || photo.artisan_id !== artisan.id) return c.text(PHOTO_NOT_FOUND, 404)
    return photoResponse(c, photo.content_type, photo.content)
  })

  app.get('/artigiano/pending-photos/:id', async (c) => {
    const artisan = await signedIn(c, sessionArtisan)
    if (!artisan) return c.text(UNAUTHORIZED, 401)
    const id = Number(c.req.param('id'))
    const photo = Number.isSafeInteger(id) && id > 0 ? await findPendingPhoto(db, id) : undefined
    if (!photo?.photo_content || photo.artisan_id !== artisan.id) return c.text(PHOTO_NOT_FOUND, 404)
    return photoResponse(c, photo.photo_content_type!, photo.photo_content)
  })

  app.get('/admin/profile-changes/:id/photo', async (c) => {
    if (!(await signedIn(c, sessionUser))) return c.text(ADMIN_ONLY, 401)
    const id = Number(c.req.param('id'))
    const photo = Number.isSafeInteger(id) && id > 0 ? await findPendingPhoto(db, id) : undefined
    if (!photo?.photo_content) return c.text(PHOTO_NOT_FOUND, 404)
    return photoResponse(c, photo.photo_content_type!, photo.photo_content)
  })

  return app
}

import { Hono } from 'hono'
import type { DB } from '#db/client.ts'
import { PHOTO_EXTENSIONS } from '../profiles/profile-page.ts'
import { findPublicPhoto } from '../repositories/profile-page.ts'
import type { AppEnv } from './app-env.ts'
import { bytesOf } from './bytes.ts'

export const PROFILE_PHOTO_PREFIX = '/artigiani/foto/'

/** `{id}-{digest}.{extension}`: a decimal id without leading zeros, the base64url SHA-256 of the bytes, a lowercase extension. */
const PHOTO_FILE = /^([1-9][0-9]{0,14})-([A-Za-z0-9_-]{43})\.([a-z]{3,4})$/

const NOT_FOUND = 'Foto non trovata.'

/**
 * The portfolio photos of published profiles (docs/product.md §11), at addresses that carry the digest of their bytes
 * (profiles/profile-page.ts photoPath): the bytes behind an address never change, so browsers and CDNs keep them a year.
 * One spelling answers: another digest, extension or id, or a profile not (or no longer) public, is 404.
 */
export function createProfilePhotoRoutes({ db }: { db: DB }) {
  const app = new Hono<AppEnv>()
  app.on(['GET', 'HEAD'], `${PROFILE_PHOTO_PREFIX}*`, async (c) => {
    const match = PHOTO_FILE.exec(c.get('path').slice(PROFILE_PHOTO_PREFIX.length))
    const photo = match && (await findPublicPhoto(db, Number(match[1]), match[2]!))
    if (!photo || PHOTO_EXTENSIONS[photo.content_type] !== match[3]) {
      c.header('Cache-Control', 'no-cache')
      return c.text(NOT_FOUND, 404)
    }
    return new Response(c.req.method === 'HEAD' ? null : bytesOf(photo.content), {
      headers: {
        'Content-Type': photo.content_type,
        'Content-Length': String(photo.content.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  })
  return app
}

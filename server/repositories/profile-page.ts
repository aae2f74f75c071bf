import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import { REVIEWS_PER_PAGE } from '#shared/reviews.ts'
import { elapsedMs } from './dialect/time.ts'
import { medianSlice } from './response-metrics.ts'

// What a public profile page (/artigiani/{slug}) reads (docs/product.md §11): the profile only while published, its
// portfolio, its published reviews and the figures drawn from them. Never a phone or an e-mail.

/** Answers below this many, the craftsman's usual response time says too little to be shown. */
export const MIN_ANSWERS_FOR_RESPONSE_TIME = 3

/** A slug as the office writes them: lowercase words joined by dashes. Anything else names no profile. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const MAX_SLUG_LENGTH = 100

export const isProfileSlug = (slug: string) => slug.length <= MAX_SLUG_LENGTH && SLUG.test(slug)

/** The profile behind a slug: published, gone (published once, private now), or none. */
export async function findProfileBySlug(db: DB, slug: string) {
  if (!isProfileSlug(slug)) return null
  return db
    .selectFrom('artisan_profiles as p')
    .innerJoin('artisans as a', 'a.id', 'p.artisan_id')
    .select([
      'p.artisan_id',
      'p.slug',
      'p.description',
      'p.published_at',
      'p.unpublished_at',
      'p.vat_checked_at',
      'p.identity_checked_at',
      'p.insurance_checked_at',
      'p.insurance_note',
      'a.company_name',
      'a.contact_name',
      'a.created_at',
    ])
    .where('p.slug', '=', slug)
    .executeTakeFirst()
}

/** The craftsman of a published profile, for a request that prefers them; undefined for any other slug. */
export async function findPublishedArtisanBySlug(db: DB, slug: string): Promise<{ id: number; name: string } | undefined> {
  if (!isProfileSlug(slug)) return undefined
  const row = await db
    .selectFrom('artisan_profiles as p')
    .innerJoin('artisans as a', 'a.id', 'p.artisan_id')
    .select(['a.id', 'a.company_name', 'a.contact_name'])
    .where('p.slug', '=', slug)
    .where('p.published_at', 'is not', null)
    .executeTakeFirst()
  return row && { id: row.id, name: row.company_name || row.contact_name }
}

export async function profileTrades(db: DB, artisanId: number) {
  const [sectors, zones] = await Promise.all([
    db.selectFrom('artisan_sectors').select('sector').where('artisan_id', '=', artisanId).orderBy('sector').execute(),
    db.selectFrom('artisan_zones').select('zone').where('artisan_id', '=', artisanId).orderBy('zone').execute(),
  ])
  return { trades: sectors.map((row) => row.sector), zones: zones.map((row) => row.zone) }
}

/** The portfolio in the office's order, without the bytes (served by http/profile-photos.ts). */
export function profilePhotos(db: DB, artisanId: number) {
  return db
    .selectFrom('artisan_photos')
    .select(['id', 'digest', 'content_type', 'width', 'height', 'caption'])
    .where('artisan_id', '=', artisanId)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

/** A published profile's photo with its bytes, when its digest is `digest`. */
export function findPublicPhoto(db: DB, id: number, digest: string) {
  return db
    .selectFrom('artisan_photos as f')
    .innerJoin('artisan_profiles as p', 'p.artisan_id', 'f.artisan_id')
    .select(['f.content_type', 'f.content'])
    .where('f.id', '=', id)
    .where('f.digest', '=', digest)
    .where('p.published_at', 'is not', null)
    .executeTakeFirst()
}

/** Published reviews: how many of each star (5 to 1), their count and average. */
export async function reviewSummary(db: DB, artisanId: number) {
  const rows = await db
    .selectFrom('reviews')
    .select(['stars', (eb) => eb.fn.countAll<number>().as('n')])
    .where('artisan_id', '=', artisanId)
    .where('status', '=', 'published')
    .groupBy('stars')
    .execute()
  const byStars = new Map(rows.map((row) => [Number(row.stars), Number(row.n)]))
  const distribution = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byStars.get(stars) ?? 0 }))
  const count = distribution.reduce((sum, row) => sum + row.count, 0)
  const total = distribution.reduce((sum, row) => sum + row.stars * row.count, 0)
  return { count, average: count ? Math.round((total / count) * 10) / 10 : null, distribution }
}

/** One page of published reviews, newest first. */
export function publishedReviews(db: DB, artisanId: number, page: number) {
  return db
    .selectFrom('reviews')
    .select(['id', 'stars', 'comment', 'author_label', 'comune', 'service_name', 'job_month', 'published_at', 'reply'])
    .where('artisan_id', '=', artisanId)
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(REVIEWS_PER_PAGE)
    .offset((page - 1) * REVIEWS_PER_PAGE)
    .execute()
}

/** The median time from an offer to the craftsman's answer, null below MIN_ANSWERS_FOR_RESPONSE_TIME answers. */
export async function usualResponseMs(db: DB, artisanId: number): Promise<number | null> {
  const answered = await db
    .selectFrom('lead_assignments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('artisan_id', '=', artisanId)
    .where('responded_at', 'is not', null)
    .executeTakeFirstOrThrow()
  const count = Number(answered.n)
  if (count < MIN_ANSWERS_FOR_RESPONSE_TIME) return null
  const { limit, offset } = medianSlice(count)
  const { rows } = await sql<{ ms: number }>`SELECT avg(ms) AS ms FROM (SELECT ${elapsedMs(db, 'assigned_at', 'responded_at')} AS ms
      FROM lead_assignments WHERE artisan_id = ${artisanId} AND responded_at IS NOT NULL ORDER BY ms LIMIT ${limit} OFFSET ${offset}) middle`.execute(db)
  return rows[0] ? Math.round(Number(rows[0].ms)) : null
}

import type { DB } from '#db/client.ts'
import { services } from '#shared/catalog/index.ts'
import { formatLongDay, formatMonth } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { REVIEWS_PER_PAGE } from '#shared/reviews.ts'
import { findProfileBySlug, profilePhotos, profileTrades, publishedReviews, reviewSummary, usualResponseMs } from '../repositories/profile-page.ts'

/** The extension of a portfolio photo's public URL, by its stored type; a photo of another type is not shown. */
export const PHOTO_EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/avif': 'avif' }

/** The public address of a portfolio photo: it carries the digest of the bytes, so they can be cached for a year. */
export const photoPath = (photo: { id: number; digest: string; content_type: string }) =>
  `/artigiani/foto/${photo.id}-${photo.digest}.${PHOTO_EXTENSIONS[photo.content_type]}`

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** "Risponde di solito entro 3 ore": the median answer rounded up, in the unit a visitor reads it in. */
export function responseTimeWords(ms: number): string {
  if (ms <= HOUR) return "Risponde di solito entro un'ora"
  if (ms <= DAY) return `Risponde di solito entro ${countOf(Math.ceil(ms / HOUR), 'ora', 'ore')}`
  const days = Math.ceil(ms / DAY)
  return days === 1 ? 'Risponde di solito entro un giorno' : `Risponde di solito entro ${countOf(days, 'giorno', 'giorni')}`
}

/** "Nella rete da 3 anni": whole years since the craftsman joined, or less than one. */
export function yearsInNetworkWords(joinedAt: string, now: Date): string {
  const joined = new Date(joinedAt)
  let years = now.getUTCFullYear() - joined.getUTCFullYear()
  if (now.getUTCMonth() < joined.getUTCMonth() || (now.getUTCMonth() === joined.getUTCMonth() && now.getUTCDate() < joined.getUTCDate())) years--
  return years < 1 ? 'Nella rete da meno di un anno' : `Nella rete da ${countOf(years, 'anno', 'anni')}`
}

/**
 * The craftsman's trades as the catalogue names them (the register's sector names map to its services), and the service
 * their quote form starts on; the sector names themselves where none maps.
 */
function tradesOf(sectors: string[]) {
  const offered = services.filter((service) => sectors.includes(service.sectorName))
  return { trades: offered.length ? offered.map((service) => service.name) : sectors, serviceId: offered[0]?.id ?? 'altro' }
}

/** "marzo 2026" from the job's "2026-03". */
const jobMonthWords = (month: string) => formatMonth(new Date(`${month}-15T12:00:00Z`))

const checkedOn = (iso: string) => formatLongDay(new Date(iso))

/**
 * The data of a profile page (docs/product.md §11): null for a slug that never named a public profile or a page of
 * reviews past the last, `gone` for a profile published once and private now (410).
 */
export async function profilePage(db: DB, slug: string, page: number, now = new Date()) {
  const profile = await findProfileBySlug(db, slug)
  if (!profile) return null
  if (!profile.published_at) return profile.unpublished_at ? { state: 'gone' as const } : null
  const id = profile.artisan_id
  const [summary, reviews, trades, photos, responseMs] = await Promise.all([
    reviewSummary(db, id),
    publishedReviews(db, id, page),
    profileTrades(db, id),
    profilePhotos(db, id),
    usualResponseMs(db, id),
  ])
  const pages = Math.max(1, Math.ceil(summary.count / REVIEWS_PER_PAGE))
  if (page > pages) return null
  const verified = [
    profile.vat_checked_at && { what: 'Partita IVA', how: `controllata nel formato e dall'ufficio il ${checkedOn(profile.vat_checked_at)}` },
    profile.identity_checked_at && { what: 'Identità', how: `verificata il ${checkedOn(profile.identity_checked_at)}` },
    profile.insurance_checked_at && {
      what: 'Assicurazione',
      how: `verificata il ${checkedOn(profile.insurance_checked_at)}${profile.insurance_note ? `: ${profile.insurance_note}` : ''}`,
    },
  ].filter((item): item is { what: string; how: string } => Boolean(item))
  return {
    state: 'published' as const,
    slug: profile.slug,
    name: profile.company_name || profile.contact_name,
    paragraphs: (profile.description ?? '')
      .split(/\n\s*\n/)
      .map((text) => text.trim())
      .filter(Boolean),
    ...tradesOf(trades.trades),
    zones: trades.zones,
    inNetwork: yearsInNetworkWords(profile.created_at, now),
    verified,
    responseTime: responseMs === null ? null : responseTimeWords(responseMs),
    photos: photos
      .filter((photo) => PHOTO_EXTENSIONS[photo.content_type])
      .map((photo) => ({ src: photoPath(photo), width: photo.width, height: photo.height, caption: photo.caption })),
    rating: summary,
    reviews: reviews.map((review) => ({
      id: review.id,
      stars: review.stars,
      author: review.author_label,
      comune: review.comune,
      serviceName: review.service_name,
      jobMonth: jobMonthWords(review.job_month),
      /** The day it was published, for the structured data. */
      published: (review.published_at ?? '').slice(0, 10),
      comment: review.comment,
      reply: review.reply,
    })),
    page,
    pages,
  }
}

import type { ProfilePageData } from './site-data.ts'
import { GONE_TITLE } from './gone.ts'
import { canonicalUrl, pageHead, SITE_NAME } from './seo-head.ts'
import type { Crumb } from './breadcrumbs.ts'
import { ERASED_AUTHOR } from '#shared/reviews.ts'

/** The path of a page of a profile's reviews: the first page is the profile itself, so it stays one cacheable address. */
export const profilePath = (slug: string, page: number) => (page === 1 ? `/artigiani/${slug}` : `/artigiani/${slug}/recensioni/${page}`)

/** Home, the craftsmen's page, the profile, and the page of reviews past the first. */
export function profileCrumbs(page: Pick<ProfilePageData, 'slug' | 'name' | 'page'>): Crumb[] {
  const trail = [
    { label: 'Home', path: '/' },
    { label: 'I nostri Artigiani', path: '/i-nostri-artigiani' },
    { label: page.name, path: profilePath(page.slug, 1) },
  ]
  return page.page > 1 ? [...trail, { label: `Recensioni, pagina ${page.page}`, path: profilePath(page.slug, page.page) }] : trail
}

const rating = (value: number) => ({ '@type': 'Rating', ratingValue: value, bestRating: 5, worstRating: 1 })

/**
 * The craftsman as a HomeAndConstructionBusiness (a LocalBusiness) with the ratings of its published reviews and the
 * reviews of this page, as Google's review snippets ask: the aggregate only when there are reviews, each Review with its
 * author's name, rating and date. A review whose author was erased ("Cliente verificato" names nobody) counts in the
 * aggregate but is not listed. Only on profiles: the site's own Organization never carries ratings.
 */
export function profileJsonLd(publicUrl: string, page: ProfilePageData): Record<string, unknown> {
  const url = canonicalUrl(publicUrl, profilePath(page.slug, 1))
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    '@id': `${url}#artigiano`,
    name: page.name,
    url,
    ...(page.paragraphs.length ? { description: page.paragraphs.join(' ') } : {}),
    ...(page.photos.length ? { image: page.photos.map((photo) => publicUrl + photo.src) } : {}),
    areaServed: page.zones.map((zone) => ({ '@type': 'City', name: zone })),
    ...(page.rating.count > 0 && page.rating.average !== null
      ? {
          aggregateRating: { '@type': 'AggregateRating', ratingValue: page.rating.average, reviewCount: page.rating.count, bestRating: 5, worstRating: 1 },
          review: page.reviews
            .filter((review) => review.author !== ERASED_AUTHOR && review.published)
            .map((review) => ({
              '@type': 'Review',
              author: { '@type': 'Person', name: review.author },
              reviewRating: rating(review.stars),
              datePublished: review.published,
              ...(review.comment ? { reviewBody: review.comment } : {}),
            })),
        }
      : {}),
  }
}

// One formatter for every page: toLocaleString with options builds a new one per call (a tenth of a millisecond).
const oneDecimal = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const averageWords = (value: number) => oneDecimal.format(value)

/** Title, description, canonical (each page of reviews its own), prev/next, breadcrumbs and the structured data. */
export function profileHead(publicUrl: string, page: ProfilePageData) {
  const path = profilePath(page.slug, page.page)
  const trades = page.trades.slice(0, 3).join(', ')
  const ratingWords =
    page.rating.average !== null
      ? ` ${averageWords(page.rating.average)} su 5 da ${page.rating.count} ${page.rating.count === 1 ? 'recensione verificata' : 'recensioni verificate'}.`
      : ''
  const head = pageHead({
    title: `${page.name}${trades ? ` - ${trades}` : ''} a Milano: recensioni${page.page > 1 ? `, pagina ${page.page}` : ''} | ${SITE_NAME}`,
    description: `${page.name}${trades ? `, ${trades.toLowerCase()}` : ''} a Milano e provincia.${ratingWords} Chiedi un preventivo gratuito e senza impegno.`,
    keywords: [page.name, ...page.trades.map((trade) => `${trade.toLowerCase()} milano`), 'recensioni'].join(', '),
    path,
    publicUrl,
    crumbs: profileCrumbs(page),
    jsonLd: [profileJsonLd(publicUrl, page)],
  })
  const pagination = [
    ...(page.page > 1 ? [{ rel: 'prev', href: canonicalUrl(publicUrl, profilePath(page.slug, page.page - 1)) }] : []),
    ...(page.page < page.pages ? [{ rel: 'next', href: canonicalUrl(publicUrl, profilePath(page.slug, page.page + 1)) }] : []),
  ]
  return { ...head, links: [...head.links, ...pagination] }
}

/** The head of a profile gone private (410): what happened, and no place in search indexes. */
export const goneHead = () => ({
  meta: [
    { title: `${GONE_TITLE} | ${SITE_NAME}` },
    { name: 'description', content: 'Questo artigiano ha ritirato il suo profilo pubblico.' },
    { name: 'robots', content: 'noindex' },
  ],
})

import type * as React from 'react'
import { breadcrumbTrail, type Crumb } from './breadcrumbs.ts'

export const SITE_NAME = 'Artigiani Milano'
export const DEFAULT_TITLE = `${SITE_NAME} - I Migliori Artigiani a Milano e Provincia`
export const DEFAULT_DESCRIPTION =
  'Richiedi un preventivo gratuito e senza impegno ad artigiani selezionati e verificati a Milano e provincia: elettricisti, idraulici, imbianchini e molti altri.'
export const DEFAULT_KEYWORDS = 'artigiani Milano, preventivo gratuito, elettricista, idraulico, imbianchino, Milano e provincia'
export const SHARE_IMAGE = { src: '/images/og-artigiani-milano.png', width: 1200, height: 630 }

export const NOT_FOUND_TITLE = 'Pagina Non Trovata'
export const NOT_FOUND_TEXT = "Il link che hai seguito non è valido oppure l'indirizzo (URL) non esiste."

/** The head of a page that does not exist (docs/product.md §2.1): its title, what happened, and no place in search indexes. */
export const notFoundHead = () => ({
  meta: [{ title: `${NOT_FOUND_TITLE} | ${SITE_NAME}` }, { name: 'description', content: NOT_FOUND_TEXT }, { name: 'robots', content: 'noindex' }],
})

type JsonLd = Record<string, unknown>

type PageHead = {
  title?: string | null
  description?: string | null
  keywords?: string | null
  path: string
  publicUrl: string
  /** Adds a BreadcrumbList; pass the trail shown on the page. */
  crumbs?: Crumb[]
  jsonLd?: JsonLd[]
  /** Keeps a page out of search indexes. */
  noindex?: boolean
}

const isPlaceholder = (value: string | null | undefined): value is null | undefined => !value?.trim() || /^caricamento/i.test(value.trim())

export const canonicalUrl = (publicUrl: string, path: string) => publicUrl + (path === '/' ? '/' : path.replace(/\/+$/, ''))

/** The head tags of a page (docs/product.md §2.1): empty or loading values fall back to the defaults. */
export function pageHead({ title, description, keywords, path, publicUrl, crumbs, jsonLd = [], noindex }: PageHead) {
  const finalTitle = isPlaceholder(title) ? DEFAULT_TITLE : title
  const finalDescription = isPlaceholder(description) ? DEFAULT_DESCRIPTION : description
  const finalKeywords = isPlaceholder(keywords) ? DEFAULT_KEYWORDS : keywords
  const canonical = canonicalUrl(publicUrl, path)
  const structured = crumbs && crumbs.length > 1 ? [...jsonLd, breadcrumbJsonLd(publicUrl, crumbs)] : jsonLd
  return {
    meta: [
      { title: finalTitle },
      { name: 'description', content: finalDescription },
      { name: 'keywords', content: finalKeywords },
      ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
      { property: 'og:title', content: finalTitle },
      { property: 'og:description', content: finalDescription },
      { property: 'og:type', content: 'website' },
      { property: 'og:url', content: canonical },
      { property: 'og:image', content: publicUrl + SHARE_IMAGE.src },
      { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
      { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
      { property: 'og:locale', content: 'it_IT' },
      { property: 'og:site_name', content: SITE_NAME },
      { name: 'twitter:card', content: 'summary_large_image' },
      // TanStack Router renders these as <script type="application/ld+json">; its meta type does not list the key.
      ...structured.map((data) => ({ 'script:ld+json': data }) as React.ComponentProps<'meta'>),
    ],
    links: [{ rel: 'canonical', href: canonical }],
  }
}

/** The head of a part behind a sign-in: its title, and kept out of search engines. */
export const signedInHead = (title: string) => () => ({ meta: [{ title: `${title} - ${SITE_NAME}` }, { name: 'robots', content: 'noindex, nofollow' }] })

/** The head of a page that is the same for every visitor: its tags, its canonical URL and the breadcrumb trail of its path. */
export function fixedPageHead(page: Pick<PageHead, 'title' | 'description' | 'keywords' | 'path' | 'noindex'>) {
  return ({ match }: { match: { context: { publicUrl: string } } }) =>
    pageHead({ ...page, publicUrl: match.context.publicUrl, crumbs: breadcrumbTrail(page.path) })
}

export function breadcrumbJsonLd(publicUrl: string, crumbs: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: canonicalUrl(publicUrl, crumb.path),
    })),
  }
}

export function organizationJsonLd(publicUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/images/logo-artigiani-milano.png`,
    description: DEFAULT_DESCRIPTION,
    areaServed: { '@type': 'AdministrativeArea', name: 'Città metropolitana di Milano' },
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', url: `${publicUrl}/contattaci`, availableLanguage: 'Italian' },
  }
}

/** A Service offered through the network, in one comune or in the whole province. */
export function serviceJsonLd({
  publicUrl,
  path,
  name,
  description,
  serviceType,
  comune,
}: {
  publicUrl: string
  path: string
  name: string
  description: string
  serviceType: string
  comune?: string
}): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name,
    serviceType,
    description,
    url: canonicalUrl(publicUrl, path),
    provider: { '@type': 'Organization', name: SITE_NAME, url: `${publicUrl}/` },
    areaServed: comune
      ? { '@type': 'City', name: comune, containedInPlace: { '@type': 'AdministrativeArea', name: 'Città metropolitana di Milano' } }
      : { '@type': 'AdministrativeArea', name: 'Città metropolitana di Milano' },
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'EUR', description: 'Sopralluogo e preventivo gratuiti e senza impegno' },
  }
}

import { z } from 'zod'
import { MAX_PATH_LENGTH } from '../http/request-path.ts'
import {
  categories,
  comunePlaceId,
  comuni,
  findCategory,
  findComune,
  findService,
  parseServiceInComuneParam,
  serviceInComunePath,
  services,
  servicesOfCategory,
  topServiceIds,
  comuneIntro,
  type Service,
} from '#shared/catalog/index.ts'
import { serviceImage } from '#shared/images.ts'
import { publicProcedure, router } from '../trpc/init.ts'
import { retentionPeriods } from '../retention/retention.ts'
import { stripAccents } from '#shared/text.ts'
import type { Directory } from '../profiles/directory.ts'
import { profilePage } from '../profiles/profile-page.ts'
import { softOptInForPages } from '../newsletter/audience.ts'

// Page data of the public site: the catalog stays on the server, so the browser downloads only what a page shows.

const card = (service: Service) => ({
  id: service.id,
  name: service.name,
  path: service.path,
  shortDescription: service.shortDescription,
  image: serviceImage(service.id),
})

const serviceOption = (service: Service) => ({ id: service.id, name: service.name, path: service.path })

const paragraphs = (text: string) => text.split('\n\n')

/** The craftsmen block of a landing page, from the process's directory (no query per render); empty shows nothing. */
const landingArtisans = (directory: Directory, where: { serviceId?: string; comuneSlug?: string }) =>
  directory.bestFor(where).map((artisan) => ({
    name: artisan.name,
    path: `/artigiani/${artisan.slug}`,
    // The page's own trade first: on /elettricista a card reads "Elettricista · …".
    trades: artisan.services
      .filter((s) => s.id === where.serviceId)
      .concat(artisan.services.filter((s) => s.id !== where.serviceId))
      .map((s) => s.name),
    reviews: artisan.reviews,
    /** One decimal, as the stars are read ("4,7 su 5"). */
    average: artisan.average === null ? null : Math.round(artisan.average * 10) / 10,
  }))

function servicePage(service: Service, directory: Directory) {
  const category = findCategory(service.categorySlug)!
  return {
    kind: 'service' as const,
    service: {
      id: service.id,
      name: service.name,
      paragraphs: paragraphs(service.description),
      shortDescription: service.shortDescription,
      keywords: service.keywords,
      image: serviceImage(service.id),
      category: { slug: category.slug, name: category.name },
    },
    serviceOptions: services.map(serviceOption),
    comuni: comuni.map((comune) => ({ name: comune.name, path: serviceInComunePath(service.id, comune.slug) })),
    artisans: landingArtisans(directory, { serviceId: service.id }),
  }
}

function comunePage(slug: string, directory: Directory) {
  const comune = findComune(slug)!
  return {
    kind: 'comune' as const,
    comune: { slug: comune.slug, name: comune.name, placeId: comunePlaceId(comune.slug) },
    intro: comuneIntro(comune),
    comuneOptions: comuni.map((c) => ({ slug: c.slug, name: c.name, path: `/${c.slug}` })),
    services: services.map((s) => ({ id: s.id, name: s.name, path: serviceInComunePath(s.id, comune.slug) })),
    artisans: landingArtisans(directory, { comuneSlug: comune.slug }),
  }
}

function categoryPage(slug: string) {
  const category = findCategory(slug)!
  return {
    kind: 'category' as const,
    category: { slug: category.slug, name: category.name, description: category.description },
    services: servicesOfCategory(slug).map(card),
    otherCategories: categories.filter((c) => c.slug !== slug).map((c) => ({ slug: c.slug, name: c.name })),
  }
}

/** Which page a single-segment path is; services win over categories, categories over towns (no slug is shared today). */
function resolveSlug(slug: string, directory: Directory) {
  const service = findService(slug)
  if (service) return servicePage(service, directory)
  if (findCategory(slug)) return categoryPage(slug)
  if (findComune(slug)) return comunePage(slug, directory)
  return null
}

function serviceInComunePage(param: string, directory: Directory) {
  const parsed = parseServiceInComuneParam(param)
  if (!parsed.ok) return parsed
  const { service, comune } = parsed
  return {
    ok: true as const,
    codeMatches: parsed.codeMatches,
    canonicalPath: parsed.canonicalPath,
    service: {
      id: service.id,
      name: service.name,
      paragraphs: paragraphs(service.description),
      keywords: service.keywords,
      image: serviceImage(service.id),
    },
    comune: { slug: comune.slug, name: comune.name, placeId: comunePlaceId(comune.slug) },
    serviceOptions: services.map((s) => ({ id: s.id, name: s.name, path: serviceInComunePath(s.id, comune.slug) })),
    comuneOptions: comuni.map((c) => ({ slug: c.slug, name: c.name, path: serviceInComunePath(service.id, c.slug) })),
    nearbyServices: services
      .filter((s) => s.categorySlug === service.categorySlug && s.id !== service.id)
      .map((s) => ({ id: s.id, name: s.name, path: serviceInComunePath(s.id, comune.slug) })),
    artisans: landingArtisans(directory, { serviceId: service.id, comuneSlug: comune.slug }),
  }
}

const fold = (text: string) =>
  stripAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

const foldedComuni = comuni.map((comune) => ({ comune, folded: fold(comune.name) }))

/** The address field's suggestions come 5 at a time, as the searchable dropdown's pages (docs/product.md §9). */
const SUGGESTIONS_PER_PAGE = 5

/** Town suggestions of the default address provider from `offset` on: accent- and case-insensitive, prefix matches first. */
function suggestComuni(query: string, offset: number) {
  const q = fold(query)
  const matches = q
    ? foldedComuni.filter(({ folded }) => folded.includes(q)).sort((a, b) => Number(!a.folded.startsWith(q)) - Number(!b.folded.startsWith(q)))
    : foldedComuni
  const end = offset + SUGGESTIONS_PER_PAGE
  return {
    suggestions: matches.slice(offset, end).map(({ comune }) => ({
      placeId: comunePlaceId(comune.slug),
      label: `${comune.name}, MI, Italia`,
      mainText: comune.name,
      secondaryText: 'Città metropolitana di Milano',
    })),
    more: matches.length > end,
  }
}

export const siteRouter = router({
  home: publicProcedure.query(() => ({
    services: services.map((s) => ({ id: s.id, name: s.name, path: s.path, shortDescription: s.shortDescription })),
    topServices: topServiceIds.map((id) => card(findService(id)!)),
  })),
  services: publicProcedure.query(() =>
    categories.map((category) => ({
      slug: category.slug,
      name: category.name,
      services: servicesOfCategory(category.slug).map((s) => ({
        id: s.id,
        name: s.name,
        path: s.path,
        excerpt: `${s.description.slice(0, 100)}...`,
      })),
    })),
  ),
  comuni: publicProcedure.query(() => comuni.map((c) => ({ slug: c.slug, name: c.name, path: `/${c.slug}` }))),
  // A path longer than any page is a page that does not exist, not a bad request: the visitor gets the 404 page.
  slug: publicProcedure
    .input(z.object({ slug: z.string().max(MAX_PATH_LENGTH) }))
    .query(({ ctx, input }) => (input.slug.length > 200 ? null : resolveSlug(input.slug, ctx.directory))),
  serviceInComune: publicProcedure
    .input(z.object({ param: z.string().max(MAX_PATH_LENGTH) }))
    .query(({ ctx, input }) =>
      input.param.length > 300 ? { ok: false as const, reason: 'format' as const } : serviceInComunePage(input.param, ctx.directory),
    ),
  /** A craftsman's public profile and one page of its reviews (docs/product.md §11): null is 404, `gone` is 410. */
  profile: publicProcedure
    .input(z.object({ slug: z.string().max(MAX_PATH_LENGTH), page: z.number().int().min(1).max(1_000_000).default(1) }))
    .query(({ ctx, input }) => profilePage(ctx.db, input.slug, input.page)),
  suggestPlaces: publicProcedure
    .input(z.object({ query: z.string().max(120), offset: z.number().int().min(0).max(comuni.length).default(0) }))
    .query(({ input }) => suggestComuni(input.query, input.offset)),
  /** Public identifiers the browser needs (Maps key, Ads id); empty when not configured. */
  clientConfig: publicProcedure.query(async ({ ctx }) => ({
    googleMapsApiKey: ctx.env.GOOGLE_MAPS_API_KEY ?? null,
    googleAdsId: ctx.env.GOOGLE_ADS_ID ?? null,
    googleAdsConversionLabel: ctx.env.GOOGLE_ADS_CONVERSION_LABEL ?? null,
    /** Whether newsletters measure opens and clicks (SES_OPEN_CLICK_TRACKING): the privacy policy says which. */
    newsletterTracking: ctx.env.SES_OPEN_CLICK_TRACKING === 'on',
    /** The retention periods (RETENTION_*), global like the rest: the privacy policy states them and the page stays cacheable. */
    retention: retentionPeriods(ctx.env),
    /** Whether newsletters reach requesters without consent (the soft opt-in): the privacy policy says which; a change bumps the public version. */
    newsletterSoftOptIn: await softOptInForPages(ctx.db, ctx.directory.version),
  })),
})

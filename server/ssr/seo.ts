import { type Context, Hono, type Next } from 'hono'
import type { Directory } from '../profiles/directory.ts'
import { categories, comuni, serviceInComunePath, services } from '#shared/catalog/index.ts'

/** The sitemap protocol's limit of URLs per file. */
const SITEMAP_MAX_URLS = 50_000

const STATIC_PATHS = [
  '/',
  '/i-nostri-artigiani',
  '/zone-servite',
  '/chi-siamo',
  '/area-artigiani',
  '/contattaci',
  '/privacy-policy',
  '/come-verifichiamo-le-recensioni',
]

/** The path of a craftsman's public profile. */
export const profilePath = (slug: string) => `/artigiani/${slug}`

/** Every indexable public path: static pages, services, categories, towns, every service in every town, published profiles. */
export function publicPaths(profileSlugs: readonly string[] = []): string[] {
  return [
    ...STATIC_PATHS,
    ...services.map((s) => s.path),
    ...categories.map((c) => `/${c.slug}`),
    ...comuni.map((c) => `/${c.slug}`),
    ...services.flatMap((s) => comuni.map((c) => serviceInComunePath(s.id, c.slug))),
    ...profileSlugs.map(profilePath),
  ]
}

/** One page of each kind, rendered at start-up so no visitor pays for the first render of its kind. */
export function warmUpPaths(): string[] {
  const [service] = services
  const [category] = categories
  const [comune] = comuni
  return [
    ...STATIC_PATHS,
    service!.path,
    `/${category!.slug}`,
    `/${comune!.slug}`,
    serviceInComunePath(service!.id, comune!.slug),
    '/thank-you',
    '/messaggio-inviato',
    '/artisan-thank-you',
    '/admin',
    '/admin/update-password',
    '/pagina/inesistente',
  ]
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

function urlset(publicUrl: string, paths: string[]): string {
  const urls = paths.map((path) => `<url><loc>${escapeXml(publicUrl + path)}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

/**
 * The sitemap files: one urlset at /sitemap.xml, or, past `maxUrls`, a sitemap index at /sitemap.xml
 * pointing at /sitemap-1.xml, /sitemap-2.xml, ...
 */
export function buildSitemaps(publicUrl: string, paths: string[], maxUrls = SITEMAP_MAX_URLS): Map<string, string> {
  const files = new Map<string, string>()
  if (paths.length <= maxUrls) {
    files.set('/sitemap.xml', urlset(publicUrl, paths))
    return files
  }
  const parts: string[] = []
  for (let start = 0; start < paths.length; start += maxUrls) {
    const name = `/sitemap-${parts.length + 1}.xml`
    parts.push(name)
    files.set(name, urlset(publicUrl, paths.slice(start, start + maxUrls)))
  }
  const entries = parts.map((name) => `<sitemap><loc>${escapeXml(publicUrl + name)}</loc></sitemap>`).join('\n')
  files.set(
    '/sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`,
  )
  return files
}

function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /trpc', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n')
}

/**
 * /robots.txt and the sitemap files. The sitemap depends on the catalog, PUBLIC_URL and the published profiles: it is
 * built again when the directory's version moved, so a profile that goes private leaves it as its page does.
 */
export function createSeoRoutes(publicUrl: string, directory: Pick<Directory, 'version' | 'slugs'>) {
  const routes = new Hono()
  let built: { version: string; files: Map<string, string> } | undefined
  const sitemaps = () => {
    if (built?.version !== directory.version) built = { version: directory.version, files: buildSitemaps(publicUrl, publicPaths(directory.slugs())) }
    return built.files
  }
  const robots = robotsTxt(publicUrl)
  routes.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.text(robots)
  })
  // /sitemap.xml, and /sitemap-N.xml once there are more paths than one file takes.
  // Any other /sitemap-… is a page like any other (the site's 404).
  const sitemap = async (c: Context, next: Next) => {
    const xml = sitemaps().get(c.req.path)
    if (xml === undefined) return next()
    c.header('Content-Type', 'application/xml; charset=utf-8')
    c.header('Cache-Control', 'public, max-age=3600')
    return c.body(xml)
  }
  routes.get('/sitemap.xml', sitemap)
  routes.get('/sitemap-*', sitemap)
  return routes
}

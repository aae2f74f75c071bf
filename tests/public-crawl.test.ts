import { beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from './helpers/server.ts'

const PUBLIC_URL = 'https://www.artigianimilano.it'
let server: RunningServer

beforeAll(async () => {
  server = await startServer({ PUBLIC_URL, LOG_LEVEL: 'warn' })
  return () => server.stop()
})

/** Internal links of a server-rendered page, as paths (the app links with absolute paths). */
function linksOf(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"#]*)(?:#[^"]*)?"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, '&'))
    .filter((href) => href.startsWith('/') && !href.startsWith('//'))
}

// Every /s/ page is rendered by one template: fetching those linked from a sample of pages keeps the crawl short,
// while the link graph is still checked for all of them.
const S_SAMPLE_FROM = new Set(['/elettricista', '/spazzacamino', '/milano', '/nosate', '/cassina-de-pecchi'])

describe('crawling the site from the home page', () => {
  it('reaches every public URL through server-rendered links, and no link answers 404 or 5xx', async () => {
    const discovered = new Set<string>(['/'])
    const queued = new Set<string>(['/'])
    const fetched = new Map<string, number>()
    const broken: string[] = []
    let queue = ['/']
    while (queue.length) {
      const batch = queue
      queue = []
      await Promise.all(
        batch.map(async (path) => {
          const response = await fetch(server.url + path, { redirect: 'manual' })
          fetched.set(path, response.status)
          if (response.status >= 300) {
            broken.push(`${path} -> ${response.status}`)
            return
          }
          const html = await response.text()
          for (const link of linksOf(html)) {
            discovered.add(link)
            if (!queued.has(link) && (!link.startsWith('/s/') || S_SAMPLE_FROM.has(path))) {
              queued.add(link)
              queue.push(link)
            }
          }
        }),
      )
    }
    expect(broken).toEqual([])

    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
    const sitemapPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(PUBLIC_URL.length))
    expect(sitemapPaths.length).toBe(4031)
    const unreachable = sitemapPaths.filter((path) => !discovered.has(path))
    expect(unreachable).toEqual([])
    // Every fetched /s/ page is one of the sitemap's, and the sample covered two services and three towns fully.
    const fetchedS = [...fetched.keys()].filter((path) => path.startsWith('/s/'))
    expect(fetchedS.length).toBeGreaterThanOrEqual(2 * 133 + 3 * 29 - 6)
  }, 120_000)
})

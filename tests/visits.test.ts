import { describe, expect, it } from 'vitest'
import { columnsOf, readRows } from './helpers/database.ts'
import { startServer } from './helpers/server.ts'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const visitor = (n: number) => `${CHROME} visitatore-${n}`

type Row = { day: string; path: string; source: string; visits: number }
const rowsOf = (databasePath: string) =>
  readRows<Row>(databasePath, 'select day, path, source, visits from page_visits order by path, source').map(({ path, source, visits }) => ({
    path,
    source,
    visits,
  }))

describe.each(['on', 'off'])('visits of public pages (FAST_PATH=%s)', (fastPath) => {
  it('counts each page shown once per visitor, names its source, leaves out everything else, and writes the totals every VISIT_FLUSH_SECONDS and at shutdown', async () => {
    // One address brings every visit here: its campaign is listed at once (the default waits for three addresses).
    const server = await startServer({ FAST_PATH: fastPath, VISIT_SOURCE_MIN_ADDRESSES: '1', VISIT_FLUSH_SECONDS: '1' })
    try {
      const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
        fetch(`${server.url}${path}`, { method, headers: { 'user-agent': visitor(1), ...headers }, redirect: 'manual' })
      const statuses: Array<[string, number]> = []
      const visit = async (path: string, headers?: Record<string, string>, method?: string) => {
        const response = await get(path, headers, method)
        await response.arrayBuffer()
        statuses.push([path, response.status])
        return response
      }
      // Counted: the first view of a page by each visitor, from a campaign, a search engine, a link within the site.
      const home = await visit('/')
      await visit('/')
      await visit('/elettricista')
      await visit('/', { 'user-agent': visitor(2), 'if-none-match': home.headers.get('etag')! })
      await visit('/idraulico?utm_source=Google&utm_medium=cpc&utm_campaign=Autunno&gclid=x', { 'user-agent': visitor(3) })
      await visit('/idraulico?pagina=2', { 'user-agent': visitor(4) })
      await visit('/idraulico', { 'user-agent': visitor(5), referer: 'https://www.google.it/' })
      await visit('/idraulico', { 'user-agent': visitor(6), referer: 'https://www.artigianimilano.it/' })
      // Not counted: bots, no user agent, prefetches, HEAD, files, procedures, redirects, missing pages, the back office.
      await visit('/', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
      await visit('/', { 'user-agent': '' })
      await visit('/', { 'user-agent': visitor(7), 'sec-purpose': 'prefetch;prerender' })
      await visit('/', { 'user-agent': visitor(8), purpose: 'prefetch' })
      await visit('/', { 'user-agent': visitor(9) }, 'HEAD')
      for (const path of [
        '/robots.txt',
        '/sitemap.xml',
        '/healthz',
        '/trpc/site.services',
        '/Elettricista',
        '/elettricista/',
        '/questa/pagina/non-esiste',
        '/s/astronauta-rho-0001',
        '/admin',
        '/admin/login',
      ]) {
        await visit(path, { 'user-agent': visitor(10) })
      }
      expect(statuses.filter(([, status]) => status >= 500)).toEqual([])
      expect(statuses.filter(([path]) => path.includes('non-esiste') || path.includes('astronauta')).map(([, status]) => status)).toEqual([404, 404])
      expect(statuses.find(([path]) => path === '/Elettricista')?.[1]).toBe(301)

      const expected = [
        { path: '/', source: 'diretto', visits: 2 },
        { path: '/elettricista', source: 'diretto', visits: 1 },
        { path: '/idraulico', source: 'diretto', visits: 1 },
        { path: '/idraulico', source: 'google', visits: 1 },
        { path: '/idraulico', source: 'google / cpc / autunno', visits: 1 },
        { path: '/idraulico', source: 'interno', visits: 1 },
      ]
      // Written by the flush every second (10 by default), while the server runs.
      await expect.poll(() => rowsOf(server.databasePath), { timeout: 15_000, interval: 500 }).toEqual(expected)
      expect(readRows<{ day: string }>(server.databasePath, 'select distinct day from page_visits')).toEqual([
        { day: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date()) },
      ])

      // What was counted since the last flush is written at shutdown.
      await visit('/elettricista', { 'user-agent': visitor(11) })
      server.process.kill('SIGTERM')
      await new Promise((resolve) => server.process.once('exit', resolve))
      expect(rowsOf(server.databasePath)).toEqual(expected.map((row) => (row.path === '/elettricista' ? { ...row, visits: 2 } : row)))
      // Nothing about a visitor: the table holds totals only, and the log no address or user agent of a visit.
      expect(columnsOf(server.databasePath, 'page_visits')).toEqual(['day', 'path', 'source', 'visits'])
      expect(server.logs.join('\n')).not.toContain('visitatore-')
    } finally {
      await server.stop()
    }
  })
})

describe('a flood of requests with random user agents and campaigns', () => {
  it('adds one row for the page whatever the number of campaigns, and counts every request from addresses of their own', async () => {
    const server = await startServer({ TRUST_PROXY: '127.0.0.1', VISIT_FLUSH_SECONDS: '1' })
    try {
      const flood = 1000
      for (let start = 0; start < flood; start += 50) {
        await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            fetch(`${server.url}/?utm_source=s${start + i}&utm_medium=${Math.random()}&utm_campaign=${start + i}`, {
              headers: { 'user-agent': `${CHROME} casuale-${start + i}-${Math.random()}`, 'x-forwarded-for': `10.9.${(start + i) >> 8}.${(start + i) & 255}` },
            }).then((response) => response.arrayBuffer()),
          ),
        )
      }
      server.process.kill('SIGTERM')
      await new Promise((resolve) => server.process.once('exit', resolve))
      // No campaign came from three addresses: none is listed, and all are counted as altro.
      expect(readRows(server.databasePath, "select source, visits from page_visits where path = '/'")).toEqual([{ source: 'altro', visits: flood }])
      expect(readRows(server.databasePath, "select visits from page_visit_days where path = '/'")).toEqual([{ visits: flood }])
      expect(readRows(server.databasePath, 'select visits, uncounted from visit_days')).toEqual([{ visits: flood, uncounted: 0 }])
    } finally {
      await server.stop()
    }
  })
})

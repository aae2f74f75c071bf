import { describe, expect, it } from 'vitest'
import { buildSitemaps, publicPaths } from './seo.ts'

describe('buildSitemaps', () => {
  it('writes one urlset while the URLs fit in one file', () => {
    const files = buildSitemaps('https://example.it', ['/', '/a'], 2)
    expect([...files.keys()]).toEqual(['/sitemap.xml'])
    expect(files.get('/sitemap.xml')).toContain('<urlset')
  })

  it('splits into a sitemap index past the limit, each part within it', () => {
    const files = buildSitemaps('https://example.it', ['/', '/a', '/b', '/c', '/d'], 2)
    expect([...files.keys()]).toEqual(['/sitemap-1.xml', '/sitemap-2.xml', '/sitemap-3.xml', '/sitemap.xml'])
    const index = files.get('/sitemap.xml')!
    expect(index).toContain('<sitemapindex')
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://example.it/sitemap-1.xml',
      'https://example.it/sitemap-2.xml',
      'https://example.it/sitemap-3.xml',
    ])
    expect(files.get('/sitemap-3.xml')!.match(/<url>/g)).toHaveLength(1)
  })

  it('escapes XML in addresses', () => {
    expect(buildSitemaps('https://example.it', ["/a&b'c"]).get('/sitemap.xml')).toContain('/a&#38;b&#39;c')
  })

  it('lists the catalog once per path', () => {
    const paths = publicPaths()
    expect(new Set(paths).size).toBe(paths.length)
  })
})

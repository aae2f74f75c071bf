import { describe, expect, it } from 'vitest'
import { PageCache } from './page-cache.ts'

const page = (bytes: number, fill = 'a') => ({ status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.alloc(bytes, fill) })

describe('PageCache', () => {
  it('holds at most its byte budget, bodies, compressed copies and keys included, dropping the least recently used', () => {
    const cache = new PageCache(1024 * 1024)
    for (let i = 0; i < 2000; i++) {
      const key = `/pagina-${i}-${'x'.repeat(500)}`
      const entry = cache.set(key, page(9000, String.fromCharCode(97 + (i % 26))))
      cache.encode(key, entry, 'gzip, br')
      cache.encode(key, entry, 'gzip')
      expect(cache.bytes).toBeLessThanOrEqual(1024 * 1024)
    }
    expect(cache.size).toBeGreaterThan(50)
    expect(cache.get(`/pagina-0-${'x'.repeat(500)}`)).toBeUndefined()
    expect(cache.get(`/pagina-1999-${'x'.repeat(500)}`)).toBeDefined()
  })

  it('keeps a page that is read often while newer ones push the others out', () => {
    const cache = new PageCache(100 * 1024)
    cache.set('/milano', page(10_000))
    for (let i = 0; i < 100; i++) {
      cache.set(`/altra-${i}`, page(10_000))
      expect(cache.get('/milano')).toBeDefined()
    }
  })

  it('counts a page stored twice under the same key once', () => {
    const cache = new PageCache(1024 * 1024)
    cache.set('/milano', page(10_000))
    const once = cache.bytes
    cache.set('/milano', page(10_000))
    expect(cache.bytes).toBe(once)
    expect(cache.size).toBe(1)
  })

  it('sends the coding the client weighs most, and the page as it is when it refuses both', () => {
    const cache = new PageCache(1024 * 1024)
    const entry = cache.set('/milano', page(10_000))
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const { body, encoding } = cache.encode('/milano', entry, accept)
      expect(encoding, String(accept)).toBe(expected)
      expect(body, String(accept)).toBe(expected === 'br' ? entry.brotli : expected === 'gzip' ? entry.gzip : entry.body)
    }
  })

  it('sends a page under a kilobyte as it is, whatever the client accepts', () => {
    const cache = new PageCache(1024 * 1024)
    const entry = cache.set('/piccola', page(1000))
    expect(cache.encode('/piccola', entry, 'br, gzip')).toEqual({ body: entry.body })
  })

  it('empties at clear, and does not keep a page whose render began before it', () => {
    const cache = new PageCache(1024 * 1024)
    cache.set('/milano', page(2000))
    const renderedAt = cache.generation
    cache.clear()
    expect([cache.size, cache.bytes, cache.get('/milano')]).toEqual([0, 0, undefined])
    const stale = cache.set('/elettricista', page(2000, 'b'), renderedAt)
    expect(stale.body).toEqual(page(2000, 'b').body)
    expect(cache.get('/elettricista')).toBeUndefined()
    cache.set('/elettricista', page(2000, 'c'), cache.generation)
    expect(cache.get('/elettricista')?.body).toEqual(page(2000, 'c').body)
  })
})

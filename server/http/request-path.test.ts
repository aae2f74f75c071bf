import { describe, expect, it } from 'vitest'
import { checkPath, encodePath, MAX_PATH_LENGTH, pagePathOf } from './request-path.ts'

describe('checkPath', () => {
  it('accepts canonical paths as they are', () => {
    for (const path of [
      '/',
      '/milano',
      '/s/elettricista-milano-0420',
      '/admin/artisans/edit/3',
      '/trpc/admin.leads.list,admin.dashboard.stats',
      '/%C3%A0',
      '/milano/',
    ]) {
      expect(checkPath(path), path).toEqual({ ok: true, path: decodeURIComponent(path) })
    }
  })

  it('redirects every other spelling of a path to its canonical encoding, and that one is accepted', () => {
    for (const [raw, canonical] of [
      ['/%61dmin', '/admin'],
      ['/%41DMIN', '/ADMIN'],
      ['/%c3%a0', '/%C3%A0'],
      ['/a|b', '/a%7Cb'],
      ['/caf%C3%A9%20bar', '/caf%C3%A9%20bar'],
    ] as const) {
      const check = checkPath(raw)
      if (raw === canonical) expect(check.ok).toBe(true)
      else {
        expect(check, raw).toEqual({ ok: false, status: 301, canonical })
        expect(checkPath(canonical).ok, canonical).toBe(true)
      }
    }
  })

  it('refuses separators, dot segments, double encoding, control characters, invalid UTF-8 and empty segments', () => {
    for (const raw of [
      '/a%2Fb',
      '/a%2fb',
      '/a%5Cb',
      '/%2E%2E/admin',
      '/./admin',
      '/x/../admin',
      '/%2561dmin',
      '/a%00',
      '/a%0D%0A',
      '/%7F',
      '/%FF',
      '/%C3',
      '/%',
      '/%zz',
      '//evil.example',
      '/a//b',
      'admin',
    ]) {
      expect(checkPath(raw), raw).toEqual({ ok: false, status: 404 })
    }
    expect(checkPath(`/${'a'.repeat(MAX_PATH_LENGTH)}`)).toEqual({ ok: false, status: 414 })
  })

  it('runs in linear time on the longest paths', () => {
    const started = performance.now()
    for (let i = 0; i < 200; i++) checkPath(`/${'%C3%A0'.repeat(170)}`)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})

describe('page paths', () => {
  it('gives the page path: lowercase, no trailing slash, encoded canonically', () => {
    expect(pagePathOf('/Milano/')).toBe('/milano')
    expect(pagePathOf('/')).toBe('/')
    expect(pagePathOf('/milano////')).toBe('/milano')
    expect(encodePath('/città')).toBe('/citt%C3%A0')
  })
})

import { describe, expect, it } from 'vitest'
import { chooseEncoding } from './accept-encoding.ts'

const both = { br: true, gzip: true }

describe('chooseEncoding', () => {
  it('follows the weights the client gives each coding, brotli on a tie', () => {
    for (const [header, expected] of [
      [undefined, undefined],
      ['', undefined],
      ['identity', undefined],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['br; q=0 , gzip', 'gzip'],
      ['BR;Q=0, GZIP', 'gzip'],
      ['gzip;q=0', undefined],
      ['gzip;q=0, br;q=0', undefined],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['gzip;q=0.5, br;q=0.5', 'br'],
      ['gzip;q=0.001', 'gzip'],
      ['x-gzip', 'gzip'],
      ['*', 'br'],
      ['*;q=0', undefined],
      ['*, br;q=0', 'gzip'],
      ['gzip;q=0, *', 'br'],
      ['identity, *;q=0', undefined],
      ['deflate, zstd', undefined],
      ['brotli, gzipped', undefined],
    ] as const) {
      expect(chooseEncoding(header, both), String(header)).toBe(expected)
    }
  })

  it('takes a weight that does not parse as a refusal', () => {
    for (const header of ['br;q=2', 'br;q=abc', 'br;q=0.0001', 'br;q=-1', 'br;q=', 'br;q=1.5']) {
      expect(chooseEncoding(header, both), header).toBeUndefined()
    }
    expect(chooseEncoding('br;q=x, gzip', both)).toBe('gzip')
  })

  it('chooses among the copies there are', () => {
    expect(chooseEncoding('br, gzip', { br: false, gzip: true })).toBe('gzip')
    expect(chooseEncoding('br', { br: false, gzip: true })).toBeUndefined()
    expect(chooseEncoding('br, gzip', { br: false, gzip: false })).toBeUndefined()
    expect(chooseEncoding('br;q=0.9, gzip;q=1', { br: true, gzip: false })).toBe('br')
  })

  it('answers the same for a header it has seen before and for long headers it does not remember', () => {
    for (let i = 0; i < 200; i++) expect(chooseEncoding(`gzip, br;q=0.${i % 10}${i}`.slice(0, 40), both)).toBeDefined()
    expect(chooseEncoding('br;q=0, gzip', both)).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip', both)).toBe('gzip')
    const long = `${'deflate, '.repeat(60)}br;q=0, gzip`
    expect(chooseEncoding(long, both)).toBe('gzip')
  })
})

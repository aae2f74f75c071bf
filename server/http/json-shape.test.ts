import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { JsonShape } from './json-shape.ts'

const quoteShape = () => new JsonShape(64, [['attachments', '*', 'dataUrl']])
const bytes = (text: string) => Buffer.from(text, 'utf8')

/** Feeds the text in chunks of the given size, as a socket would deliver it. */
function feed(shape: JsonShape, text: string, chunkSize = 7) {
  const all = bytes(text)
  for (let i = 0; i < all.length; i += chunkSize) {
    const wrong = shape.feed(all.subarray(i, i + chunkSize))
    if (wrong) return wrong
  }
  return null
}

const long = (n: number, unit = 'a') => unit.repeat(n)

describe('JsonShape', () => {
  it('lets long strings through only at the allowed path, whatever the chunking', () => {
    const ok = JSON.stringify({
      fullName: 'Mario',
      attachments: [
        { name: 'a.png', dataUrl: long(500) },
        { name: 'b.png', dataUrl: long(500) },
      ],
      description: 'x',
    })
    for (const size of [1, 2, 3, 7, 64, 4096]) expect(feed(quoteShape(), ok, size), `chunks of ${size}`).toBeNull()
    for (const body of [
      { description: long(65) },
      { description: long(40, 'é') },
      { attachments: [{ name: long(65), dataUrl: 'x' }] },
      { attachments: [{ dataUrl: 'x', nested: { dataUrl: long(65) } }] },
      { other: [{ dataUrl: long(65) }] },
      { attachments: { dataUrl: long(65) } },
      { attachments: [[long(65)]] },
      { [long(100)]: 'x' },
    ]) {
      expect(feed(quoteShape(), JSON.stringify(body)), JSON.stringify(body).slice(0, 80)).toBe('too-long')
    }
  })

  it('is not fooled by escaped quotes and backslashes inside strings', () => {
    const tricky = JSON.stringify({ description: 'a\\"dataUrl\\":"', attachments: [{ name: '"\\', dataUrl: long(200) }] })
    expect(feed(quoteShape(), tricky, 1)).toBeNull()
    const smuggled = JSON.stringify({ description: `"},"attachments":[{"dataUrl":"${long(100)}` })
    expect(feed(quoteShape(), smuggled)).toBe('too-long')
  })

  it('refuses a body that does not start as an object', () => {
    for (const body of ['aaaa', '[{"a":1}]', '123', 'null', 'x{}']) expect(feed(quoteShape(), body), body).toBe('not-an-object')
    expect(feed(quoteShape(), '  \n{"a":1}')).toBeNull()
  })

  it('never lets a string past the limit outside the allowed path, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.string({ maxLength: 100 }), fc.integer({ min: 1, max: 50 }), (value, key, chunkSize) => {
        const body = JSON.stringify({ payload: value, [key]: 1 })
        const longest = Math.max(0, ...[...body.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => Buffer.byteLength(m[1]!)))
        const verdict = feed(quoteShape(), body, chunkSize)
        if (longest > 64) expect(verdict).toBe('too-long')
        else expect(verdict).toBeNull()
      }),
      { numRuns: 300 },
    )
  })
})

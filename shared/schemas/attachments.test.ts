import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { attachmentSchema, fileNotReadable, fileTooBig, isBase64DataUrl } from './attachments.ts'

// The pattern the parser replaced: right in what it accepted, quadratic on `data:` and a long run without `;base64,`.
const FORMER_PATTERN = /^data:[\w.+-]*\/?[\w.+-]*(;[\w-]+=[\w.+-]+)*;base64,[A-Za-z0-9+/]*={0,2}$/
const formerlyAccepted = (value: string) => FORMER_PATTERN.test(value) && value.length % 4 === (value.indexOf(',') + 1) % 4

// The parts of a data URL, and single characters that may or may not belong in one.
const URL_PARTS = ['data:', ';base64,', 'base64', 'image/png', 'charset=utf-8', 'QUJD', '==']
const CHARACTERS = ['a', 'Z', '0', '_', '/', ';', '=', ',', '+', '.', '-', '!', ' ', 'é', ':', '\n']
const pieces = [...URL_PARTS, ...CHARACTERS]

describe('isBase64DataUrl', () => {
  it('accepts exactly what the former pattern accepted, on every short combination of the pieces that matter', () => {
    const dataUrls = fc.array(fc.constantFrom(...pieces), { maxLength: 10 }).map((parts) => `data:${parts.join('')}`)
    const anything = fc.array(fc.constantFrom(...pieces), { maxLength: 10 }).map((parts) => parts.join(''))
    fc.assert(
      fc.property(fc.oneof(dataUrls, anything), (value) => isBase64DataUrl(value) === formerlyAccepted(value)),
      { numRuns: 50_000, seed: 12 },
    )
  })

  it.each([
    ['data:image/png;base64,iVBORw0KGgo=', true],
    ['data:;base64,', true],
    ['data:text/plain;charset=utf-8;base64,QUJD', true],
    ['data:image/png;base64,QUJ', false],
    ['data:image/png;base64,QU=D', false],
    ['data:image/png;base64,Q===', false],
    ['data:image/png,QUJD', false],
    ['data:image/svg+xml;utf8;base64,QUJD', false],
    ['data:a/b/c;base64,QUJD', false],
    ['data:image/png;name=a=b;base64,QUJD', false],
    ['DATA:image/png;base64,QUJD', false],
    [`data:${'a'.repeat(50_000)}!`, false],
  ])('%s: %s', (value, accepted) => {
    expect(isBase64DataUrl(value)).toBe(accepted)
  })
})

describe('attachmentSchema', () => {
  it('says which file cannot be read, and which is too big', () => {
    const issues = (dataUrl: string) => attachmentSchema.safeParse({ name: 'foto.png', dataUrl }).error?.issues.map((issue) => issue.message)
    expect(issues(`data:${'a'.repeat(50_000)}!`)).toEqual([fileNotReadable('foto.png')])
    expect(issues(`data:image/png;base64,${'A'.repeat(7_000_000)}`)).toEqual([fileTooBig('foto.png')])
    expect(issues('data:image/png;base64,iVBORw0KGgo=')).toBeUndefined()
  })
})

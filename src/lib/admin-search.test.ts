import { describe, expect, it } from 'vitest'
import { leadIdSchema, leadListInputSchema } from '#shared/schemas/admin-leads.ts'
import { requesterListInputSchema } from '#shared/schemas/requesters.ts'
import { artisanListSchema } from '#shared/schemas/artisan.ts'
import { artisanListSearch, leadListSearch, requesterListSearch, signInSearch } from './admin-search.ts'

const defined = (value: object) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined))

// What the router hands to validateSearch: strings, and numbers, booleans or objects for values that parse as JSON.
const pages = [undefined, '3', 3, 0, -1, 2.5, '2.5', '', ' 7 ', '1000001', 1_000_000, true, null, 'abc', {}]
const texts = [undefined, 'Rossi', '  Rossi  ', '', 'x'.repeat(100), 'x'.repeat(101), 'x'.repeat(201), 123, '=1+1;"a"']

describe('admin search params read without zod', () => {
  it('read the leads list as its zod schema does', () => {
    const inputs = [
      ...pages.map((page) => ({ page })),
      ...texts.flatMap((text) => [{ name: text }, { email: text, phone: text }, { service: text, location: text }]),
      ...['quote', 'contact', 'altro', 'QUOTE', 1].map((kind) => ({ kind })),
      ...['nuovo', 'sopralluogo fissato', 'perso', 'PERSO', 'chiuso'].map((status) => ({ status })),
      ...['2026-01-02', '2026/01/02', '2026-1-2', 20260102].map((from) => ({ from, to: from })),
    ]
    for (const input of inputs) expect(defined(leadListSearch(input)), JSON.stringify(input)).toEqual(defined(leadListInputSchema.parse(input)))
  })

  it('open the dialog of the lead named by ?lead= when it is a whole positive number', () => {
    for (const [lead, expected] of [
      ['12', 12],
      [12, 12],
      [String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
      ['0', undefined],
      [-3, undefined],
      ['1.5', undefined],
      ['12abc', undefined],
      ['9'.repeat(20), undefined],
      [{}, undefined],
      [null, undefined],
    ] as const) {
      expect(leadListSearch({ lead }).lead, JSON.stringify(lead)).toBe(expected)
      expect(leadIdSchema.safeParse({ id: expected }).success, JSON.stringify(lead)).toBe(expected !== undefined)
    }
  })

  it('read the requesters list as its zod schema does', () => {
    const inputs = [...pages.map((page) => ({ page })), ...texts.map((text) => ({ name: text, email: text, phone: text, location: text }))]
    for (const input of inputs) expect(defined(requesterListSearch(input)), JSON.stringify(input)).toEqual(defined(requesterListInputSchema.parse(input)))
  })

  it('read the artisans list as its zod schema does', () => {
    const inputs = [
      ...[...pages, 100_000, 100_001].map((page) => ({ page })),
      ...texts.flatMap((text) => [
        { company: text, contact: text },
        { email: text, phone: text },
        { sector: text, zone: text },
      ]),
      ...['active', 'inactive', 'pending_review', 'rejected', 'Attivo', ''].map((status) => ({ status })),
    ]
    for (const input of inputs) expect(defined(artisanListSearch(input)), JSON.stringify(input)).toEqual(defined(artisanListSchema.parse(input)))
  })

  it('keep the sign-in redirect up to 2000 characters and drop anything else', () => {
    expect(signInSearch({ redirect: '/admin/leads?page=2' })).toEqual({ redirect: '/admin/leads?page=2' })
    expect(signInSearch({ redirect: `/${'a'.repeat(1999)}` }).redirect).toHaveLength(2000)
    expect(signInSearch({ redirect: `/${'a'.repeat(2000)}` })).toEqual({ redirect: undefined })
    expect(signInSearch({ redirect: 42 })).toEqual({ redirect: undefined })
    expect(signInSearch({})).toEqual({ redirect: undefined })
  })
})

import { describe, expect, it } from 'vitest'
import { signInSearchSchema } from './admin-auth.ts'
import { leadListSearchSchema } from './admin-leads.ts'
import { statisticsSearchSchema } from './statistics.ts'

// What the router hands to validateSearch: strings, and numbers, booleans or objects for values that parse as JSON.
describe('the search params of the back office', () => {
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
      expect(leadListSearchSchema.parse({ lead }).lead, JSON.stringify(lead)).toBe(expected)
    }
  })

  it('read the Statistiche period as a string or a number, and the last 30 days for anything else', () => {
    for (const [period, expected] of [
      ['7', '7'],
      [7, '7'],
      [90, '90'],
      ['custom', 'custom'],
      ['today', 'today'],
      [undefined, '30'],
      ['365', '30'],
      [{}, '30'],
    ] as const) {
      expect(statisticsSearchSchema.parse({ period }).period, JSON.stringify(period)).toBe(expected)
    }
    expect(statisticsSearchSchema.parse({ period: 'custom', from: '2026-01-02', to: 20260102 })).toEqual({ period: 'custom', from: '2026-01-02' })
  })

  it('keep the sign-in redirect up to 2000 characters and drop anything else', () => {
    expect(signInSearchSchema.parse({ redirect: '/admin/leads?page=2' })).toEqual({ redirect: '/admin/leads?page=2' })
    expect(signInSearchSchema.parse({ redirect: `/${'a'.repeat(1999)}` }).redirect).toHaveLength(2000)
    expect(signInSearchSchema.parse({ redirect: `/${'a'.repeat(2000)}` })).toEqual({ redirect: undefined })
    expect(signInSearchSchema.parse({ redirect: 42 })).toEqual({ redirect: undefined })
    expect(signInSearchSchema.parse({})).toEqual({ redirect: undefined })
  })
})

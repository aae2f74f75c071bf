import { describe, expect, it } from 'vitest'
import { countOf, pluralOf } from './plural.ts'

describe('countOf', () => {
  it('writes one in the singular and every other count in the plural, with Italian digit groups', () => {
    const cases: Array<[number, string]> = [
      [0, '0 richieste'],
      [1, '1 richiesta'],
      [2, '2 richieste'],
      [1000, '1.000 richieste'],
      [6002, '6.002 richieste'],
      [1.5, '1,5 richieste'],
    ]
    for (const [count, text] of cases) expect(countOf(count, 'richiesta', 'richieste'), String(count)).toBe(text)
    expect(pluralOf(1, 'artigiano', 'artigiani')).toBe('artigiano')
    expect(pluralOf(3, 'artigiano', 'artigiani')).toBe('artigiani')
  })
})

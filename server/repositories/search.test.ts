import { describe, expect, it } from 'vitest'
import { COUNTED_UP_TO, listPage } from './search.ts'

describe('the page envelope of a list', () => {
  it('counts the pages a total fills, the last one partly, and none for no rows', () => {
    expect(listPage(['a', 'b'], 12, 2, 10)).toEqual({ rows: ['a', 'b'], total: 12, totalCapped: false, page: 2, pageSize: 10, pageCount: 2 })
    expect(listPage([], 10, 1, 10).pageCount).toBe(1)
    expect(listPage([], 11, 1, 10).pageCount).toBe(2)
    expect(listPage([], 0, 1, 10)).toEqual({ rows: [], total: 0, totalCapped: false, page: 1, pageSize: 10, pageCount: 0 })
  })

  it('says when the total is capped, whose pages are the last the page-number bar offers', () => {
    expect(listPage([], COUNTED_UP_TO, 1, 10, true)).toMatchObject({ total: 10_000, totalCapped: true, pageCount: 1000 })
  })
})

import { describe, expect, it } from 'vitest'
import { pageNumbers } from './page-number-bar.tsx'

describe('pageNumbers', () => {
  it('lists every page when there are five or fewer', () => {
    expect(pageNumbers(1, 1)).toEqual([1])
    expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5])
  })
  it('keeps first, last and a window around the current page, with a gap on either side', () => {
    expect(pageNumbers(1, 10)).toEqual([1, 2, 'gap-before-last', 10])
    expect(pageNumbers(5, 10)).toEqual([1, 'gap-after-first', 4, 5, 6, 'gap-before-last', 10])
    expect(pageNumbers(10, 10)).toEqual([1, 'gap-after-first', 9, 10])
    expect(pageNumbers(3, 6)).toEqual([1, 2, 3, 4, 'gap-before-last', 6])
  })
})

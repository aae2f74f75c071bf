import { describe, expect, it } from 'vitest'
import { bandOf, MIN_PEERS_FOR_BAND } from './artisan-figures.ts'

const quicker = (a: number, b: number) => a < b

describe('bandOf', () => {
  it('puts a value in the top, middle or bottom third by how many peers do strictly better', () => {
    const times = [10, 20, 30, 40, 50, 60, 70]
    expect(times.map((own) => bandOf(own, times, quicker).band)).toEqual(['top', 'top', 'middle', 'middle', 'middle', 'bottom', 'bottom'])
  })

  it('counts ties as no better: craftsmen all alike are all in the top third', () => {
    expect(bandOf(5, [5, 5, 5, 5, 5], quicker)).toEqual({ band: 'top', peers: 5 })
  })

  it('gives no band below the minimum of peers, or without a figure of one’s own', () => {
    const four = [1, 2, 3, 4].slice(0, MIN_PEERS_FOR_BAND - 1)
    expect(bandOf(1, four, quicker)).toEqual({ band: null, peers: 4, missing: 'peers' })
    expect(bandOf(null, [1, 2, 3, 4, 5, 6], quicker)).toEqual({ band: null, peers: 6, missing: 'own' })
  })
})

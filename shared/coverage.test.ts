import { describe, expect, it } from 'vitest'
import { COMUNI_COORDINATES } from './catalog/comuni-coordinates.ts'
import { comuni, findComune } from './catalog/index.ts'
import { comuneOfZone, coveredComuni, distanceKm } from './coverage.ts'

const comune = (slug: string) => findComune(slug)!

describe('the comuni coordinates', () => {
  it('has every catalogue comune, inside the Città metropolitana’s box, and nothing else', () => {
    expect(Object.keys(COMUNI_COORDINATES).sort()).toEqual(comuni.map((c) => c.istat).sort())
    for (const [lat, lon] of Object.values(COMUNI_COORDINATES)) {
      expect(lat).toBeGreaterThan(45.1)
      expect(lat).toBeLessThan(45.7)
      expect(lon).toBeGreaterThan(8.6)
      expect(lon).toBeLessThan(9.6)
    }
  })

  it('gives great-circle distances as a map reads them', () => {
    expect(distanceKm(comune('milano'), comune('milano'))).toBe(0)
    expect(Math.round(distanceKm(comune('milano'), comune('rho')))).toBe(14)
    expect(Math.round(distanceKm(comune('milano'), comune('legnano')))).toBe(26)
    expect(distanceKm(comune('rho'), comune('milano'))).toBe(distanceKm(comune('milano'), comune('rho')))
  })
})

describe('coveredComuni', () => {
  it('reaches the comuni within the radius, nearest first, and the listed ones in a list', () => {
    const around = coveredComuni({ base: 'rho', radiusKm: 5, comuni: [] })
    expect(around[0]).toEqual({ slug: 'rho', name: 'Rho', distanceKm: 0 })
    expect(around.every((c, i) => i === 0 || c.distanceKm >= around[i - 1]!.distanceKm)).toBe(true)
    expect(coveredComuni({ base: 'rho', radiusKm: 100, comuni: [] })).toHaveLength(comuni.length)
    expect(coveredComuni({ base: 'rho', radiusKm: null, comuni: ['legnano', 'pero', 'legnano', 'monza'] })).toEqual([
      { slug: 'pero', name: 'Pero', distanceKm: 4 },
      { slug: 'legnano', name: 'Legnano', distanceKm: 12 },
    ])
    expect(coveredComuni({ base: 'bergamo', radiusKm: 10, comuni: [] })).toEqual([])
  })
})

describe('comuneOfZone', () => {
  it('reads a zone typed by a person as a comune, or as none', () => {
    for (const zone of ['Rho', ' rho ', 'RHO (MI)', 'Rho MI', 'Rhò']) expect(comuneOfZone(zone)?.slug, zone).toBe('rho')
    expect(comuneOfZone("Cassina de' Pecchi")?.slug).toBe('cassina-de-pecchi')
    expect(comuneOfZone('cassina de pecchi')?.slug).toBe('cassina-de-pecchi')
    for (const zone of ['Monza', 'Brianza', 'zona nord', '', 'x'.repeat(100_000)]) expect(comuneOfZone(zone), zone.slice(0, 20)).toBeUndefined()
  })
})

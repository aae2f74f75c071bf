import { COMUNI_COORDINATES } from './catalog/comuni-coordinates.ts'
import { type Comune, comuni, findComune, slugify } from './catalog/index.ts'

/** A craftsman's radius around their base comune, in km (docs/product.md §13). */
export const MIN_RADIUS_KM = 1
export const MAX_RADIUS_KM = 100
/** A pause lasts at most this many days from today. */
export const MAX_PAUSE_DAYS = 365

/**
 * Where a craftsman takes requests for one trade (sector): around a base comune within a radius, or the listed comuni
 * (the base comune then only measures distances). Slugs of the catalogue's comuni.
 */
export type SectorCoverage = { sector: string; base: string; radiusKm: number | null; comuni: string[] }

/** One comune a coverage reaches, with its distance from the base in whole km. */
export type CoveredComune = { slug: string; name: string; distanceKm: number }

const EARTH_RADIUS_KM = 6371.0088

/** Great-circle (haversine) distance between two comuni's seats, in km; the coordinates are GeoNames' (comuni-coordinates.ts). */
export function distanceKm(a: Comune, b: Comune): number {
  const [lat1, lon1] = COMUNI_COORDINATES[a.istat]!
  const [lat2, lon2] = COMUNI_COORDINATES[b.istat]!
  const rad = Math.PI / 180
  const dLat = (lat2 - lat1) * rad
  const dLon = (lon2 - lon1) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** The comuni a coverage reaches, nearest first (then by name); nothing for a base outside the catalogue. */
export function coveredComuni(coverage: Pick<SectorCoverage, 'base' | 'radiusKm' | 'comuni'>): CoveredComune[] {
  const base = findComune(coverage.base)
  if (!base) return []
  const reached =
    coverage.radiusKm === null
      ? [...new Set(coverage.comuni)].map(findComune).filter((comune): comune is Comune => comune !== undefined)
      : comuni.filter((comune) => distanceKm(base, comune) <= coverage.radiusKm!)
  return reached
    .map((comune) => ({ slug: comune.slug, name: comune.name, distanceKm: Math.round(distanceKm(base, comune)) }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.name.localeCompare(b.name, 'it'))
}

const comuniBySlugifiedName = new Map(comuni.map((comune) => [slugify(comune.name), comune]))

/**
 * The catalogue comune a zone typed by a person names: accents, case, apostrophes and spacing aside, and a trailing
 * province ("Rho (MI)", "Rho MI") ignored. Undefined for anything else ("Brianza", "Monza", "zona nord").
 */
export function comuneOfZone(zone: string): Comune | undefined {
  const slug = slugify(zone.slice(0, 200)).replace(/-mi$/, '')
  return comuniBySlugifiedName.get(slug)
}

/** A fit in words, for the office's matching list: "Imbianchino · 4 km da Rho", "Imbianchino · sede a Rho". */
export function fitsText(sector: string, distance: number | null, baseName: string | null): string {
  if (distance === null || baseName === null) return sector
  return distance === 0 ? `${sector} · sede a ${baseName}` : `${sector} · ${distance} km da ${baseName}`
}

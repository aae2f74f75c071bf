import type { DB } from '#db/client.ts'
import { findComune } from '#shared/catalog/index.ts'
import { type CoveredComune, comuneOfZone, coveredComuni, type SectorCoverage } from '#shared/coverage.ts'
import { bumpPublicVersion } from '#server/profiles/public-version.ts'

/** A sector's coverage as the back office shows it: what was set and the comuni it reaches, nearest first. */
export type CoverageView = SectorCoverage & { reached: CoveredComune[] }

/** A JSON array of strings as a column stores it (sectors, zones, comuni); anything else reads as empty. */
export const parseList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

/**
 * The zones a person typed, read against the catalogue: for each sector, a list of the comuni they name, measured from
 * the first (as migration 2026_11_26_0932 moved the old zones); and the zones that name no comune, for the office.
 */
export function coverageFromZones(sectors: string[], zones: string[]): { coverage: SectorCoverage[]; unmatched: string[] } {
  const matched = [...new Set(zones.map((zone) => comuneOfZone(zone)?.slug).filter((slug) => slug !== undefined))]
  const unmatched = zones.filter((zone) => !comuneOfZone(zone))
  const base = matched[0]
  const coverage = base ? [...new Set(sectors)].map((sector) => ({ sector, base, radiusKm: null, comuni: matched })) : []
  return { coverage, unmatched }
}

/**
 * Writes the coverage of the given sectors (replacing theirs) and its materialised comuni; call inside the artisan's
 * transaction, so matching never sees one without the other.
 */
export async function writeCoverage(db: DB, artisanId: number, coverage: SectorCoverage[]): Promise<void> {
  for (const entry of coverage) {
    await db.deleteFrom('artisan_coverage_comuni').where('artisan_id', '=', artisanId).where('sector', '=', entry.sector).execute()
    await db.deleteFrom('artisan_coverage').where('artisan_id', '=', artisanId).where('sector', '=', entry.sector).execute()
    const reached = coveredComuni(entry)
    if (!reached.length) continue
    await db
      .insertInto('artisan_coverage')
      .values({
        artisan_id: artisanId,
        sector: entry.sector,
        base_comune_slug: entry.base,
        radius_km: entry.radiusKm,
        comune_slugs: JSON.stringify(entry.radiusKm === null ? reached.map((comune) => comune.slug) : []),
      })
      .execute()
    await db
      .insertInto('artisan_coverage_comuni')
      .values(reached.map((comune) => ({ artisan_id: artisanId, sector: entry.sector, comune_slug: comune.slug, distance_km: comune.distanceKm })))
      .execute()
  }
}

/** Drops the coverage of every sector the artisan no longer has; call inside the artisan's transaction. */
export async function dropCoverageOutside(db: DB, artisanId: number, sectors: string[]): Promise<void> {
  for (const table of ['artisan_coverage_comuni', 'artisan_coverage'] as const) {
    let query = db.deleteFrom(table).where('artisan_id', '=', artisanId)
    if (sectors.length) query = query.where('sector', 'not in', sectors)
    await query.execute()
  }
}

/** Replaces all of an artisan's coverage, marks their zones as fixed, and tells the public pages if they show them. */
export async function replaceCoverage(db: DB, artisanId: number, coverage: SectorCoverage[], now = new Date().toISOString()): Promise<void> {
  await dropCoverageOutside(
    db,
    artisanId,
    coverage.map((entry) => entry.sector),
  )
  await writeCoverage(db, artisanId, coverage)
  await db.updateTable('artisans').set({ unmatched_zones: '[]', updated_at: now }).where('id', '=', artisanId).execute()
  const published = await db
    .selectFrom('artisan_profiles')
    .select('artisan_id')
    .where('artisan_id', '=', artisanId)
    .where('published_at', 'is not', null)
    .executeTakeFirst()
  if (published) await bumpPublicVersion(db, now)
}

/** An artisan's coverage, sector by sector in the artisan's order of sectors, with the comuni each reaches. */
export async function findCoverage(db: DB, artisanId: number): Promise<CoverageView[]> {
  const [rows, reachedRows] = await Promise.all([
    db.selectFrom('artisan_coverage').selectAll().where('artisan_id', '=', artisanId).orderBy('sector').execute(),
    db
      .selectFrom('artisan_coverage_comuni')
      .select(['sector', 'comune_slug', 'distance_km'])
      .where('artisan_id', '=', artisanId)
      .orderBy('sector')
      .orderBy('distance_km')
      .orderBy('comune_slug')
      .execute(),
  ])
  return rows.map((row) => ({
    sector: row.sector,
    base: row.base_comune_slug,
    radiusKm: row.radius_km,
    comuni: parseList(row.comune_slugs),
    reached: reachedRows
      .filter((reached) => reached.sector === row.sector)
      .map((reached) => ({ slug: reached.comune_slug, name: findComune(reached.comune_slug)?.name ?? reached.comune_slug, distanceKm: reached.distance_km })),
  }))
}

/** Pauses an artisan through `until` (an Italian calendar day) for a reason, or resumes them (null). */
export async function setPause(db: DB, artisanId: number, pause: { until: string; reason: string } | null, now = new Date().toISOString()) {
  return db
    .updateTable('artisans')
    .set({ paused_until: pause?.until ?? null, pause_reason: pause?.reason ?? null, updated_at: now })
    .where('id', '=', artisanId)
    .returning(['id', 'paused_until', 'pause_reason'])
    .executeTakeFirst()
}

/** How many artisans have zones to fix, and the first of them (newest first) for the office's list. */
export async function artisansWithUnmatchedZones(db: DB, limit = 10) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('artisans')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('unmatched_zones', '<>', '[]')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('artisans')
      .select(['id', 'company_name', 'contact_name', 'unmatched_zones'])
      .where('unmatched_zones', '<>', '[]')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ])
  return {
    total: Number(count.n),
    artisans: rows.map((row) => ({ id: row.id, name: row.company_name?.trim() || row.contact_name, zones: parseList(row.unmatched_zones) })),
  }
}

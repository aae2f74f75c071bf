import { describe, expect, it } from 'vitest'
import { publicVersion } from '#server/profiles/public-version.ts'
import { artisan, coverageRows } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { findArtisanById, insertArtisan } from './artisans.ts'
import { artisansWithUnmatchedZones, findCoverage, replaceCoverage, setPause } from './coverage.ts'

const database = serveTestDatabase()

const CREATED = '2026-11-20T09:00:00.000Z'
const SAVED = '2026-11-22T16:00:00.000Z'

const newArtisan = async (values: Parameters<typeof artisan>[0] = {}) => (await insertArtisan(database(), artisan(values), CREATED)).id

const reachedRows = (id: number) =>
  database()
    .selectFrom('artisan_coverage_comuni')
    .select(['sector', 'comune_slug', 'distance_km'])
    .where('artisan_id', '=', id)
    .orderBy('sector')
    .orderBy('comune_slug')
    .execute()

describe('a craftsman’s coverage', () => {
  it('is replaced sector by sector with the comuni each reaches, read back by sector and nearest first, and marks the zones as fixed', async () => {
    const id = await newArtisan({ specializationSectors: ['Elettricista', 'Domotica'], operativeZones: ['Milano', 'Monza'] })
    const other = await newArtisan({ email: 'altro@example.com' })
    const otherBefore = { coverage: await coverageRows(database(), other), reached: await reachedRows(other) }
    expect((await findArtisanById(database(), id))?.unmatched_zones).toEqual(['Monza'])

    await replaceCoverage(
      database(),
      id,
      [
        { sector: 'Elettricista', base: 'rho', radiusKm: 5, comuni: [] },
        { sector: 'Domotica', base: 'cologno-monzese', radiusKm: null, comuni: ['cernusco-sul-naviglio', 'cologno-monzese', 'cologno-monzese'] },
      ],
      SAVED,
    )
    const coverage = await findCoverage(database(), id)
    expect(coverage.map(({ reached, ...entry }) => entry)).toEqual([
      { sector: 'Domotica', base: 'cologno-monzese', radiusKm: null, comuni: ['cologno-monzese', 'cernusco-sul-naviglio'] },
      { sector: 'Elettricista', base: 'rho', radiusKm: 5, comuni: [] },
    ])
    expect(coverage[0]!.reached.map((comune) => comune.slug)).toEqual(['cologno-monzese', 'cernusco-sul-naviglio'])
    const electrician = coverage[1]!.reached
    expect(electrician[0]).toEqual({ slug: 'rho', name: 'Rho', distanceKm: 0 })
    expect(electrician).toContainEqual({ slug: 'pero', name: 'Pero', distanceKm: 4 })
    expect(electrician.every((comune) => comune.distanceKm <= 5)).toBe(true)
    expect(electrician.map((comune) => comune.distanceKm)).toEqual(electrician.map((comune) => comune.distanceKm).sort((a, b) => a - b))
    // Ties in distance come in the order of their slugs.
    for (let i = 1; i < electrician.length; i++) {
      if (electrician[i]!.distanceKm === electrician[i - 1]!.distanceKm) expect(electrician[i]!.slug > electrician[i - 1]!.slug).toBe(true)
    }
    expect(await coverageRows(database(), id)).toEqual([
      { sector: 'Domotica', base_comune_slug: 'cologno-monzese', radius_km: null, comune_slugs: JSON.stringify(['cologno-monzese', 'cernusco-sul-naviglio']) },
      { sector: 'Elettricista', base_comune_slug: 'rho', radius_km: 5, comune_slugs: '[]' },
    ])
    expect((await reachedRows(id)).length).toBe(2 + electrician.length)
    expect(await findArtisanById(database(), id)).toMatchObject({ unmatched_zones: [], updated_at: SAVED })
    expect({ coverage: await coverageRows(database(), other), reached: await reachedRows(other) }).toEqual(otherBefore)
  })

  it('drops the sectors left out, and a list of none drops them all', async () => {
    const id = await newArtisan({ specializationSectors: ['Elettricista', 'Domotica'] })
    await replaceCoverage(database(), id, [{ sector: 'Domotica', base: 'milano', radiusKm: null, comuni: ['milano'] }], SAVED)
    expect(await coverageRows(database(), id)).toEqual([{ sector: 'Domotica', base_comune_slug: 'milano', radius_km: null, comune_slugs: '["milano"]' }])
    expect(await reachedRows(id)).toEqual([{ sector: 'Domotica', comune_slug: 'milano', distance_km: 0 }])
    await replaceCoverage(database(), id, [], SAVED)
    expect(await coverageRows(database(), id)).toEqual([])
    expect(await reachedRows(id)).toEqual([])
    expect(await findCoverage(database(), id)).toEqual([])
  })

  it('moves the public pages’ version only for a craftsman whose profile is published', async () => {
    const published = await newArtisan({ email: 'pubblico@example.com' })
    const privateOne = await newArtisan({ email: 'privato@example.com' })
    for (const [artisanId, at] of [
      [published, '2026-11-01T10:00:00.000Z'],
      [privateOne, null],
    ] as const) {
      await database()
        .insertInto('artisan_profiles')
        .values({ artisan_id: artisanId, slug: `profilo-${artisanId}`, published_at: at, created_at: CREATED, updated_at: CREATED })
        .execute()
    }
    const coverage = [{ sector: 'Elettricista', base: 'rho', radiusKm: 3, comuni: [] }]
    expect(await publicVersion(database())).toBe('0')
    await replaceCoverage(database(), privateOne, coverage, SAVED)
    expect(await publicVersion(database())).toBe('0')
    await replaceCoverage(database(), published, coverage, SAVED)
    expect(await publicVersion(database())).toBe('1')
    await replaceCoverage(database(), published, coverage, SAVED)
    expect(await publicVersion(database())).toBe('2')
  })
})

describe('a pause', () => {
  it('is set through a day with its reason and lifted, only for that craftsman; an unknown one is no row', async () => {
    const id = await newArtisan()
    const other = await newArtisan({ email: 'altro@example.com' })
    expect(await setPause(database(), id, { until: '2026-12-10', reason: 'Ferie in Puglia' }, SAVED)).toEqual({
      id,
      paused_until: '2026-12-10',
      pause_reason: 'Ferie in Puglia',
    })
    expect(await findArtisanById(database(), id)).toMatchObject({ paused_until: '2026-12-10', pause_reason: 'Ferie in Puglia', updated_at: SAVED })
    expect(await findArtisanById(database(), other)).toMatchObject({ paused_until: null, pause_reason: null, updated_at: CREATED })
    expect(await setPause(database(), id, null, SAVED)).toEqual({ id, paused_until: null, pause_reason: null })
    expect(await setPause(database(), other + 100, { until: '2026-12-10', reason: 'Ferie' }, SAVED)).toBeUndefined()
  })
})

describe('the craftsmen with zones to fix', () => {
  it('are counted, and the newest listed first by company or contact name with the zones that name no comune', async () => {
    await newArtisan({ email: 'a@example.com', operativeZones: ['Milano'] })
    const brianza = await newArtisan({ email: 'b@example.com', companyName: '  ', contactName: 'Paolo Neri', operativeZones: ['Brianza', 'Rho'] })
    const monza = await newArtisan({ email: 'c@example.com', companyName: 'Monza Impianti', operativeZones: ['Monza', 'Lecco'] })
    const fixed = await newArtisan({ email: 'd@example.com', operativeZones: ['Atlantide'] })
    await replaceCoverage(database(), fixed, [], SAVED)

    expect(await artisansWithUnmatchedZones(database())).toEqual({
      total: 2,
      artisans: [
        { id: monza, name: 'Monza Impianti', zones: ['Monza', 'Lecco'] },
        { id: brianza, name: 'Paolo Neri', zones: ['Brianza'] },
      ],
    })
    expect(await artisansWithUnmatchedZones(database(), 1)).toEqual({ total: 2, artisans: [{ id: monza, name: 'Monza Impianti', zones: ['Monza', 'Lecco'] }] })
  })
})

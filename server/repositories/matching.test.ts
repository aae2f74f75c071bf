import { describe, expect, it } from 'vitest'
import { migrations } from '#migrations/index.ts'
import { romeDayStart } from '#shared/italian-time.ts'
import type { ArtisanStatus } from '#shared/enums.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { type ArtisanInput, insertArtisan } from './artisans.ts'
import { findCoverage, replaceCoverage, setPause } from './coverage.ts'
import { findMatchingArtisans, leadComune, leadSector } from './matching.ts'

const database = serveTestDatabase()

describe('leadComune', () => {
  it('uses the comune of the place, else the longest comune named in the address', () => {
    expect(leadComune({ comune_slug: 'rho', location_label: 'Via Roma 1, Milano' })?.name).toBe('Rho')
    expect(leadComune({ comune_slug: null, location_label: 'Via Emilia 3, 20097 San Donato Milanese MI, Italia' })?.name).toBe('San Donato Milanese')
    expect(leadComune({ comune_slug: null, location_label: 'Corso Buenos Aires 1, Milano MI, Italia' })?.name).toBe('Milano')
    expect(leadComune({ comune_slug: null, location_label: 'Via Roma 1, Bergamo BG, Italia' })).toBeUndefined()
    expect(leadComune({ comune_slug: null, location_label: null })).toBeUndefined()
  })
})

describe('leadSector', () => {
  it('maps the service to the craftsmen register spelling', () => {
    expect(leadSector({ service_id: 'tappezziere' })).toBe('Tapezziere')
    expect(leadSector({ service_id: 'elettricista' })).toBe('Elettricista')
    expect(leadSector({ service_id: 'altro' })).toBeUndefined()
    expect(leadSector({ service_id: null })).toBeUndefined()
  })
})

describe('romeDayStart', () => {
  // Winter time, summer time, and the days the clocks go forward (29 March) and back (25 October).
  it.each([
    ['2026-01-15', '2026-01-14T23:00:00.000Z'],
    ['2026-07-15', '2026-07-14T22:00:00.000Z'],
    ['2026-03-29', '2026-03-28T23:00:00.000Z'],
    ['2026-10-25', '2026-10-24T22:00:00.000Z'],
    ['2026-10-26', '2026-10-25T23:00:00.000Z'],
  ])('starts %s at midnight in Milan (%s)', (day, instant) => {
    expect(romeDayStart(day)).toBe(instant)
  })
})

/** A craftsman as the office or an application would store one; the zones become their coverage. */
async function artisan(name: string, values: Partial<ArtisanInput> = {}) {
  const row = await insertArtisan(database(), {
    companyName: name,
    vatNumber: null,
    contactName: `Referente ${name}`,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    phone: '3331234567',
    specializationSectors: ['Imbianchino'],
    operativeZones: [],
    status: 'active' as ArtisanStatus,
    notes: null,
    profileImageUrl: null,
    isVerified: true,
    ...values,
  })
  return row.id
}

const paintingIn = (comune_slug: string) => ({ service_id: 'imbianchino', comune_slug, location_label: null })
const namesOf = async (lead: ReturnType<typeof paintingIn>, now = new Date()) =>
  (await findMatchingArtisans(database(), lead, now)).candidates.map((candidate) => candidate.company_name)

describe('findMatchingArtisans', () => {
  it('never lists an applicant in review, nor an inactive, rejected or unverified craftsman, whatever their zones', async () => {
    // As an application from /area-artigiani stores one: In Revisione, not verified, zones as typed.
    await artisan('Candidato', { status: 'pending_review', isVerified: false, operativeZones: ['Milano'], source: 'application' })
    await artisan('In revisione verificato', { status: 'pending_review', operativeZones: ['Milano'] })
    await artisan('Inattivo', { status: 'inactive', operativeZones: ['Milano'] })
    await artisan('Rifiutato', { status: 'rejected', operativeZones: ['Milano'] })
    await artisan('Non verificato', { isVerified: false, operativeZones: ['Milano'] })
    await artisan('Attivo', { operativeZones: ['Milano'] })
    expect(await namesOf(paintingIn('milano'))).toEqual(['Attivo'])
  })

  it('takes a lead in the comuni within the radius of the base for that trade, with the distance and why it fits', async () => {
    const id = await artisan('Colori Rho', { specializationSectors: ['Imbianchino', 'Idraulico'] })
    await replaceCoverage(database(), id, [
      { sector: 'Imbianchino', base: 'rho', radiusKm: 5, comuni: [] },
      { sector: 'Idraulico', base: 'legnano', radiusKm: null, comuni: ['legnano'] },
    ])
    const [inPero] = (await findMatchingArtisans(database(), paintingIn('pero'))).candidates
    expect(inPero).toMatchObject({ company_name: 'Colori Rho', distance_km: 4, fits: 'Imbianchino · 4 km da Rho' })
    expect((await findMatchingArtisans(database(), paintingIn('rho'))).candidates[0]?.fits).toBe('Imbianchino · sede a Rho')
    // Milano is 14 km from Rho: outside the radius; Legnano is covered for plumbing only.
    expect(await namesOf(paintingIn('milano'))).toEqual([])
    expect(await namesOf(paintingIn('legnano'))).toEqual([])
    expect(await namesOf({ service_id: 'idraulico', comune_slug: 'legnano', location_label: null })).toEqual(['Colori Rho'])
    expect(await namesOf({ service_id: 'idraulico', comune_slug: 'rho', location_label: null })).toEqual([])
    const [plumbing, painting] = await findCoverage(database(), id)
    expect(plumbing!.reached).toEqual([{ slug: 'legnano', name: 'Legnano', distanceKm: 0 }])
    expect(painting!.reached[0]).toEqual({ slug: 'rho', name: 'Rho', distanceKm: 0 })
    expect(painting!.reached).toContainEqual({ slug: 'pero', name: 'Pero', distanceKm: 4 })
    expect(painting!.reached.every((comune) => comune.distanceKm <= 5)).toBe(true)
    expect(painting!.reached.map((comune) => comune.slug)).not.toContain('milano')
  })

  it('leaves out a paused craftsman through the last day of the pause, and takes them back the day after by itself', async () => {
    const id = await artisan('In ferie', { operativeZones: ['Rho'] })
    const now = new Date('2026-12-10T10:00:00Z')
    await setPause(database(), id, { until: '2026-12-20', reason: 'Ferie' })
    expect(await namesOf(paintingIn('rho'), now)).toEqual([])
    expect(await namesOf(paintingIn('rho'), new Date(romeDayStart('2026-12-20')))).toEqual([])
    expect(await namesOf(paintingIn('rho'), new Date(romeDayStart('2026-12-21')))).toEqual(['In ferie'])
    await setPause(database(), id, null)
    expect(await namesOf(paintingIn('rho'), now)).toEqual(['In ferie'])
  })

  it('puts the preferred craftsman first, then the better score, then the least busy, then the nearest', async () => {
    const far = await artisan('Lontano')
    const near = await artisan('Vicino')
    const preferred = await artisan('Preferito')
    for (const [id, base] of [
      [far, 'legnano'],
      [near, 'pero'],
      [preferred, 'legnano'],
    ] as const) {
      await replaceCoverage(database(), id, [{ sector: 'Imbianchino', base, radiusKm: 30, comuni: [] }])
    }
    expect(await namesOf(paintingIn('rho'))).toEqual(['Vicino', 'Lontano', 'Preferito'])
    const { candidates } = await findMatchingArtisans(database(), { ...paintingIn('rho'), preferred_artisan_id: preferred })
    expect(candidates.map((candidate) => [candidate.company_name, candidate.preferred])).toEqual([
      ['Preferito', 1],
      ['Vicino', 0],
      ['Lontano', 0],
    ])
  })
})

describe('the zones of craftsmen registered before coverage (migration 2026_11_26_0932)', () => {
  it('become a list of comuni per sector measured from the first; the zones naming no comune are listed for the office', async () => {
    const db = database()
    const now = new Date().toISOString()
    const insert = async (name: string, sectors: string[], zones: string[]) => {
      const row = await db
        .insertInto('artisans')
        .values({
          created_at: now,
          updated_at: now,
          contact_name: name,
          email: `${name}@example.com`,
          phone: '3331234567',
          status: 'active',
          is_verified: 1,
          specialization_sectors: JSON.stringify(sectors),
          operative_zones: JSON.stringify(zones),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (sectors.length)
        await db
          .insertInto('artisan_sectors')
          .values(sectors.map((sector) => ({ artisan_id: row.id, sector })))
          .execute()
      return row.id
    }
    const mixed = await insert('misto', ['Imbianchino', 'Idraulico'], ['Rho (MI)', 'Brianza', 'cassina de pecchi', 'PERO', 'Monza'])
    const none = await insert('nessuna', ['Fabbro'], ['zona nord'])
    const empty = await insert('vuoto', ['Fabbro'], [])
    await migrations['2026_11_26_0932_zones_to_coverage']!.up(db)

    const coverage = await findCoverage(db, mixed)
    expect(coverage.map((entry) => [entry.sector, entry.base, entry.radiusKm, entry.comuni])).toEqual([
      ['Idraulico', 'rho', null, ['rho', 'cassina-de-pecchi', 'pero']],
      ['Imbianchino', 'rho', null, ['rho', 'cassina-de-pecchi', 'pero']],
    ])
    expect(coverage[0]!.reached.map((comune) => comune.name)).toEqual(['Rho', 'Pero', "Cassina de' Pecchi"])
    const unmatched = await db.selectFrom('artisans').select(['id', 'unmatched_zones']).orderBy('id').execute()
    expect(unmatched.map((row) => [row.id, JSON.parse(row.unmatched_zones)])).toEqual([
      [mixed, ['Brianza', 'Monza']],
      [none, ['zona nord']],
      [empty, []],
    ])
    expect(await findCoverage(db, none)).toEqual([])
    expect(await namesOf({ service_id: 'idraulico', comune_slug: 'cassina-de-pecchi', location_label: null })).toEqual([null])
  })
})

import { describe, expect, it } from 'vitest'
import { artisan, coverageRows } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { deleteArtisan, findArtisanById, findArtisanContacts, insertArtisan, listArtisans, replaceArtisanSectors, updateArtisan } from './artisans.ts'
import { findCoverage } from './coverage.ts'

const database = serveTestDatabase()

const CREATED = '2026-11-20T09:00:00.000Z'
const EDITED = '2026-11-21T10:30:00.000Z'

const sectorRows = (id: number) => database().selectFrom('artisan_sectors').select('sector').where('artisan_id', '=', id).orderBy('sector').execute()
const zoneRows = (id: number) =>
  database().selectFrom('artisan_zones').select(['zone', 'zone_normalized']).where('artisan_id', '=', id).orderBy('zone').execute()
const reachedOf = async (id: number) =>
  (await findCoverage(database(), id)).map((entry) => [entry.sector, entry.base, entry.reached.map((c) => [c.name, c.distanceKm])])

describe('a craftsman written by the office', () => {
  it('is stored with its sectors and zones mirrored, the zones that name comuni as each sector’s coverage, the others listed to fix', async () => {
    const hostile = `Robert'); DROP TABLE artisans;-- <script>alert("x")</script>`
    const row = await insertArtisan(
      database(),
      artisan({
        companyName: 'Rossi Impianti Srl',
        contactName: hostile,
        email: 'mario@rossi-impianti.it',
        specializationSectors: ['Elettricista', 'Domotica'],
        operativeZones: ['Milano', 'Monza', 'Sesto San Giovanni'],
        notes: hostile,
      }),
      CREATED,
    )
    expect(row).toMatchObject({ created_at: CREATED, updated_at: CREATED, source: 'admin', is_verified: 1 })

    expect(await findArtisanById(database(), row.id)).toMatchObject({
      id: row.id,
      company_name: 'Rossi Impianti Srl',
      contact_name: hostile,
      notes: hostile,
      specialization_sectors: ['Elettricista', 'Domotica'],
      operative_zones: ['Milano', 'Monza', 'Sesto San Giovanni'],
      unmatched_zones: ['Monza'],
      is_verified: true,
      status: 'active',
    })
    expect(await sectorRows(row.id)).toEqual([{ sector: 'Domotica' }, { sector: 'Elettricista' }])
    expect(await zoneRows(row.id)).toEqual([
      { zone: 'Milano', zone_normalized: 'milano' },
      { zone: 'Monza', zone_normalized: 'monza' },
      { zone: 'Sesto San Giovanni', zone_normalized: 'sesto san giovanni' },
    ])
    expect(await reachedOf(row.id)).toEqual([
      [
        'Domotica',
        'milano',
        [
          ['Milano', 0],
          ['Sesto San Giovanni', 8],
        ],
      ],
      [
        'Elettricista',
        'milano',
        [
          ['Milano', 0],
          ['Sesto San Giovanni', 8],
        ],
      ],
    ])
    expect(await findArtisanById(database(), row.id + 1)).toBeUndefined()
  })

  it('as an application stores it: its source, consent and description, not verified, no zones to read', async () => {
    const row = await insertArtisan(
      database(),
      artisan({
        status: 'pending_review',
        isVerified: false,
        operativeZones: [],
        source: 'application',
        description: 'Impianti civili.',
        privacyConsentAt: CREATED,
      }),
      CREATED,
    )
    expect(await findArtisanById(database(), row.id)).toMatchObject({
      source: 'application',
      description: 'Impianti civili.',
      privacy_consent_at: CREATED,
      is_verified: false,
      operative_zones: [],
      unmatched_zones: [],
    })
    expect(await zoneRows(row.id)).toEqual([])
    expect(await coverageRows(database(), row.id)).toEqual([])
  })
})

describe('the craftsmen list', () => {
  /** 23 craftsmen as admin-artisans.test.ts makes them: odd ones plumbers, every third in Cinisello, every fifth in review. */
  async function twentyThree() {
    for (let i = 1; i <= 23; i++) {
      await insertArtisan(
        database(),
        artisan({
          contactName: `Artigiano ${String(i).padStart(2, '0')}`,
          companyName: `Ditta ${i}`,
          email: `artigiano${i}@example.com`,
          phone: `333000${String(i).padStart(4, '0')}`,
          specializationSectors: i % 2 ? ['Idraulico'] : ['Imbianchino', 'Muratore'],
          operativeZones: i % 3 ? ['Rho', 'Legnano'] : ['Cinisello Balsamo'],
          status: i % 5 === 0 ? 'pending_review' : 'active',
        }),
        `2026-11-20T09:${String(i).padStart(2, '0')}:00.000Z`,
      )
    }
  }
  const contacts = (list: { rows: { contact_name: string }[] }) => list.rows.map((row) => row.contact_name)

  it('pages by ten, newest first, with the total and the page count; a page past the last answers the last', async () => {
    await twentyThree()
    const first = await listArtisans(database(), {}, 1, 10)
    expect(first).toMatchObject({ total: 23, page: 1, pageCount: 3, pageSize: 10 })
    expect(contacts(first)).toEqual(Array.from({ length: 10 }, (_, i) => `Artigiano ${23 - i}`))
    expect(first.rows[0]).toMatchObject({ specialization_sectors: ['Idraulico'], operative_zones: ['Rho', 'Legnano'], is_verified: true })
    const second = await listArtisans(database(), {}, 2, 10)
    expect(contacts(second)).toEqual(Array.from({ length: 10 }, (_, i) => `Artigiano ${String(13 - i).padStart(2, '0')}`))
    const last = await listArtisans(database(), {}, 3, 10)
    expect(contacts(last)).toEqual(['Artigiano 03', 'Artigiano 02', 'Artigiano 01'])
    expect(await listArtisans(database(), {}, 99, 10)).toMatchObject({ page: 3, pageCount: 3, total: 23, rows: last.rows })
  })

  it('filters by company, contact, e-mail and phone ignoring case, and by status, all combined with AND', async () => {
    await twentyThree()
    const ditta1 = await listArtisans(database(), { company: 'DITTA 1' }, 1, 10)
    expect(ditta1.total).toBe(11)
    expect(ditta1.pageCount).toBe(2)
    expect(ditta1.rows.map((row) => row.company_name)).toEqual(Array.from({ length: 10 }, (_, i) => `Ditta ${19 - i}`))
    expect(contacts(await listArtisans(database(), { company: 'DITTA 1' }, 2, 10))).toEqual(['Artigiano 01'])
    expect(contacts(await listArtisans(database(), { email: 'ARTIGIANO7@' }, 1, 10))).toEqual(['Artigiano 07'])
    expect(contacts(await listArtisans(database(), { phone: '3330000015' }, 1, 10))).toEqual(['Artigiano 15'])
    const pending = await listArtisans(database(), { status: 'pending_review', contact: 'artigiano' }, 1, 10)
    expect(pending.total).toBe(4)
    expect(contacts(pending)).toEqual(['Artigiano 20', 'Artigiano 15', 'Artigiano 10', 'Artigiano 05'])
    expect((await listArtisans(database(), { status: 'pending_review' }, 1, 10)).total).toBe(4)
    expect(contacts(await listArtisans(database(), { company: 'ditta 2', email: 'artigiano21', status: 'active' }, 1, 10))).toEqual(['Artigiano 21'])
    expect((await listArtisans(database(), { company: 'ditta 2', email: 'artigiano21', status: 'pending_review' }, 1, 10)).total).toBe(0)
  })

  it('takes SQL, quotes and LIKE wildcards in a filter as text', async () => {
    await twentyThree()
    const hostile = `Robert'); DROP TABLE artisans;-- 100%_sicuro`
    const { id } = await insertArtisan(database(), artisan({ contactName: hostile, companyName: 'Ditta_100%' }), CREATED)
    expect((await listArtisans(database(), { contact: `Robert'); DROP` }, 1, 10)).rows.map((row) => row.id)).toEqual([id])
    expect((await listArtisans(database(), { contact: '100%_s' }, 1, 10)).rows.map((row) => row.id)).toEqual([id])
    expect((await listArtisans(database(), { company: '%' }, 1, 10)).rows.map((row) => row.id)).toEqual([id])
    expect((await listArtisans(database(), { company: '_' }, 1, 10)).rows.map((row) => row.id)).toEqual([id])
    expect((await listArtisans(database(), { company: 'ditta\\' }, 1, 10)).total).toBe(0)
    expect((await listArtisans(database(), {}, 1, 10)).total).toBe(24)
  })

  it('matches a sector or a zone when any of the craftsman’s has it, the zone by its start, accents and case ignored', async () => {
    await twentyThree()
    // Counted from the sector's rows alone, from the zones' rows alone, and with the other filters.
    expect((await listArtisans(database(), { sector: 'Idraulico' }, 1, 10)).total).toBe(12)
    expect((await listArtisans(database(), { sector: 'Idraulico', contact: 'artigiano' }, 1, 10)).total).toBe(12)
    expect((await listArtisans(database(), { sector: 'idraulico' }, 1, 10)).total).toBe(0)
    const builders = await listArtisans(database(), { sector: 'Muratore', zone: 'cinisello' }, 1, 10)
    expect(builders.total).toBe(3)
    expect(contacts(builders)).toEqual(['Artigiano 18', 'Artigiano 12', 'Artigiano 06'])
    expect((await listArtisans(database(), { zone: 'LEGNANO', contact: 'artigiano' }, 1, 10)).total).toBe(16)
    const legnano = await listArtisans(database(), { zone: 'LEGNANO' }, 1, 10)
    expect(legnano).toMatchObject({ total: 16, pageCount: 2 })
    expect(contacts(legnano)[0]).toBe('Artigiano 23')
    // The start of a zone, not a word inside it.
    expect((await listArtisans(database(), { zone: 'balsamo' }, 1, 10)).total).toBe(0)
    expect((await listArtisans(database(), { zone: ' Cinis ' }, 1, 10)).total).toBe(7)

    // Two zones that both start with the filter count their craftsman once; an accent typed either way matches.
    const { id } = await insertArtisan(database(), artisan({ contactName: 'Due zone', operativeZones: ['Rhò', 'Rho Fiera'] }), CREATED)
    const rho = await listArtisans(database(), { zone: 'rho' }, 1, 100)
    expect(rho.total).toBe(17)
    expect(rho.rows.filter((row) => row.id === id)).toHaveLength(1)
    expect((await listArtisans(database(), { zone: 'RHÒ' }, 1, 100)).total).toBe(17)
  })

  it('answers an empty first page for filters that match nothing', async () => {
    await twentyThree()
    expect(await listArtisans(database(), { company: 'nessuna ditta così' }, 1, 10)).toEqual({ rows: [], total: 0, page: 1, pageCount: 1, pageSize: 10 })
    expect(await listArtisans(database(), { sector: 'Fabbro' }, 3, 10)).toEqual({ rows: [], total: 0, page: 1, pageCount: 1, pageSize: 10 })
    expect(await listArtisans(database(), { zone: 'bergamo' }, 1, 10)).toEqual({ rows: [], total: 0, page: 1, pageCount: 1, pageSize: 10 })
  })
})

describe('an edit of a craftsman', () => {
  it('replaces fields and lists: a sector removed loses its coverage, one added gets the comuni the zones name', async () => {
    const { id } = await insertArtisan(
      database(),
      artisan({ status: 'pending_review', specializationSectors: ['Elettricista', 'Domotica'], operativeZones: ['Milano', 'Monza'] }),
      CREATED,
    )
    const other = await insertArtisan(database(), artisan({ email: 'altro@example.com' }), CREATED)
    const updated = await updateArtisan(
      database(),
      id,
      artisan({ status: 'active', phone: '02 999', specializationSectors: ['Elettricista', 'Fabbro'], operativeZones: ['Bollate', 'Brianza'] }),
      EDITED,
    )
    expect(updated).toMatchObject({ id, status: 'active', phone: '02 999', created_at: CREATED, updated_at: EDITED })
    expect(await findArtisanById(database(), id)).toMatchObject({
      specialization_sectors: ['Elettricista', 'Fabbro'],
      operative_zones: ['Bollate', 'Brianza'],
      unmatched_zones: ['Brianza'],
    })
    expect(await sectorRows(id)).toEqual([{ sector: 'Elettricista' }, { sector: 'Fabbro' }])
    expect((await zoneRows(id)).map((row) => row.zone)).toEqual(['Bollate', 'Brianza'])
    // Domotica's coverage is gone; Elettricista keeps the one it had; Fabbro is read from the new zones.
    expect(await reachedOf(id)).toEqual([
      ['Elettricista', 'milano', [['Milano', 0]]],
      ['Fabbro', 'bollate', [['Bollate', 0]]],
    ])
    expect(await sectorRows(other.id)).toEqual([{ sector: 'Elettricista' }])
    expect((await zoneRows(other.id)).map((row) => row.zone)).toEqual(['Milano', 'Sesto San Giovanni'])
  })

  it('leaves the zones to fix as they were when the zones did not change, and changes nothing for an unknown craftsman', async () => {
    const { id } = await insertArtisan(database(), artisan({ operativeZones: ['Milano', 'Monza'] }), CREATED)
    await updateArtisan(database(), id, artisan({ operativeZones: ['Milano', 'Monza'], notes: 'Solo mattina.' }), EDITED)
    expect(await findArtisanById(database(), id)).toMatchObject({ notes: 'Solo mattina.', unmatched_zones: ['Monza'] })

    const before = await database().selectFrom('artisans').selectAll().orderBy('id').execute()
    expect(await updateArtisan(database(), id + 100, artisan({ contactName: 'Nessuno' }), EDITED)).toBeUndefined()
    expect(await database().selectFrom('artisans').selectAll().orderBy('id').execute()).toEqual(before)
    expect(
      await database()
        .selectFrom('artisan_sectors')
        .select('artisan_id')
        .where('artisan_id', '=', id + 100)
        .execute(),
    ).toEqual([])
  })

  it('of the trades from the craftsman’s area rewrites the list and its rows, and leaves the zones and coverage', async () => {
    const { id } = await insertArtisan(database(), artisan({ specializationSectors: ['Elettricista'] }), CREATED)
    await replaceArtisanSectors(database(), id, ['Elettricista', 'Domotica', 'Domotica'], EDITED)
    expect(await findArtisanById(database(), id)).toMatchObject({
      specialization_sectors: ['Elettricista', 'Domotica', 'Domotica'],
      operative_zones: ['Milano', 'Sesto San Giovanni'],
      updated_at: EDITED,
    })
    expect(await sectorRows(id)).toEqual([{ sector: 'Domotica' }, { sector: 'Elettricista' }])
    expect((await coverageRows(database(), id)).map((row) => row.sector)).toEqual(['Elettricista'])
    await replaceArtisanSectors(database(), id, ['Fabbro'], EDITED)
    expect(await sectorRows(id)).toEqual([{ sector: 'Fabbro' }])
  })
})

describe('deleting a craftsman', () => {
  it('takes their sector, zone and coverage rows with them, and deletes nothing for an unknown id', async () => {
    const { id } = await insertArtisan(database(), artisan(), CREATED)
    const kept = await insertArtisan(database(), artisan({ email: 'resta@example.com' }), CREATED)
    expect(await deleteArtisan(database(), id)).toMatchObject({ id, email: 'luca@impianti-bianchi.it' })
    expect(await findArtisanById(database(), id)).toBeUndefined()
    for (const table of ['artisan_sectors', 'artisan_zones', 'artisan_coverage', 'artisan_coverage_comuni'] as const) {
      expect(await database().selectFrom(table).select('artisan_id').where('artisan_id', '=', id).execute(), table).toEqual([])
      expect((await database().selectFrom(table).select('artisan_id').where('artisan_id', '=', kept.id).execute()).length, table).toBeGreaterThan(0)
    }
    expect(await deleteArtisan(database(), id)).toBeUndefined()
    expect(await database().selectFrom('artisans').select('id').execute()).toEqual([{ id: kept.id }])
  })
})

describe('the contacts of craftsmen offered a lead', () => {
  it('are read for those that exist among the ids asked, with their status and pause', async () => {
    const first = await insertArtisan(database(), artisan({ email: 'uno@example.com' }), CREATED)
    const second = await insertArtisan(database(), artisan({ email: 'due@example.com', companyName: null, status: 'inactive' }), CREATED)
    await database().updateTable('artisans').set({ paused_until: '2026-12-01' }).where('id', '=', second.id).execute()
    const contacts = await findArtisanContacts(database(), [second.id, first.id, second.id + 50])
    expect(contacts.sort((a, b) => a.id - b.id)).toEqual([
      { id: first.id, company_name: 'Impianti Bianchi Srl', contact_name: 'Luca Bianchi', email: 'uno@example.com', status: 'active', paused_until: null },
      { id: second.id, company_name: null, contact_name: 'Luca Bianchi', email: 'due@example.com', status: 'inactive', paused_until: '2026-12-01' },
    ])
  })
})

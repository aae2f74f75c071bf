import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, errorOf, startSignedIn } from './helpers/admin.ts'
import { type InProcessSite, startApp } from './helpers/app.ts'
import { addDays, romeDay } from '#shared/italian-time.ts'
import { artisanClient, artisanSessionCookie } from './helpers/artisan-area.ts'
import { changeRows, readRows } from './helpers/database.ts'

const ADMIN = { email: 'admin@artigianimilano.it', password: 'password sicura' }

let server: InProcessSite
let trpc: AdminClient

const valid = {
  contact_name: 'Mario Rossi',
  company_name: 'Rossi Impianti Srl',
  vat_number: '01234567890',
  email: 'mario@rossi-impianti.it',
  phone: '+39 02 1234567',
  specialization_sectors: ['Elettricista', 'Domotica'],
  operative_zones: ' Milano , Monza,, Sesto San Giovanni ,',
  status: 'active' as const,
  is_verified: true,
  profile_image_url: 'https://example.com/mario.jpg',
  notes: 'Disponibile anche il sabato.',
}

beforeAll(async () => {
  ;({ server, trpc } = await startSignedIn(ADMIN, {}, startApp))
})
afterAll(async () => {
  await server?.stop()
})

const rows = <T>(query: string, ...params: unknown[]) => readRows<T>(server.databasePath, query, ...params)
const artisanCount = () => rows<{ n: number }>('select count(*) as n from artisans')[0]!.n

describe('creating an artisan', () => {
  it('stores it with zones split on commas, trimmed and empties dropped, its lists mirrored and an audit entry', async () => {
    const created = await trpc.admin.artisans.create.mutate(valid)
    expect(created.operative_zones).toEqual(['Milano', 'Monza', 'Sesto San Giovanni'])
    expect(created.specialization_sectors).toEqual(['Elettricista', 'Domotica'])
    expect(created.is_verified).toBe(true)
    expect(rows('select zone from artisan_zones where artisan_id = ? order by zone', created.id)).toEqual([
      { zone: 'Milano' },
      { zone: 'Monza' },
      { zone: 'Sesto San Giovanni' },
    ])
    const { history } = await trpc.admin.artisans.byId.query({ id: created.id })
    expect(history).toEqual([expect.objectContaining({ action: 'create', actor: ADMIN.email })])
  })

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['an empty contact name', { contact_name: '   ' }, 'Il nome del referente è obbligatorio.'],
    ['a malformed e-mail', { email: 'mario@' }, 'Formato email non valido.'],
    ['an empty phone', { phone: '' }, 'Il numero di telefono è obbligatorio.'],
    ['an image URL that is not a URL', { profile_image_url: 'non è un url' }, 'URL immagine profilo non valido'],
    ['a javascript: image URL', { profile_image_url: 'javascript:alert(1)' }, 'URL immagine profilo non valido'],
    ['a status outside the four values', { status: 'approved' }, 'Stato non valido: scegli Attivo, Inattivo, In Revisione o Rifiutato.'],
    ['a 10,000-character note', { notes: 'x'.repeat(10_000) }, 'Le note interne possono contenere al massimo 5000 caratteri.'],
  ]
  for (const [what, patch, message] of cases) {
    it(`refuses ${what} with the Italian message and stores nothing`, async () => {
      const before = artisanCount()
      const error = await errorOf(trpc.admin.artisans.create.mutate({ ...valid, ...patch } as typeof valid))
      expect(error.code).toBe('BAD_REQUEST')
      expect(error.message).toContain(message)
      expect(artisanCount()).toBe(before)
    })
  }

  it('accepts an empty image URL and empty optional fields as absent', async () => {
    const created = await trpc.admin.artisans.create.mutate({
      ...valid,
      company_name: ' ',
      vat_number: '',
      profile_image_url: '',
      notes: '',
      operative_zones: '',
    })
    expect(created).toMatchObject({ company_name: null, vat_number: null, profile_image_url: null, notes: null, operative_zones: [] })
  })

  it('keeps SQL and HTML in every text field as text, and the list shows them back unchanged', async () => {
    const hostile = `Robert'); DROP TABLE artisans;-- <script>alert("x")</script><img src=x onerror=alert(1)>`
    const created = await trpc.admin.artisans.create.mutate({
      ...valid,
      contact_name: hostile,
      company_name: hostile,
      vat_number: `'; --`,
      phone: `1' OR '1'='1`,
      operative_zones: `<b>Milano</b>, '; DELETE FROM artisans; --`,
      notes: hostile,
    })
    const { artisan } = await trpc.admin.artisans.byId.query({ id: created.id })
    expect(artisan).toMatchObject({ contact_name: hostile, company_name: hostile, vat_number: `'; --`, phone: `1' OR '1'='1`, notes: hostile })
    expect(artisan.operative_zones).toEqual(['<b>Milano</b>', `'; DELETE FROM artisans; --`])
    const found = await trpc.admin.artisans.list.query({ contact: `Robert'); DROP` })
    expect(found.rows.map((row) => row.id)).toEqual([created.id])
    expect((await trpc.admin.artisans.list.query({ company: '%' })).rows.map((row) => row.id)).toEqual([])
    expect(artisanCount()).toBeGreaterThan(1)
  })
})

describe('the artisans list', () => {
  beforeAll(async () => {
    const make = (i: number, patch: Partial<typeof valid> = {}) =>
      trpc.admin.artisans.create.mutate({
        ...valid,
        contact_name: `Artigiano ${String(i).padStart(2, '0')}`,
        company_name: `Ditta ${i}`,
        email: `artigiano${i}@example.com`,
        phone: `333000${String(i).padStart(4, '0')}`,
        specialization_sectors: i % 2 ? ['Idraulico'] : ['Imbianchino', 'Muratore'],
        operative_zones: i % 3 ? 'Rho, Legnano' : 'Cinisello Balsamo',
        status: i % 5 === 0 ? 'pending_review' : 'active',
        ...patch,
      })
    for (let i = 1; i <= 23; i++) await make(i)
  })

  it('pages by 10, newest first, with the total', async () => {
    const first = await trpc.admin.artisans.list.query({})
    expect(first.rows).toHaveLength(10)
    expect(first.pageSize).toBe(10)
    expect(first.rows[0]!.contact_name).toBe('Artigiano 23')
    const total = artisanCount()
    expect(first.total).toBe(total)
    expect(first.pageCount).toBe(Math.ceil(total / 10))
    const last = await trpc.admin.artisans.list.query({ page: first.pageCount })
    expect(last.rows).toHaveLength(total % 10 || 10)
  })

  it('filters case-insensitively by company, contact, e-mail, phone and status, combined with AND', async () => {
    const ditta1 = await trpc.admin.artisans.list.query({ company: 'DITTA 1' })
    expect(ditta1.total).toBe(11)
    expect(ditta1.rows.map((r) => r.company_name)).toEqual([
      'Ditta 19',
      'Ditta 18',
      'Ditta 17',
      'Ditta 16',
      'Ditta 15',
      'Ditta 14',
      'Ditta 13',
      'Ditta 12',
      'Ditta 11',
      'Ditta 10',
    ])
    expect((await trpc.admin.artisans.list.query({ email: 'ARTIGIANO7@' })).rows.map((r) => r.contact_name)).toEqual(['Artigiano 07'])
    expect((await trpc.admin.artisans.list.query({ phone: '3330000015' })).rows.map((r) => r.contact_name)).toEqual(['Artigiano 15'])
    const pending = await trpc.admin.artisans.list.query({ status: 'pending_review', contact: 'artigiano' })
    expect(pending.rows.map((r) => r.contact_name)).toEqual(['Artigiano 20', 'Artigiano 15', 'Artigiano 10', 'Artigiano 05'])
  })

  it('matches a sector or a zone when any element matches, accents and case ignored for zones', async () => {
    const plumbers = await trpc.admin.artisans.list.query({ sector: 'Idraulico', contact: 'artigiano' })
    expect(plumbers.total).toBe(12)
    const painters = await trpc.admin.artisans.list.query({ sector: 'Muratore', zone: 'cinisello' })
    expect(painters.rows.map((r) => r.contact_name)).toEqual(['Artigiano 18', 'Artigiano 12', 'Artigiano 06'])
    expect((await trpc.admin.artisans.list.query({ zone: 'LEGNANO', contact: 'artigiano' })).total).toBe(16)
  })

  it('answers an empty page for filters that match nothing', async () => {
    expect(await trpc.admin.artisans.list.query({ company: 'nessuna ditta così' })).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 })
  })
})

describe('editing and deleting', () => {
  it('updates fields and lists, recording who changed which fields and the status change', async () => {
    const created = await trpc.admin.artisans.create.mutate({ ...valid, status: 'pending_review' })
    const updated = await trpc.admin.artisans.update.mutate({
      id: created.id,
      values: { ...valid, status: 'active', phone: '02 999', specialization_sectors: ['Fabbro'], operative_zones: 'Bollate' },
    })
    expect(updated).toMatchObject({ status: 'active', phone: '02 999', specialization_sectors: ['Fabbro'], operative_zones: ['Bollate'] })
    expect(rows('select sector from artisan_sectors where artisan_id = ?', created.id)).toEqual([{ sector: 'Fabbro' }])
    const { history } = await trpc.admin.artisans.byId.query({ id: created.id })
    expect(history[0]).toMatchObject({ action: 'update', actor: ADMIN.email, details: { status: { from: 'pending_review', to: 'active' } } })
    expect(history[0]!.details!.fields).toEqual(expect.arrayContaining(['phone', 'status', 'specialization_sectors', 'operative_zones']))
    expect(history[0]!.details!.fields).not.toContain('email')
  })

  it('refuses an invalid update and leaves the artisan as it was', async () => {
    const created = await trpc.admin.artisans.create.mutate(valid)
    const error = await errorOf(trpc.admin.artisans.update.mutate({ id: created.id, values: { ...valid, email: 'non-valida' } }))
    expect(error.message).toContain('Formato email non valido.')
    expect((await trpc.admin.artisans.byId.query({ id: created.id })).artisan.email).toBe(valid.email)
  })

  it('answers NOT_FOUND with the spec message for an unknown artisan', async () => {
    expect(await errorOf(trpc.admin.artisans.byId.query({ id: 999_999 }))).toEqual({ code: 'NOT_FOUND', status: 404, message: 'Artigiano non trovato.' })
    expect((await errorOf(trpc.admin.artisans.update.mutate({ id: 999_999, values: valid }))).message).toBe('Artigiano non trovato.')
    expect((await errorOf(trpc.admin.artisans.remove.mutate({ id: 999_999 }))).message).toBe('Artigiano non trovato.')
  })

  it('deletes an artisan with its sector and zone rows and records who did it', async () => {
    const created = await trpc.admin.artisans.create.mutate(valid)
    expect(await trpc.admin.artisans.remove.mutate({ id: created.id })).toEqual({ ok: true })
    expect(rows('select id from artisans where id = ?', created.id)).toEqual([])
    expect(rows('select * from artisan_zones where artisan_id = ?', created.id)).toEqual([])
    expect(rows("select action, actor_email from audit_log where entity_type = 'artisan' and entity_id = ? order by id", String(created.id))).toEqual([
      { action: 'create', actor_email: ADMIN.email },
      { action: 'delete', actor_email: ADMIN.email },
    ])
  })
})

describe('coverage and pause', () => {
  const coverageRows = (id: number) => ({
    coverage: rows('select sector, base_comune_slug, radius_km, comune_slugs from artisan_coverage where artisan_id = ? order by sector', id),
    comuni: rows('select sector, comune_slug, distance_km from artisan_coverage_comuni where artisan_id = ? order by sector, comune_slug', id),
    pause: rows('select paused_until, pause_reason from artisans where id = ?', id),
    audit: rows<{ n: number }>("select count(*) as n from audit_log where entity_type = 'artisan' and entity_id = ?", String(id))[0]!.n,
  })
  const today = romeDay(Date.now())
  const radius = (sector: string, base: string, radius_km: number | null) => ({ sector, base, mode: 'radius' as const, radius_km, comuni: [] })

  it('reads the zones of a new craftsman as comuni, lists the others for the office, and clears them once coverage is saved', async () => {
    const created = await trpc.admin.artisans.create.mutate(valid)
    const before = await trpc.admin.artisans.byId.query({ id: created.id })
    expect(before.artisan.unmatched_zones).toEqual(['Monza'])
    expect(before.coverage.map((entry) => [entry.sector, entry.base, entry.radiusKm, entry.reached.map((comune) => [comune.name, comune.distanceKm])])).toEqual(
      [
        [
          'Domotica',
          'milano',
          null,
          [
            ['Milano', 0],
            ['Sesto San Giovanni', 8],
          ],
        ],
        [
          'Elettricista',
          'milano',
          null,
          [
            ['Milano', 0],
            ['Sesto San Giovanni', 8],
          ],
        ],
      ],
    )
    const fix = await trpc.admin.artisans.unmatchedZones.query()
    expect(fix.artisans).toContainEqual({ id: created.id, name: valid.company_name, zones: ['Monza'] })

    const saved = await trpc.admin.artisans.setCoverage.mutate({
      id: created.id,
      values: {
        coverage: [
          radius('Elettricista', 'rho', 5),
          { sector: 'Domotica', base: 'cologno-monzese', mode: 'list', radius_km: null, comuni: ['cernusco-sul-naviglio', 'cologno-monzese'] },
        ],
      },
    })
    expect(saved.map((entry) => [entry.sector, entry.reached[0]?.name])).toEqual([
      ['Domotica', 'Cologno Monzese'],
      ['Elettricista', 'Rho'],
    ])
    expect(saved[0]!.reached.map((comune) => comune.slug)).toEqual(['cologno-monzese', 'cernusco-sul-naviglio'])
    expect(saved[1]!.reached.every((comune) => comune.distanceKm <= 5)).toBe(true)
    expect((await trpc.admin.artisans.byId.query({ id: created.id })).artisan.unmatched_zones).toEqual([])
    expect((await trpc.admin.artisans.unmatchedZones.query()).artisans.map((artisan) => artisan.id)).not.toContain(created.id)
    expect((await trpc.admin.artisans.byId.query({ id: created.id })).history[0]).toMatchObject({ action: 'coverage', actor: ADMIN.email })

    // A sector taken away in the form takes its coverage with it.
    await trpc.admin.artisans.update.mutate({ id: created.id, values: { ...valid, specialization_sectors: ['Elettricista'] } })
    expect(coverageRows(created.id).coverage).toEqual([{ sector: 'Elettricista', base_comune_slug: 'rho', radius_km: 5, comune_slugs: '[]' }])
  })

  const badCoverage: Array<[string, ReturnType<typeof radius>[] | Record<string, unknown>[], string]> = [
    ['a radius of 0 km', [radius('Elettricista', 'milano', 0)], 'Il raggio deve essere tra 1 e 100 km.'],
    ['a radius of 10,000 km', [radius('Elettricista', 'milano', 10_000)], 'Il raggio deve essere tra 1 e 100 km.'],
    ['a radius that is not whole', [radius('Elettricista', 'milano', 2.5)], 'Il raggio deve essere un numero intero di km.'],
    ['no radius', [radius('Elettricista', 'milano', null)], 'Indica il raggio in km.'],
    ['a base outside the province', [radius('Elettricista', 'bergamo', 10)], 'Scegli il comune di partenza dall’elenco dei comuni.'],
    ['an empty list', [{ sector: 'Elettricista', base: 'milano', mode: 'list', radius_km: null, comuni: [] }], 'Scegli almeno un comune.'],
    [
      'a list with a comune outside the province',
      [{ sector: 'Elettricista', base: 'milano', mode: 'list', radius_km: null, comuni: ['monza'] }],
      'Scegli i comuni dall’elenco.',
    ],
    ['a sector twice', [radius('Elettricista', 'milano', 10), radius('Elettricista', 'rho', 10)], 'Ogni settore può comparire una sola volta.'],
    ['a sector the craftsman does not have', [radius('Idraulico', 'milano', 10)], 'Idraulico non è tra i settori dell’artigiano: aggiungilo da “Modifica”.'],
  ]
  for (const [what, coverage, message] of badCoverage) {
    it(`refuses ${what} with "${message}" and changes nothing`, async () => {
      const { id } = await trpc.admin.artisans.create.mutate({ ...valid, email: `copertura.${badCoverage.findIndex(([w]) => w === what)}@example.com` })
      const before = coverageRows(id)
      const error = await errorOf(trpc.admin.artisans.setCoverage.mutate({ id, values: { coverage } as never }))
      expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400, message })
      expect(coverageRows(id)).toEqual(before)
    })
  }

  const badPauses: Array<[string, { until: string; reason: string }, string]> = [
    ['a day in the past', { until: addDays(today, -1), reason: 'Ferie' }, 'La data di fine pausa non può essere nel passato.'],
    ['a day more than a year away', { until: addDays(today, 366), reason: 'Ferie' }, 'La pausa può durare al massimo un anno.'],
    ['a day that does not exist', { until: '2027-02-30', reason: 'Ferie' }, 'Indica la data di fine pausa.'],
    ['a 2,000-character date', { until: '2'.repeat(2000), reason: 'Ferie' }, 'Indica la data di fine pausa.'],
    ['no reason', { until: addDays(today, 10), reason: '   ' }, 'Indica il motivo della pausa.'],
    ['a reason over two lines', { until: addDays(today, 10), reason: 'Ferie\nin montagna' }, 'Il motivo deve stare su una riga.'],
    ['a reason of 201 characters', { until: addDays(today, 10), reason: 'x'.repeat(201) }, 'Il motivo può contenere al massimo 200 caratteri.'],
  ]
  for (const [what, pause, message] of badPauses) {
    it(`refuses a pause with ${what} ("${message}") and stores nothing`, async () => {
      const { id } = await trpc.admin.artisans.create.mutate({ ...valid, email: `pausa.${badPauses.findIndex(([w]) => w === what)}@example.com` })
      const before = coverageRows(id)
      expect(await errorOf(trpc.admin.artisans.setPause.mutate({ id, pause }))).toMatchObject({ code: 'BAD_REQUEST', status: 400, message })
      expect(coverageRows(id)).toEqual(before)
    })
  }

  it('pauses a craftsman from today up to a year with a reason, and resumes them, recording who did it', async () => {
    const { id } = await trpc.admin.artisans.create.mutate({ ...valid, email: 'pausa.ok@example.com' })
    for (const until of [today, addDays(today, 365)]) {
      expect(await trpc.admin.artisans.setPause.mutate({ id, pause: { until, reason: ' Ferie ' } })).toEqual({ id, paused_until: until, pause_reason: 'Ferie' })
    }
    expect(await trpc.admin.artisans.setPause.mutate({ id, pause: null })).toEqual({ id, paused_until: null, pause_reason: null })
    const { history } = await trpc.admin.artisans.byId.query({ id })
    expect(history.slice(0, 3).map((entry) => [entry.action, entry.actor])).toEqual([
      ['resume', ADMIN.email],
      ['pause', ADMIN.email],
      ['pause', ADMIN.email],
    ])
  })
})

describe('the craftsman’s area, as the office sees it', () => {
  const sessionsOf = (id: number) => rows<{ n: number }>('select count(*) as n from artisan_sessions where artisan_id = ?', id)[0]!.n
  let serial = 0
  const craftsman = () => trpc.admin.artisans.create.mutate({ ...valid, email: `area.${++serial}@example.com` })

  it('says who made each change: the craftsman from their area, an administrator by e-mail, or the system', async () => {
    const { id } = await craftsman()
    const area = artisanClient(server.url, server.databasePath, id)
    await area.trpc.area.session.signOutEverywhere.mutate()
    changeRows(
      server.databasePath,
      "insert into audit_log (created_at, actor_id, actor_email, actor_kind, action, entity_type, entity_id) values (?, null, null, 'system', 'update', 'artisan', ?)",
      new Date(Date.now() + 1000).toISOString(),
      String(id),
    )
    const { history } = await trpc.admin.artisans.byId.query({ id })
    expect(history.map((entry) => [entry.action, entry.actorKind, entry.actor])).toEqual([
      ['update', 'system', null],
      ['sessions_ended', 'artisan', `area.${serial}@example.com`],
      ['create', 'administrator', ADMIN.email],
    ])
  })

  it('shows the last sign-in (none before the first) and the devices signed in', async () => {
    const { id } = await craftsman()
    expect(await trpc.admin.artisans.areaAccess.query({ id })).toEqual({ lastSignInAt: null, sessions: 0 })
    artisanSessionCookie(server.databasePath, id)
    artisanSessionCookie(server.databasePath, id)
    // An expired session is no device signed in.
    artisanSessionCookie(server.databasePath, id, { days: -1 })
    changeRows(server.databasePath, 'update artisans set last_sign_in_at = ? where id = ?', '2026-11-26T08:30:00.000Z', id)
    expect(await trpc.admin.artisans.areaAccess.query({ id })).toEqual({ lastSignInAt: '2026-11-26T08:30:00.000Z', sessions: 2 })
    expect(await errorOf(trpc.admin.artisans.areaAccess.query({ id: 999_999 }))).toMatchObject({ code: 'NOT_FOUND', message: 'Artigiano non trovato.' })
  })

  it('ends every session of a craftsman, with an audit entry: their next request is signed out', async () => {
    const { id } = await craftsman()
    const other = await craftsman()
    const phone = artisanClient(server.url, server.databasePath, id)
    const laptop = artisanClient(server.url, server.databasePath, id)
    const neighbour = artisanClient(server.url, server.databasePath, other.id)
    expect(await phone.trpc.area.session.me.query()).toMatchObject({ id })

    expect(await trpc.admin.artisans.endAreaSessions.mutate({ id })).toEqual({ ended: 2 })
    expect(sessionsOf(id)).toBe(0)
    expect(await phone.trpc.area.session.me.query()).toBeNull()
    expect(await errorOf(laptop.trpc.area.figures.get.query())).toMatchObject({ code: 'UNAUTHORIZED', message: "Accedi all'area artigiani per continuare." })
    // Another craftsman's sessions are not touched.
    expect(await neighbour.trpc.area.session.me.query()).toMatchObject({ id: other.id })
    const { history } = await trpc.admin.artisans.byId.query({ id })
    expect(history[0]).toMatchObject({ action: 'sessions_ended', actorKind: 'administrator', actor: ADMIN.email, details: { sessions: 2 } })
    expect(await trpc.admin.artisans.areaAccess.query({ id })).toMatchObject({ sessions: 0 })
  })

  it('refuses to end sessions of an unknown craftsman, and to a craftsman, changing nothing', async () => {
    const { id } = await craftsman()
    const area = artisanClient(server.url, server.databasePath, id)
    const audit = () => rows<{ n: number }>('select count(*) as n from audit_log')[0]!.n
    const before = audit()
    expect(await errorOf(trpc.admin.artisans.endAreaSessions.mutate({ id: 999_999 }))).toMatchObject({ code: 'NOT_FOUND', message: 'Artigiano non trovato.' })
    expect(await errorOf(area.trpc.admin.artisans.endAreaSessions.mutate({ id }))).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await errorOf(area.trpc.admin.artisans.areaAccess.query({ id }))).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(sessionsOf(id)).toBe(1)
    expect(audit()).toBe(before)
  })

  it('takes the area away at once from a craftsman deleted from the register: their sessions go with them', async () => {
    const { id } = await craftsman()
    const area = artisanClient(server.url, server.databasePath, id)
    expect(await area.trpc.area.session.me.query()).toMatchObject({ id })
    await trpc.admin.artisans.remove.mutate({ id })
    expect(sessionsOf(id)).toBe(0)
    expect(await area.trpc.area.session.me.query()).toBeNull()
    expect(await errorOf(area.trpc.area.figures.get.query())).toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

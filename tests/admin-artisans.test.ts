import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, errorOf, startSignedIn } from './helpers/admin.ts'
import { readRows } from './helpers/database.ts'
import type { RunningServer } from './helpers/server.ts'

const ADMIN = { email: 'admin@artigianimilano.it', password: 'password sicura' }

let server: RunningServer
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
  ;({ server, trpc } = await startSignedIn(ADMIN))
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

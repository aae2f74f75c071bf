import { describe, expect, it } from 'vitest'
import type { LeadFilters } from '#shared/schemas/admin-leads.ts'
import { artisan, quoteLead, twelveLeadsOfOctober } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import {
  deleteLead,
  findAttachment,
  findLeadDetail,
  iterateLeadsForExport,
  type LeadExportRow,
  listLeads,
  refreshListTotals,
  updateLeadWork,
} from './admin-leads.ts'
import { insertArtisan } from './artisans.ts'
import { insertLead, type LeadInput } from './leads.ts'
import { enqueueEmail, markEmailSent } from './outbox.ts'

const database = serveTestDatabase()

const addLead = (lead: Partial<LeadInput>, createdAt: string, attachments: Parameters<typeof insertLead>[2] = []) =>
  insertLead(database(), quoteLead(lead), attachments, createdAt)

/** The HTTP file's twelve leads of October, the fifth of them urgent; their ids, oldest first. */
async function twelveLeads() {
  const ids: number[] = []
  for (const [i, { lead, createdAt }] of twelveLeadsOfOctober().entries()) ids.push(await addLead(i === 4 ? { ...lead, timing: 'urgente' } : lead, createdAt))
  return ids
}

/** The ids of the first page, its total checked to count exactly the rows shown. */
async function only(filters: LeadFilters) {
  const list = await listLeads(database(), filters, 1)
  expect(list.total, JSON.stringify(filters)).toBe(list.rows.length)
  expect(list.totalCapped).toBe(false)
  return list.rows.map((row) => row.id)
}

/** Every row the export yields for these filters, chunk by chunk. */
async function exported(filters: LeadFilters, chunkSize?: number) {
  const chunks: LeadExportRow[][] = []
  for await (const chunk of iterateLeadsForExport(database(), filters, chunkSize)) chunks.push(chunk)
  return chunks
}

describe('the leads list', () => {
  it('shows 10 rows a page, newest first, with the number of pages, and an exact total without filters', async () => {
    const ids = await twelveLeads()
    const first = await listLeads(database(), { from: '2026-10-01', to: '2026-10-12' }, 1)
    expect(first).toMatchObject({ total: 12, totalCapped: false, page: 1, pageSize: 10, pageCount: 2 })
    expect(first.rows.map((row) => row.id)).toEqual([...ids].reverse().slice(0, 10))
    expect((await listLeads(database(), { from: '2026-10-01', to: '2026-10-12' }, 2)).rows.map((row) => row.id)).toEqual([ids[1], ids[0]])
    const unfiltered = await listLeads(database(), {}, 2)
    expect(unfiltered).toMatchObject({ total: 12, totalCapped: false, pageCount: 2 })
    expect(unfiltered.rows.map((row) => row.id)).toEqual([ids[1], ids[0]])
    expect(first.rows[0]).toEqual({
      id: ids[11],
      created_at: '2026-10-12T10:00:00.000Z',
      kind: 'quote',
      full_name: 'Giulia Verdi',
      email: 'giulia@example.com',
      phone: '+39 333 123 4567',
      service_name: 'Altro',
      location_label: null,
      status: 'nuovo',
      attachment_count: 0,
      offered_count: 0,
      answered_count: 0,
    })
    // Past the last page: no rows, the same total.
    expect(await listLeads(database(), {}, 3)).toMatchObject({ rows: [], total: 12, pageCount: 2 })
  })

  it('orders leads of the same instant by id, newest first, across pages and filters', async () => {
    const ids: number[] = []
    for (let i = 0; i < 12; i++) ids.push(await addLead({ email: `stesso${i}@example.com`, fullName: `Stessa Ora ${i}` }, '2026-10-01T10:00:00.000Z'))
    for (const filters of [{}, { name: 'stessa' }, { name: 'stessa', service: 'elettricista' }, { from: '2026-10-01', to: '2026-10-01' }]) {
      const pages = [await listLeads(database(), filters, 1), await listLeads(database(), filters, 2)]
      expect(
        pages.flatMap((page) => page.rows.map((row) => row.id)),
        JSON.stringify(filters),
      ).toEqual([...ids].reverse())
    }
  })

  it('filters by name, e-mail and phone fragments, service, location, status, "Quando" and Italian dates', async () => {
    const ids = await twelveLeads()
    const range = { from: '2026-10-01', to: '2026-10-12' }
    expect(await only({ ...range, name: 'ferr' })).toEqual([ids[9], ids[7], ids[5], ids[3], ids[1]])
    expect(await only({ ...range, name: 'FERRARI 7' })).toEqual([ids[7]])
    expect(await only({ ...range, email: 'cliente1' })).toEqual([ids[10], ids[1]])
    expect(await only({ ...range, phone: '0004' })).toEqual([ids[4]])
    expect(await only({ ...range, service: 'idraulico' })).toEqual([ids[9], ids[6], ids[3], ids[0]])
    expect(await only({ ...range, location: 'buenos' })).toEqual([ids[8], ids[4], ids[0]])
    expect(await only({ ...range, location: 'rho', service: 'elettricista' })).toEqual([ids[10], ids[7], ids[5], ids[2], ids[1]])
    expect(await only({ ...range, service: 'altro' })).toEqual([ids[11]])
    expect(await only({ ...range, name: 'xy' })).toEqual([])
    // Two letters, shorter than a trigram: still a substring filter, any case.
    expect(await only({ name: 'FE' })).toEqual([ids[9], ids[7], ids[5], ids[3], ids[1]])
    expect(await only({ phone: '07', name: 'ol' })).toEqual([ids[7]])
    // 2 October 00:00 in Milan is 1 October 22:00 UTC: the lead of 1 October at 10:00 UTC is outside.
    expect(await only({ from: '2026-10-02', to: '2026-10-03' })).toEqual([ids[2], ids[1]])
    expect(await only({ from: '2026-10-11' })).toEqual([ids[11], ids[10]])
    expect(await only({ to: '2026-10-01' })).toEqual([ids[0]])
    // A fragment with a date range, a service and a status: the fragment's matches checked against the other filters.
    expect(await only({ name: 'ferr', from: '2026-10-04', to: '2026-10-08' })).toEqual([ids[7], ids[5], ids[3]])
    expect(await only({ name: 'ferr', from: '2026-10-04', to: '2026-10-08', service: 'idraulico' })).toEqual([ids[3]])
    await updateLeadWork(database(), ids[5]!, { status: 'acquisito' }, '2026-10-20T09:00:00.000Z')
    expect(await only({ status: 'acquisito' })).toEqual([ids[5]])
    expect(await only({ name: 'ferr', status: 'acquisito' })).toEqual([ids[5]])
    expect(await only({ name: 'colombo', status: 'acquisito' })).toEqual([])
    expect(await only({ timing: 'urgente' })).toEqual([ids[4]])
    expect(await only({ timing: 'urgente', name: 'Anna' })).toEqual([ids[4]])
    expect(await only({ timing: 'urgente', name: 'Paolo' })).toEqual([])
    expect(await only({ timing: 'entro-3-mesi' })).toEqual([])
    // Characters of LIKE and of the full-text syntax are plain text; blanks around a fragment do not count.
    expect(await only({ email: '%' })).toEqual([])
    expect(await only({ email: 'cliente_' })).toEqual([])
    expect(await only({ name: '"ferr' })).toEqual([])
    expect(await only({ name: '  ferrari 9  ' })).toEqual([ids[9]])
  })

  it('searches the text as it is now: a name or date changed in the row, accents and case aside, a lead deleted', async () => {
    const id = await addLead({ fullName: 'Ottavio Bellini', email: 'ottavio.b@example.com' }, '2026-10-20T10:00:00.000Z')
    expect(await only({ name: 'bellini' })).toEqual([id])
    // Changed in the row itself (as the retention's anonymisation writes it): the old text no longer matches.
    await database().updateTable('leads').set({ full_name: 'Ottavio Bellìni Zanetti', created_at: '2026-10-25T10:00:00.000Z' }).where('id', '=', id).execute()
    expect(await only({ name: 'zanett' })).toEqual([id])
    expect(await only({ name: 'BELLÌNI' })).toEqual([id])
    expect(await only({ name: 'bellini z', from: '2026-10-25', to: '2026-10-25' })).toEqual([id])
    expect(await only({ name: 'bellini z', from: '2026-10-20', to: '2026-10-20' })).toEqual([])
    await database().updateTable('leads').set({ location_label: 'Piazza Duomo, Milano' }).where('id', '=', id).execute()
    expect(await only({ location: 'sesto' })).toEqual([])
    expect(await only({ location: 'duomo' })).toEqual([id])
    expect(await deleteLead(database(), id)).toBe(true)
    expect(await only({ name: 'bellini' })).toEqual([])
    expect(await listLeads(database(), {}, 1)).toMatchObject({ rows: [], total: 0, pageCount: 0 })
  })

  it('counts in each row its files, the craftsmen it stands offered to and those who answered', async () => {
    const id = await addLead({ fullName: 'Carla Neri' }, '2026-10-01T10:00:00.000Z', [
      { fileName: 'foto quadro.png', contentType: 'image/png', content: Buffer.from('png') },
      { fileName: 'misure.txt', contentType: 'text/plain', content: Buffer.from('120 x 140') },
    ])
    const other = await addLead({ fullName: 'Carlo Neri', email: 'carlo@example.com' }, '2026-10-02T10:00:00.000Z')
    const artisans = []
    for (const key of ['verificato', 'attivo', 'terzo']) artisans.push((await insertArtisan(database(), artisan({ email: `${key}@artigiani.example` }))).id)
    const offer = (artisanId: number, state: { response?: 'accepted' | 'declined'; revoked_at?: string }) =>
      database()
        .insertInto('lead_assignments')
        .values({
          lead_id: id,
          artisan_id: artisanId,
          assigned_at: '2026-10-01T11:00:00.000Z',
          assigned_by: null,
          email_outbox_id: null,
          response: state.response ?? null,
          responded_at: state.response ? '2026-10-01T12:00:00.000Z' : null,
          revoked_at: state.revoked_at ?? null,
        })
        .execute()
    // One declined, one taken back by the office unanswered, one accepted.
    await offer(artisans[0]!, { revoked_at: '2026-10-01T12:00:00.000Z' })
    await offer(artisans[1]!, { response: 'declined' })
    await offer(artisans[2]!, { response: 'accepted' })
    const rows = (await listLeads(database(), { name: 'neri' }, 1)).rows.map(({ id, attachment_count, offered_count, answered_count }) => ({
      id,
      attachment_count,
      offered_count,
      answered_count,
    }))
    expect(rows).toEqual([
      { id: other, attachment_count: 0, offered_count: 0, answered_count: 0 },
      { id, attachment_count: 2, offered_count: 2, answered_count: 2 },
    ])
  })
})

describe('a lead’s detail', () => {
  it('has its files without content, its offers in order with their mails, and the craftsman asked for', async () => {
    const preferred = await insertArtisan(database(), artisan({ companyName: null, contactName: 'Luca Bianchi', email: 'luca@example.com' }))
    const first = await insertArtisan(database(), artisan({ companyName: 'Impianti Primi', email: 'primi@example.com' }))
    const second = await insertArtisan(database(), artisan({ companyName: 'Impianti Secondi', email: 'secondi@example.com' }))
    const id = await addLead({ preferredArtisanId: preferred.id }, '2026-10-01T10:00:00.000Z', [
      { fileName: 'b.png', contentType: 'image/png', content: Buffer.from('seconda') },
      { fileName: 'a.pdf', contentType: 'application/pdf', content: Buffer.from('prima!') },
    ])
    const mail = await enqueueEmail(
      database(),
      { to: 'secondi@example.com', subject: 'Nuovo lavoro', category: 'lead-offer', html: '<p>Lavoro</p>', text: 'Lavoro', leadId: id },
      '2026-10-01T11:00:00.000Z',
    )
    await markEmailSent(database(), mail, 'ses-1', '2026-10-01T11:00:05.000Z')
    // Inserted out of order: the second craftsman was offered the lead first.
    for (const [artisanId, assignedAt, outbox] of [
      [first.id, '2026-10-01T12:00:00.000Z', null],
      [second.id, '2026-10-01T11:00:00.000Z', mail],
    ] as const) {
      await database()
        .insertInto('lead_assignments')
        .values({ lead_id: id, artisan_id: artisanId, assigned_at: assignedAt, assigned_by: null, email_outbox_id: outbox, response: null })
        .execute()
    }
    const detail = await findLeadDetail(database(), id)
    expect(detail).toMatchObject({ id, full_name: 'Mario Rossi', status: 'nuovo', preferredArtisan: { id: preferred.id, name: 'Luca Bianchi' } })
    expect(detail!.attachments).toEqual([
      { id: expect.any(Number), file_name: 'b.png', content_type: 'image/png', size: 7 },
      { id: expect.any(Number), file_name: 'a.pdf', content_type: 'application/pdf', size: 6 },
    ])
    expect(detail!.assignments).toEqual([
      {
        artisan_id: second.id,
        assigned_at: '2026-10-01T11:00:00.000Z',
        response: null,
        responded_at: null,
        decline_reason: null,
        withdrawn_at: null,
        revoked_at: null,
        outcome: null,
        outcome_amount_cents: null,
        outcome_at: null,
        company_name: 'Impianti Secondi',
        contact_name: 'Luca Bianchi',
        email: 'secondi@example.com',
        email_status: 'sent',
        email_sent_at: '2026-10-01T11:00:05.000Z',
      },
      expect.objectContaining({ artisan_id: first.id, company_name: 'Impianti Primi', email_status: null, email_sent_at: null }),
    ])
    const plain = await addLead({ email: 'senza@example.com' }, '2026-10-02T10:00:00.000Z')
    expect(await findLeadDetail(database(), plain)).toMatchObject({ attachments: [], assignments: [], preferredArtisan: null })
    expect(await findLeadDetail(database(), plain + 1)).toBeUndefined()
  })

  it('gives a file back byte for byte for the signed-in download, and nothing for an unknown one', async () => {
    const content = Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i))
    const id = await addLead({}, '2026-10-01T10:00:00.000Z', [{ fileName: 'misure finestra è.txt', contentType: 'text/plain', content }])
    const fileId = (await findLeadDetail(database(), id))!.attachments[0]!.id
    const file = await findAttachment(database(), fileId)
    expect({ ...file, content: Buffer.from(file!.content) }).toEqual({
      id: fileId,
      lead_id: id,
      file_name: 'misure finestra è.txt',
      content_type: 'text/plain',
      size: 256,
      content,
    })
    expect(await findAttachment(database(), fileId + 1)).toBeUndefined()
  })
})

describe('working a lead', () => {
  it('changes status and notes, returns them before and after, and marks a status chosen by hand', async () => {
    const id = await addLead({}, '2026-10-01T10:00:00.000Z')
    const row = () =>
      database().selectFrom('leads').select(['status', 'notes', 'updated_at', 'status_set_by_hand_at']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(await updateLeadWork(database(), id, { status: 'contattato', notes: 'Richiamare dopo le 18.' }, '2026-10-02T09:00:00.000Z')).toEqual({
      before: { status: 'nuovo', notes: null },
      after: { status: 'contattato', notes: 'Richiamare dopo le 18.' },
    })
    expect(await updateLeadWork(database(), id, { status: 'sopralluogo fissato' }, '2026-10-03T09:00:00.000Z')).toEqual({
      before: { status: 'contattato', notes: 'Richiamare dopo le 18.' },
      after: { status: 'sopralluogo fissato', notes: 'Richiamare dopo le 18.' },
    })
    expect(await row()).toEqual({
      status: 'sopralluogo fissato',
      notes: 'Richiamare dopo le 18.',
      updated_at: '2026-10-03T09:00:00.000Z',
      status_set_by_hand_at: '2026-10-03T09:00:00.000Z',
    })
    // Notes alone: the status's moment by hand stays; empty notes are none.
    expect(await updateLeadWork(database(), id, { notes: '' }, '2026-10-04T09:00:00.000Z')).toEqual({
      before: { status: 'sopralluogo fissato', notes: 'Richiamare dopo le 18.' },
      after: { status: 'sopralluogo fissato', notes: null },
    })
    expect(await row()).toEqual({
      status: 'sopralluogo fissato',
      notes: null,
      updated_at: '2026-10-04T09:00:00.000Z',
      status_set_by_hand_at: '2026-10-03T09:00:00.000Z',
    })
    // The same status again is no new choice.
    await updateLeadWork(database(), id, { status: 'sopralluogo fissato' }, '2026-10-05T09:00:00.000Z')
    expect((await row()).status_set_by_hand_at).toBe('2026-10-03T09:00:00.000Z')
  })

  it('answers nothing for an unknown lead and changes no row', async () => {
    const id = await addLead({}, '2026-10-01T10:00:00.000Z')
    const before = await database().selectFrom('leads').selectAll().execute()
    expect(await updateLeadWork(database(), id + 1, { status: 'perso', notes: 'x' })).toBeUndefined()
    expect(await database().selectFrom('leads').selectAll().execute()).toEqual(before)
  })
})

describe('deleting a lead', () => {
  it('removes it with its files, offers, e-mails and requester, leaves the others, and answers false the second time', async () => {
    const id = await addLead({ email: 'da.cancellare@example.com' }, '2026-10-01T10:00:00.000Z', [
      { fileName: 'preventivo.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') },
    ])
    const kept = await addLead({ email: 'resta@example.com' }, '2026-10-02T10:00:00.000Z', [
      { fileName: 'resta.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') },
    ])
    const { id: artisanId } = await insertArtisan(database(), artisan())
    for (const leadId of [id, kept]) {
      const mail = await enqueueEmail(database(), {
        to: 'luca@impianti-bianchi.it',
        subject: 'Nuovo lavoro',
        category: 'lead-offer',
        html: '<p>x</p>',
        text: 'x',
        leadId,
      })
      await database()
        .insertInto('lead_assignments')
        .values({ lead_id: leadId, artisan_id: artisanId, assigned_at: '2026-10-02T11:00:00.000Z', assigned_by: null, email_outbox_id: mail, response: null })
        .execute()
    }
    expect(await deleteLead(database(), id)).toBe(true)
    expect(await deleteLead(database(), id)).toBe(false)
    const db = database()
    expect(await db.selectFrom('leads').select('id').execute()).toEqual([{ id: kept }])
    expect(await db.selectFrom('lead_attachments').select('lead_id').execute()).toEqual([{ lead_id: kept }])
    expect(await db.selectFrom('lead_assignments').select('lead_id').execute()).toEqual([{ lead_id: kept }])
    expect(await db.selectFrom('email_outbox').select('lead_id').execute()).toEqual([{ lead_id: kept }])
    expect(await db.selectFrom('requesters').select('email_normalized').execute()).toEqual([{ email_normalized: 'resta@example.com' }])
    expect(await listLeads(db, {}, 1)).toMatchObject({ total: 1, rows: [{ id: kept }] })
  })
})

describe('the kept totals', () => {
  it('are recomputed from the rows after a bulk load that set them aside', async () => {
    await addLead({}, '2026-10-01T10:00:00.000Z')
    await addLead({ email: 'secondo@example.com' }, '2026-10-02T10:00:00.000Z')
    await addLead({ email: 'secondo@example.com' }, '2026-10-03T10:00:00.000Z')
    await database().updateTable('list_totals').set({ leads: 0, requesters: 0 }).execute()
    expect((await listLeads(database(), {}, 1)).total).toBe(0)
    await refreshListTotals(database())
    expect(await database().selectFrom('list_totals').select(['leads', 'requesters']).execute()).toEqual([{ leads: 3, requesters: 2 }])
    expect((await listLeads(database(), {}, 1)).total).toBe(3)
  })
})

describe('the leads export', () => {
  it('selects the filtered leads, newest first, with every column of the file', async () => {
    const anna = await addLead(
      {
        fullName: 'Anna "la Rossa" Bianchi',
        email: 'anna@example.com',
        description: 'Prese; interruttori\ne "punti luce"',
        street: 'Via Roma 10',
        answers: { intervento: 'punti-luce', superficie: 70 },
        timing: 'urgente',
      },
      '2026-10-05T08:30:00.000Z',
    )
    const formula = await addLead(
      { fullName: '=HYPERLINK("http://evil.example","clic")', email: '@evil@example.com', subject: '@SUM(1+1)', fromPage: '\t=1+1' },
      '2026-10-06T08:30:00.000Z',
    )
    await updateLeadWork(database(), formula, { status: 'sopralluogo fissato', notes: '-1+1' }, '2026-10-06T09:00:00.000Z')
    await addLead({ fullName: 'Marco Neri', email: 'marco@example.com', serviceId: 'idraulico', serviceName: 'Idraulico' }, '2026-10-07T08:30:00.000Z')
    await addLead({ email: 'novembre@example.com' }, '2026-10-31T23:30:00.000Z')

    const [october] = await exported({ service: 'elettricista', from: '2026-10-01', to: '2026-10-31' })
    expect(october!.map((row) => row.id)).toEqual([formula, anna])
    expect(october![1]).toEqual({
      id: anna,
      created_at: '2026-10-05T08:30:00.000Z',
      kind: 'quote',
      full_name: 'Anna "la Rossa" Bianchi',
      email: 'anna@example.com',
      phone: '+39 333 123 4567',
      service_id: 'elettricista',
      service_name: 'Elettricista',
      subject: null,
      location_label: 'Via Roma 10, Sesto San Giovanni MI, Italia',
      street: 'Via Roma 10',
      comune_slug: 'sesto-san-giovanni',
      description: 'Prese; interruttori\ne "punti luce"',
      answers: JSON.stringify({ intervento: 'punti-luce', superficie: 70 }),
      timing: 'urgente',
      status: 'nuovo',
      notes: null,
      from_page: '/elettricista',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'autunno',
      utm_term: null,
      utm_content: null,
    })
    expect(october![0]).toMatchObject({ status: 'sopralluogo fissato', notes: '-1+1', subject: '@SUM(1+1)', from_page: '\t=1+1' })
    // 31 October at 23:30 UTC is 1 November in Milan.
    expect((await exported({ from: '2026-11-01', to: '2026-11-30' })).flat().map((row) => row.email)).toEqual(['novembre@example.com'])
    expect((await exported({ timing: 'urgente' })).flat().map((row) => row.id)).toEqual([anna])
    expect(await exported({ timing: 'entro-3-mesi' })).toEqual([])
    expect((await exported({ name: 'neri' })).flat().map((row) => row.full_name)).toEqual(['Marco Neri'])
    expect((await exported({ name: 'rossa', from: '2026-10-05', to: '2026-10-05', status: 'nuovo' })).flat().map((row) => row.id)).toEqual([anna])
    expect((await exported({})).flat()).toHaveLength(4)
  })

  it('reads in chunks that go on after the last row of the one before, the same instant split between two chunks', async () => {
    const ids: number[] = []
    // Seven leads: three at one instant, then four an hour apart.
    for (const [i, at] of [
      '2026-10-01T10:00:00.000Z',
      '2026-10-01T10:00:00.000Z',
      '2026-10-01T10:00:00.000Z',
      '2026-10-01T11:00:00.000Z',
      '2026-10-01T12:00:00.000Z',
      '2026-10-01T13:00:00.000Z',
      '2026-10-01T14:00:00.000Z',
    ].entries()) {
      ids.push(await addLead({ email: `blocco${i}@example.com`, fullName: `Cliente Blocco ${i}` }, at))
    }
    const newestFirst = [...ids].reverse()
    for (const filters of [{}, { name: 'blocco' }, { name: 'blocco', service: 'elettricista', from: '2026-10-01', to: '2026-10-01' }]) {
      const chunks = await exported(filters, 2)
      expect(chunks.map((chunk) => chunk.map((row) => row.id))).toEqual([
        newestFirst.slice(0, 2),
        newestFirst.slice(2, 4),
        newestFirst.slice(4, 6),
        newestFirst.slice(6),
      ])
    }
    // A last chunk that is exactly full is followed by no empty one.
    expect((await exported({}, 7)).map((chunk) => chunk.length)).toEqual([7])
    expect((await exported({}, 1)).flat().map((row) => row.id)).toEqual(newestFirst)
  })
})

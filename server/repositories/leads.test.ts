import { describe, expect, it } from 'vitest'
import { quoteLead } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { findLeadAttachments, insertLead } from './leads.ts'

const database = serveTestDatabase()

const NOW = '2026-11-26T08:00:00.000Z'
/** Every byte value, so that a file comes back as it was sent whatever it holds. */
const BINARY = Buffer.from(Array.from({ length: 256 }, (_, i) => i))

describe('a quote request', () => {
  it('is stored as the form sent it, due for dispatch at once, its address normalised and its answers as JSON', async () => {
    const id = await insertLead(
      database(),
      quoteLead({
        email: ' Mario.Rossi@Example.com ',
        street: 'Via Roma 10',
        answers: { intervento: 'punti-luce', superficie: 70 },
        timing: 'urgente',
        utm: { source: 'google', medium: '', campaign: 'autunno', term: 'elettricista milano', content: undefined },
        landingPage: '/elettricista',
        trafficSource: 'google / cpc / autunno',
        device: 'desktop',
        promiseDueAt: '2026-11-27T12:00:00.000Z',
      }),
      [],
      NOW,
    )
    const row = await database().selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      kind: 'quote',
      created_at: NOW,
      updated_at: NOW,
      full_name: 'Mario Rossi',
      email: ' Mario.Rossi@Example.com ',
      email_normalized: 'mario.rossi@example.com',
      phone: '+39 333 123 4567',
      service_id: 'elettricista',
      service_name: 'Elettricista',
      subject: null,
      location_label: 'Via Roma 10, Sesto San Giovanni MI, Italia',
      place_id: 'comune-sesto-san-giovanni',
      comune_slug: 'sesto-san-giovanni',
      street: 'Via Roma 10',
      status: 'nuovo',
      notes: null,
      utm_source: 'google',
      utm_medium: null,
      utm_campaign: 'autunno',
      utm_term: 'elettricista milano',
      utm_content: null,
      landing_page: '/elettricista',
      traffic_source: 'google / cpc / autunno',
      device: 'desktop',
      preferred_artisan_id: null,
      promise_due_at: '2026-11-27T12:00:00.000Z',
      timing: 'urgente',
      dispatch_due_at: NOW,
      marketing_consent_at: '2026-11-01T09:00:00.000Z',
    })
    expect(JSON.parse(row.answers!)).toEqual({ intervento: 'punti-luce', superficie: 70 })
  })

  it('is left to the office, never due for dispatch, when automatic dispatch is off; without answers it stores none', async () => {
    const id = await insertLead(database(), quoteLead({ dispatch: false, utm: undefined }), [], NOW)
    expect(
      await database().selectFrom('leads').select(['dispatch_due_at', 'answers', 'timing', 'street', 'utm_source']).where('id', '=', id).executeTakeFirst(),
    ).toEqual({ dispatch_due_at: null, answers: null, timing: null, street: null, utm_source: null })
  })

  it('keeps its files byte for byte, in the order sent, apart from every other request’s', async () => {
    const id = await insertLead(
      database(),
      quoteLead(),
      [
        { fileName: 'foto quadro.png', contentType: 'image/png', content: BINARY },
        { fileName: 'misure finestra è.txt', contentType: 'text/plain', content: Buffer.from('Misure: 120 x 140 cm.\n') },
      ],
      NOW,
    )
    const other = await insertLead(
      database(),
      quoteLead({ email: 'altra@example.com' }),
      [{ fileName: 'altro.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') }],
      NOW,
    )
    const files = await findLeadAttachments(database(), id)
    expect(files.map(({ id: _, ...file }) => ({ ...file, content: Buffer.from(file.content) }))).toEqual([
      { file_name: 'foto quadro.png', content_type: 'image/png', size: 256, content: BINARY },
      { file_name: 'misure finestra è.txt', content_type: 'text/plain', size: 22, content: Buffer.from('Misure: 120 x 140 cm.\n') },
    ])
    expect(files[0]!.id).toBeLessThan(files[1]!.id)
    expect((await findLeadAttachments(database(), other)).map((file) => file.file_name)).toEqual(['altro.pdf'])
    expect(await findLeadAttachments(database(), other + 1)).toEqual([])
    expect(await database().selectFrom('lead_attachments').select('created_at').distinct().execute()).toEqual([{ created_at: NOW }])
  })

  it('from one address, five at the same moment, are all stored and all counted for their requester', async () => {
    const db = database()
    const spellings = ['Anna.Blu@example.com', 'anna.blu@example.com', 'ANNA.BLU@EXAMPLE.COM', ' anna.blu@example.com', 'anna.blu@Example.com']
    const ids = await Promise.all(spellings.map((email) => db.transaction().execute((trx) => insertLead(trx, quoteLead({ email }), [], NOW))))
    expect(new Set(ids).size).toBe(5)
    expect(
      await db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email_normalized', '=', 'anna.blu@example.com')
        .executeTakeFirst(),
    ).toEqual({
      n: 5,
    })
    expect(await db.selectFrom('requesters').select(['email_normalized', 'lead_count']).execute()).toEqual([
      { email_normalized: 'anna.blu@example.com', lead_count: 5 },
    ])
    expect(await db.selectFrom('list_totals').select(['leads', 'requesters']).execute()).toEqual([{ leads: 5, requesters: 1 }])
  })
})

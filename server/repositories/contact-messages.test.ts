import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { MessageFilters } from '#shared/schemas/contact-messages.ts'
import { contactMessage, fiveMessagesOfDecember } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import {
  countUnreadMessages,
  deleteContactMessage,
  findContactMessage,
  insertContactMessage,
  listContactMessages,
  listMessagesOf,
  markMessageRead,
  setMessageAnswered,
} from './contact-messages.ts'
import { COUNTED_UP_TO } from './search.ts'
import { enqueueEmail } from './outbox.ts'

const database = serveTestDatabase()

/** Five messages of /contattaci a day apart in December, oldest first, as the HTTP file stores them. */
async function fiveMessages() {
  const ids: number[] = []
  for (const { message, createdAt } of fiveMessagesOfDecember()) ids.push(await insertContactMessage(database(), message, createdAt))
  return ids
}

/** The ids a filtered first page shows, its total checked to count exactly those rows. */
async function only(filters: MessageFilters) {
  const list = await listContactMessages(database(), { from: '2026-12-01', to: '2026-12-05', ...filters }, 1)
  expect(list.total).toBe(list.rows.length)
  expect(list.totalCapped).toBe(false)
  return list.rows.map((row) => row.id)
}

describe('a message of /contattaci', () => {
  it('is stored as the form sent it, its address normalised, new and unanswered, and read back whole', async () => {
    const id = await insertContactMessage(
      database(),
      contactMessage({
        email: ' Giulia.Bianchi@Example.com ',
        phone: '+39 02 555 0101',
        utm: { source: 'google', medium: 'cpc', campaign: '' },
        landingPage: '/contattaci',
        trafficSource: 'google / cpc',
        device: 'mobile',
        marketingConsentAt: '2026-12-01T09:59:00.000Z',
        marketingConsentText: 'Voglio ricevere offerte e novità',
      }),
      '2026-12-01T10:00:00.000Z',
    )
    expect(await findContactMessage(database(), id)).toEqual({
      id,
      created_at: '2026-12-01T10:00:00.000Z',
      updated_at: '2026-12-01T10:00:00.000Z',
      full_name: 'Giulia Bianchi',
      email: ' Giulia.Bianchi@Example.com ',
      email_normalized: 'giulia.bianchi@example.com',
      phone: '+39 02 555 0101',
      subject: 'Collaborazione',
      message: 'Vorrei sapere se coprite anche la zona di Rho.',
      ip_address: '93.41.12.8',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
      from_page: '/contattaci',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      landing_page: '/contattaci',
      traffic_source: 'google / cpc',
      device: 'mobile',
      notes: null,
      read_at: null,
      answered_at: null,
      marketing_consent_at: '2026-12-01T09:59:00.000Z',
      marketing_consent_text: 'Voglio ricevere offerte e novità',
    })
    expect(await findContactMessage(database(), id + 1)).toBeUndefined()
    // The list's excerpt counts characters, not bytes: 140 of them, accented or not.
    const accented = 'Perché non è già così? '.repeat(10)
    await insertContactMessage(database(), contactMessage({ message: accented }), '2026-12-02T10:00:00.000Z')
    expect((await listContactMessages(database(), {}, 1)).rows.map((row) => row.excerpt)).toEqual([
      accented.slice(0, 140),
      'Vorrei sapere se coprite anche la zona di Rho.',
    ])
  })
})

describe('the messages list', () => {
  it('shows the newest first, ten a page, with the start of the text and how many are still to read', async () => {
    const ids = await fiveMessages()
    // Seven older ones in November, the oldest first.
    const november: number[] = []
    for (let day = 20; day < 27; day++)
      november.push(await insertContactMessage(database(), contactMessage({ email: `novembre${day}@example.com` }), `2026-11-${day}T10:00:00.000Z`))
    const first = await listContactMessages(database(), {}, 1)
    expect(first).toMatchObject({ total: 12, totalCapped: false, page: 1, pageSize: 10, pageCount: 2, unread: 12 })
    expect(first.rows.map((row) => row.id)).toEqual([...[...ids].reverse(), ...november.slice(2).reverse()])
    expect((await listContactMessages(database(), {}, 2)).rows.map((row) => row.id)).toEqual([november[1], november[0]])
    expect(first.rows.find((row) => row.id === ids[4])).toEqual({
      id: ids[4],
      created_at: '2026-12-05T10:00:00.000Z',
      full_name: 'Luca Riva 4',
      email: 'scrive4@example.com',
      phone: null,
      subject: 'Fattura del lavoro',
      read_at: null,
      answered_at: null,
      excerpt: 'Testo del messaggio. '.repeat(20).slice(0, 140),
    })
    expect(await listContactMessages(database(), {}, 3)).toMatchObject({ rows: [], total: 12, pageCount: 2 })
  })

  it('orders messages of the same instant by id, newest first, across pages', async () => {
    const ids: number[] = []
    for (let i = 0; i < 12; i++)
      ids.push(await insertContactMessage(database(), contactMessage({ email: `stesso${i}@example.com` }), '2026-12-01T10:00:00.000Z'))
    const pages = [await listContactMessages(database(), {}, 1), await listContactMessages(database(), {}, 2)]
    expect(pages.flatMap((page) => page.rows.map((row) => row.id))).toEqual([...ids].reverse())
  })

  it("is searched by the leads' rules: fragments of name, e-mail, phone and subject, any case, and Italian days", async () => {
    const ids = await fiveMessages()
    expect(await only({ name: 'neri' })).toEqual([ids[3], ids[1]])
    expect(await only({ name: 'NERI 3' })).toEqual([ids[3]])
    expect(await only({ email: 'scrive2' })).toEqual([ids[2]])
    expect(await only({ phone: '555 03' })).toEqual([ids[3]])
    expect(await only({ subject: 'fattura' })).toEqual([ids[4]])
    // Two letters: shorter than a trigram, still a substring of every name.
    expect(await only({ name: 'ri' })).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]])
    expect(await only({ name: 'xy' })).toEqual([])
    expect(await only({ name: 'riva', subject: 'domanda' })).toEqual([ids[2], ids[0]])
    // 2 December 00:00 in Milan is 1 December 23:00 UTC: the message of 1 December at 10:00 UTC is outside.
    expect(await only({ from: '2026-12-02', to: '2026-12-03' })).toEqual([ids[2], ids[1]])
    expect(await only({ name: 'luca', from: '2026-12-03', to: '2026-12-05' })).toEqual([ids[4], ids[2]])
    // Characters of LIKE and of the full-text syntax are plain text.
    expect(await only({ subject: '%' })).toEqual([])
    expect(await only({ subject: 'a_d' })).toEqual([])
    expect(await only({ name: '"neri' })).toEqual([])
  })

  it('finds a name whatever its accents and case, from three letters on', async () => {
    const nicolo = await insertContactMessage(database(), contactMessage({ fullName: 'Nicolò Lodà', subject: 'Perché?' }), '2026-12-02T10:00:00.000Z')
    const other = await insertContactMessage(database(), contactMessage({ fullName: 'Nicola Lodi' }), '2026-12-03T10:00:00.000Z')
    expect(await only({ name: 'nicolo' })).toEqual([nicolo])
    expect(await only({ name: 'NICOLÒ' })).toEqual([nicolo])
    expect(await only({ name: 'lodà' })).toEqual([nicolo])
    expect(await only({ name: 'LOD' })).toEqual([other, nicolo])
    expect(await only({ subject: 'perche' })).toEqual([nicolo])
  })

  it('is filtered by state: new until opened, read, then answered (and back), the unread counted apart', async () => {
    const ids = await fiveMessages()
    expect(await markMessageRead(database(), ids[0]!, '2026-12-06T09:00:00.000Z')).toBe(true)
    // Opened again: the first reading stays.
    expect(await markMessageRead(database(), ids[0]!, '2026-12-07T09:00:00.000Z')).toBe(true)
    expect(await findContactMessage(database(), ids[0]!)).toMatchObject({ read_at: '2026-12-06T09:00:00.000Z', answered_at: null })
    expect(await only({ state: 'letto' })).toEqual([ids[0]])
    expect(await only({ state: 'nuovo' })).toEqual([ids[4], ids[3], ids[2], ids[1]])

    // Answered without being opened first: it is read too, at the same moment.
    expect(await setMessageAnswered(database(), ids[1]!, true, '2026-12-06T10:00:00.000Z')).toBe(true)
    expect(await findContactMessage(database(), ids[1]!)).toMatchObject({
      read_at: '2026-12-06T10:00:00.000Z',
      answered_at: '2026-12-06T10:00:00.000Z',
      updated_at: '2026-12-06T10:00:00.000Z',
    })
    // Marked answered again later: the first answer stays.
    await setMessageAnswered(database(), ids[1]!, true, '2026-12-06T11:00:00.000Z')
    expect(await findContactMessage(database(), ids[1]!)).toMatchObject({ answered_at: '2026-12-06T10:00:00.000Z', updated_at: '2026-12-06T11:00:00.000Z' })
    expect(await only({ state: 'risposto' })).toEqual([ids[1]])
    expect(await only({ state: 'letto', name: 'riva' })).toEqual([ids[0]])
    expect(await countUnreadMessages(database())).toBe(3)
    expect((await listContactMessages(database(), {}, 1)).unread).toBe(3)

    await setMessageAnswered(database(), ids[1]!, false, '2026-12-06T12:00:00.000Z')
    expect(await findContactMessage(database(), ids[1]!)).toMatchObject({ read_at: '2026-12-06T10:00:00.000Z', answered_at: null })
    expect(await only({ state: 'risposto' })).toEqual([])
    expect(await only({ state: 'letto' })).toEqual([ids[1], ids[0]])

    // An unknown message: nothing changes.
    const before = await database().selectFrom('contact_messages').selectAll().orderBy('id').execute()
    expect(await markMessageRead(database(), 987_654)).toBe(false)
    expect(await setMessageAnswered(database(), 987_654, true)).toBe(false)
    expect(await database().selectFrom('contact_messages').selectAll().orderBy('id').execute()).toEqual(before)
  })

  it(`counts its matches up to ${COUNTED_UP_TO} and says so beyond, filtered by text or by state`, async () => {
    const db = database()
    await insertContactMessage(db, contactMessage({ email: 'copia@example.com' }), '2026-12-01T10:00:00.000Z')
    await insertContactMessage(db, contactMessage({ fullName: 'Ultima Arrivata', email: 'ultima@example.com' }), '2026-12-02T10:00:00.000Z')
    // 10,000 more copies of the first, from copia1@ to copia10000@, each a second after 1 December 00:00 UTC.
    await sql`INSERT INTO contact_messages (created_at, updated_at, full_name, email, email_normalized, phone, subject, message, ip_address,
        user_agent, from_page, utm_source, utm_medium, utm_campaign, utm_term, utm_content, landing_page, traffic_source, device, notes, read_at,
        answered_at, marketing_consent_at, marketing_consent_text)
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${COUNTED_UP_TO})
      SELECT created_at, updated_at, full_name, 'copia' || i || '@example.com', 'copia' || i || '@example.com', phone, subject, message, ip_address,
        user_agent, from_page, utm_source, utm_medium, utm_campaign, utm_term, utm_content, landing_page, traffic_source, device, notes, read_at,
        answered_at, marketing_consent_at, marketing_consent_text
      FROM contact_messages, n WHERE email = 'copia@example.com'`.execute(db)
    const all = await listContactMessages(db, {}, 1)
    expect(all).toMatchObject({ total: COUNTED_UP_TO + 2, totalCapped: false, unread: COUNTED_UP_TO + 2 })
    expect(all.rows[0]!.full_name).toBe('Ultima Arrivata')
    for (const filters of [{ email: 'copia' }, { state: 'nuovo' as const }, { email: 'copia', state: 'nuovo' as const }]) {
      const list = await listContactMessages(db, filters, 1)
      expect(list, JSON.stringify(filters)).toMatchObject({ total: COUNTED_UP_TO, totalCapped: true, pageCount: COUNTED_UP_TO / 10 })
      expect(list.rows).toHaveLength(10)
    }
    expect(await listContactMessages(db, { email: 'ultima' }, 1)).toMatchObject({ total: 1, totalCapped: false })
  })
})

describe('deleting a message', () => {
  it('removes it with its e-mails, leaves the others, and answers false the second time', async () => {
    const [kept, gone] = [
      await insertContactMessage(database(), contactMessage(), '2026-12-01T10:00:00.000Z'),
      await insertContactMessage(database(), contactMessage(), '2026-12-02T10:00:00.000Z'),
    ]
    for (const id of [kept, gone]) {
      await enqueueEmail(database(), {
        to: 'richieste@artigianimilano.it',
        subject: `Nuovo messaggio n. ${id}`,
        category: 'contact-notification',
        html: '<p>Messaggio</p>',
        text: 'Messaggio',
        contactMessageId: id,
      })
    }
    expect(await deleteContactMessage(database(), gone!)).toBe(true)
    expect(await deleteContactMessage(database(), gone!)).toBe(false)
    expect(await database().selectFrom('contact_messages').select('id').execute()).toEqual([{ id: kept }])
    expect(await database().selectFrom('email_outbox').select('contact_message_id').execute()).toEqual([{ contact_message_id: kept }])
  })
})

describe("a person's messages", () => {
  it('are every message of their address however it is spelled, oldest first', async () => {
    const newer = await insertContactMessage(database(), contactMessage({ email: 'GIULIA.bianchi@example.com' }), '2026-12-03T10:00:00.000Z')
    const older = await insertContactMessage(database(), contactMessage(), '2026-12-01T10:00:00.000Z')
    await insertContactMessage(database(), contactMessage({ email: 'altra.persona@example.com' }), '2026-12-02T10:00:00.000Z')
    expect((await listMessagesOf(database(), ' Giulia.Bianchi@example.com')).map((row) => row.id)).toEqual([older, newer])
  })
})

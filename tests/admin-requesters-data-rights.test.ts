import { beforeAll, describe, expect, it } from 'vitest'
import { saveRating } from '#server/repositories/ratings.ts'
import { errorOf, serveSignedIn, trpcClient } from './helpers/admin.ts'
import { startApp } from './helpers/app.ts'
import { addArtisan, addLead, addMessage, artisan, contactMessage, quoteLead } from './helpers/admin-leads.ts'
import { openTestDatabase } from './helpers/app-database.ts'
import { changeRows, readRows } from './helpers/database.ts'
import { samples } from './helpers/requests.ts'

const ADMIN = { email: 'privacy@artigianimilano.it', password: 'password sicura 2026' }

const office = serveSignedIn(ADMIN, {}, startApp)

const publicVersion = () =>
  readRows<{ value: string }>(office.server.databasePath, "select value from app_settings where key = 'public_profiles_version'")[0]?.value ?? '0'
const reviewIdOf = (leadId: number) => readRows<{ id: number }>(office.server.databasePath, 'select id from reviews where lead_id = ?', leadId)[0]!.id

/** The craftsman accepts the lead (as the answer page records it) and the requester rates them through saveRating, as /valutazione does. */
async function rateAsTheRequester(leadId: number, artisanId: number, stars: number, comment: string | null) {
  const at = '2026-10-02T09:00:00.000Z'
  changeRows(
    office.server.databasePath,
    "update lead_assignments set response = 'accepted', responded_at = ? where lead_id = ? and artisan_id = ?",
    at,
    leadId,
    artisanId,
  )
  changeRows(office.server.databasePath, 'update leads set first_accepted_at = ? where id = ?', at, leadId)
  const db = openTestDatabase(office.server.databasePath)
  try {
    expect(await saveRating(db, { leadId, artisanId, stars, outcome: 'fatto', comment })).toBe('created')
  } finally {
    await db.destroy()
  }
}

beforeAll(async () => {
  // The same person twice, with the address typed differently, and a message of theirs to the office; someone else
  // who only wrote a message.
  await addLead(
    office.server.databasePath,
    quoteLead({
      fullName: 'Sara Galli',
      email: 'Sara.Galli@Example.com',
      phone: '+39 340 111 2222',
      locationLabel: 'Via Verdi 1, Rho MI, Italia',
    }),
    [],
    '2026-09-01T09:00:00.000Z',
  )
  await addLead(
    office.server.databasePath,
    quoteLead({
      fullName: 'Sara Galli',
      email: ' sara.galli@example.com ',
      phone: '+39 340 999 8888',
      locationLabel: 'Via Manzoni 5, Legnano MI, Italia',
    }),
    [{ fileName: 'bagno.png', contentType: 'image/png', content: samples.png }],
    '2026-10-01T09:00:00.000Z',
  )
  const message = await addMessage(
    office.server.databasePath,
    contactMessage({ fullName: 'Sara Galli Conti', email: 'SARA.GALLI@example.com', subject: 'Tempi', message: 'Quanto ci vuole?' }),
    '2026-11-01T09:00:00.000Z',
  )
  changeRows(
    office.server.databasePath,
    `insert into email_outbox (created_at, updated_at, category, to_address, reply_to, subject, html, text, next_attempt_at, contact_message_id, status)
      values (?, ?, 'contact-notification', '', 'SARA.GALLI@example.com', 'Nuovo messaggio', '', 'Tempi di attesa', ?, ?, 'sent')`,
    '2026-11-01T09:00:00.000Z',
    '2026-11-01T09:00:00.000Z',
    '2026-11-01T09:00:00.000Z',
    message,
  )
  await addMessage(office.server.databasePath, contactMessage({ fullName: 'Carla Neri', email: 'carla.neri@example.com' }), '2026-11-02T09:00:00.000Z')
  await addLead(
    office.server.databasePath,
    quoteLead({
      fullName: 'Piero Sala',
      email: 'piero.sala@example.com',
      phone: '+39 347 000 1111',
      locationLabel: 'Piazza Duomo 1, Milano MI, Italia',
    }),
    [],
    '2026-10-15T09:00:00.000Z',
  )
})

describe('unique requesters', () => {
  it('shows one row per e-mail (case and spaces ignored) with the latest name, phone and location and the number of requests', async () => {
    const list = await office.trpc.admin.requesters.list.query({ page: 1 })
    expect(list.total).toBe(2)
    expect(list.rows).toEqual([
      expect.objectContaining({ email_normalized: 'piero.sala@example.com', lead_count: 1 }),
      {
        email_normalized: 'sara.galli@example.com',
        email: ' sara.galli@example.com ',
        last_full_name: 'Sara Galli',
        last_phone: '+39 340 999 8888',
        last_location_label: 'Via Manzoni 5, Legnano MI, Italia',
        last_created_at: '2026-10-01T09:00:00.000Z',
        lead_count: 2,
      },
    ])
  })

  it('are the people who asked for a quote: a message to the office makes nobody a requester nor a newsletter recipient', async () => {
    const emails = (await office.trpc.admin.requesters.list.query({ page: 1 })).rows.map((r) => r.email_normalized)
    expect(emails).not.toContain('carla.neri@example.com')
    expect((await office.trpc.admin.newsletter.counts.query()).users).toBe(2)
    expect(await office.trpc.admin.newsletter.segmentCount.query({ targetGroup: 'users', segment: {} })).toBe(2)
    expect((await office.trpc.admin.dashboard.stats.query()).newsletterRecipients).toBe(2)
  })

  it('filters on name, e-mail, phone and last location', async () => {
    const emails = async (filters: Record<string, string>) =>
      (await office.trpc.admin.requesters.list.query({ page: 1, ...filters })).rows.map((r) => r.email_normalized)
    expect(await emails({ name: 'galli' })).toEqual(['sara.galli@example.com'])
    expect(await emails({ name: 'conti' })).toEqual([])
    expect(await emails({ email: 'PIERO' })).toEqual(['piero.sala@example.com'])
    expect(await emails({ phone: '999 88' })).toEqual(['sara.galli@example.com'])
    expect(await emails({ phone: '111 2222' })).toEqual([])
    expect(await emails({ location: 'duomo' })).toEqual(['piero.sala@example.com'])
    expect(await emails({ location: 'mi' })).toEqual(['piero.sala@example.com', 'sara.galli@example.com'])
  })

  it('lists the requests of one person, newest first', async () => {
    const detail = await office.trpc.admin.requesters.byEmail.query({ email: 'Sara.Galli@example.com' })
    expect(detail.leads.map((l) => l.created_at)).toEqual(['2026-10-01T09:00:00.000Z', '2026-09-01T09:00:00.000Z'])
    expect(detail.leads.map((l) => l.attachment_count)).toEqual([1, 0])
    expect(await errorOf(office.trpc.admin.requesters.byEmail.query({ email: 'nessuno@example.com' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Utente non trovato.',
    })
  })

  it('is closed to anyone not signed in', async () => {
    const anonymous = trpcClient(office.server.url)
    expect(await errorOf(anonymous.admin.requesters.list.query({ page: 1 }))).toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
    expect(await errorOf(anonymous.admin.requesters.exportData.mutate({ email: 'sara.galli@example.com' }))).toMatchObject({
      code: 'UNAUTHORIZED',
    })
    expect(await errorOf(anonymous.admin.requesters.erase.mutate({ email: 'sara.galli@example.com' }))).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(readRows(office.server.databasePath, "select count(*) as n from leads where email_normalized = 'sara.galli@example.com'")).toEqual([{ n: 2 }])
  })
})

describe('data rights', () => {
  it('exports everything stored about an e-mail, attachments and the craftsmen it was shared with included', async () => {
    const [second] = readRows<{ id: number }>(office.server.databasePath, "select id from leads where created_at = '2026-10-01T09:00:00.000Z'")
    const artisanId = await addArtisan(office.server.databasePath, artisan({ email: 'elettricista@artigiani.example' }))
    await office.trpc.admin.leads.assign.mutate({ id: second!.id, artisanIds: [artisanId] })

    // The craftsman took the job and Sara rated it through her link: the rating and its review, as the rating page stores them.
    await rateAsTheRequester(second!.id, artisanId, 4, 'Ottimo lavoro, puntuale.')
    await office.trpc.admin.reviews.moderate.mutate({ id: reviewIdOf(second!.id), action: 'publish' })

    const data = await office.trpc.admin.requesters.exportData.mutate({ email: 'sara.galli@EXAMPLE.com' })
    expect(data.email).toBe('sara.galli@example.com')
    expect(data.leads.map((l) => l.full_name)).toEqual(['Sara Galli', 'Sara Galli'])
    expect(data.messages).toEqual([
      expect.objectContaining({ full_name: 'Sara Galli Conti', email: 'SARA.GALLI@example.com', subject: 'Tempi', message: 'Quanto ci vuole?' }),
    ])
    expect(data.leads[0]).toMatchObject({ phone: '+39 340 111 2222', ip_address: '93.41.12.7', utm_source: 'google', status: 'nuovo' })
    expect(data.leads[1]!.attachments).toEqual([
      expect.objectContaining({ file_name: 'bagno.png', content_type: 'image/png', content_base64: samples.png.toString('base64') }),
    ])
    expect(data.leads[1]!.shared_with).toEqual([expect.objectContaining({ email: 'elettricista@artigiani.example' })])
    expect(data.emails).toEqual([
      expect.objectContaining({ category: 'contact-notification', text: 'Tempi di attesa', contact_message_id: data.messages[0]!.id }),
      expect.objectContaining({ category: 'lead-offer', to_address: 'elettricista@artigiani.example' }),
    ])
    expect(data.suppression).toBeNull()
    expect(data.leads[0]!.reviews).toEqual([])
    expect(data.leads[1]!.reviews).toEqual([
      expect.objectContaining({ stars: 4, comment: 'Ottimo lavoro, puntuale.', author_label: 'Sara G.', comune: 'Sesto San Giovanni', status: 'published' }),
    ])
    expect(readRows(office.server.databasePath, "select action, actor_email from audit_log where entity_type = 'requester'")).toEqual([
      { action: 'export', actor_email: ADMIN.email },
    ])
  })

  it('erases every lead, message, attachment and e-mail of the address and never mails it again', async () => {
    const version = publicVersion()
    const result = await office.trpc.admin.requesters.erase.mutate({ email: ' SARA.galli@example.com' })
    expect(result).toEqual({ erased: 2, erasedMessages: 1, anonymisedReviews: 1 })
    // The review stays on the profile with its stars and words, by nobody the site can name or trace to a request.
    expect(readRows(office.server.databasePath, 'select lead_id, author_label, stars, comment, comune, status from reviews')).toEqual([
      { lead_id: null, author_label: 'Cliente verificato', stars: 4, comment: 'Ottimo lavoro, puntuale.', comune: 'Sesto San Giovanni', status: 'published' },
    ])
    expect(Number(publicVersion())).toBe(Number(version) + 1)
    expect(readRows(office.server.databasePath, 'select email_normalized from contact_messages')).toEqual([{ email_normalized: 'carla.neri@example.com' }])
    expect(readRows(office.server.databasePath, "select category from email_outbox where category = 'contact-notification'")).toEqual([])
    const n = (sql: string) => readRows<{ n: number }>(office.server.databasePath, sql)[0]!.n
    expect(n("select count(*) as n from leads where email_normalized = 'sara.galli@example.com'")).toBe(0)
    expect(n("select count(*) as n from lead_attachments where file_name = 'bagno.png'")).toBe(0)
    expect(n('select count(*) as n from lead_assignments')).toBe(0)
    expect(n("select count(*) as n from email_outbox where category = 'lead-offer'")).toBe(0)
    expect(n("select count(*) as n from requesters where email_normalized = 'sara.galli@example.com'")).toBe(0)
    expect(readRows(office.server.databasePath, "select reason from email_suppressions where email_normalized = 'sara.galli@example.com'")).toEqual([
      { reason: 'erased' },
    ])
    expect(readRows(office.server.databasePath, "select action, details from audit_log where entity_type = 'requester' order by id")).toEqual([
      { action: 'export', details: JSON.stringify({ leads: 2, messages: 1, reviews: 1 }) },
      { action: 'erase', details: JSON.stringify({ leads: 2, messages: 1, reviews: 1 }) },
    ])
    const list = await office.trpc.admin.requesters.list.query({ page: 1 })
    expect(list.rows.map((r) => r.email_normalized)).toEqual(['piero.sala@example.com'])
    expect(n("select count(*) as n from leads where email_normalized = 'piero.sala@example.com'")).toBe(1)
  })

  it('keeps a review whose request is deleted some other way, with no link to it: the foreign key sets it null on this engine', async () => {
    const [piero] = readRows<{ id: number }>(office.server.databasePath, "select id from leads where email_normalized = 'piero.sala@example.com'")
    const artisanId = await addArtisan(office.server.databasePath, artisan({ email: 'idraulico@artigiani.example' }))
    await office.trpc.admin.leads.assign.mutate({ id: piero!.id, artisanIds: [artisanId] })
    await rateAsTheRequester(piero!.id, artisanId, 5, null)
    // Deleted as the app deletes (its connection, its pragmas), as the back office's "Elimina" or the retention job would.
    const db = openTestDatabase(office.server.databasePath)
    try {
      await db.deleteFrom('leads').where('id', '=', piero!.id).execute()
    } finally {
      await db.destroy()
    }
    expect(readRows(office.server.databasePath, 'select lead_id, author_label, stars from reviews where artisan_id = ?', artisanId)).toEqual([
      { lead_id: null, author_label: 'Piero S.', stars: 5 },
    ])
  })
})

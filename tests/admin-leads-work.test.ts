import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, errorOf, startSignedIn, trpcClient } from './helpers/admin.ts'
import { type InProcessSite, startApp } from './helpers/app.ts'
import { addArtisan, addLead, addMessage, artisan, fiveMessagesOfDecember, quoteLead, twelveLeadsOfOctober } from './helpers/admin-leads.ts'
import { changeRows, readRows } from './helpers/database.ts'
import { samples } from './helpers/requests.ts'
import { mailEnv, type RunningSes, startSes } from './helpers/ses.ts'

const ADMIN = { email: 'ufficio@artigianimilano.it', password: 'password sicura 2026' }

let server: InProcessSite
let ses: RunningSes
let trpc: AdminClient
let cookie: string

beforeAll(async () => {
  ses = await startSes()
  ;({ server, trpc, cookie } = await startSignedIn(ADMIN, mailEnv(ses), startApp))
})
afterAll(async () => {
  await server?.stop()
  await ses?.stop()
})

const count = (sql: string, ...params: unknown[]) => readRows<{ n: number }>(server.databasePath, sql, ...params)[0]!.n
const auditActions = (leadId: number) =>
  readRows<{ action: string; actor_email: string; details: string | null }>(
    server.databasePath,
    "select action, actor_email, details from audit_log where entity_type = 'lead' and entity_id = ? order by id",
    String(leadId),
  )

describe('the leads list', () => {
  let ids: number[]
  beforeAll(async () => {
    ids = []
    // 12 leads a day apart, oldest first; the last one for no service of the catalogue and no place.
    for (const { lead, createdAt } of twelveLeadsOfOctober()) ids.push(await addLead(server.databasePath, lead, [], createdAt))
  })

  it('shows 10 rows a page, newest first, with the number of pages', async () => {
    const first = await trpc.admin.leads.list.query({ page: 1, from: '2026-10-01', to: '2026-10-12' })
    expect(first.total).toBe(12)
    expect(first.pageCount).toBe(2)
    expect(first.rows.map((r) => r.id)).toEqual([...ids].reverse().slice(0, 10))
    const second = await trpc.admin.leads.list.query({ page: 2, from: '2026-10-01', to: '2026-10-12' })
    expect(second.rows.map((r) => r.id)).toEqual([ids[1], ids[0]])
  })

  it('filters by name, e-mail and phone fragments, service, location, status and Italian dates', async () => {
    const only = async (filters: Record<string, string>) => {
      const list = await trpc.admin.leads.list.query({ page: 1, from: '2026-10-01', to: '2026-10-12', ...filters })
      // Every answer fits on one page: the total counts exactly the rows shown.
      expect(list.total).toBe(list.rows.length)
      return list.rows.map((r) => r.id)
    }
    expect(await only({ name: 'ferr' })).toEqual([ids[9], ids[7], ids[5], ids[3], ids[1]])
    expect(await only({ name: 'FERRARI 7' })).toEqual([ids[7]])
    expect(await only({ email: 'cliente1' })).toEqual([ids[10], ids[1]])
    expect(await only({ phone: '0004' })).toEqual([ids[4]])
    expect(await only({ service: 'idraulico' })).toEqual([ids[9], ids[6], ids[3], ids[0]])
    expect(await only({ location: 'buenos' })).toEqual([ids[8], ids[4], ids[0]])
    expect(await only({ location: 'rho', service: 'elettricista' })).toEqual([ids[10], ids[7], ids[5], ids[2], ids[1]])
    expect(await only({ service: 'altro' })).toEqual([ids[11]])
    expect(await only({ name: 'xy' })).toEqual([])
    // 2 October 00:00 in Milan is 1 October 22:00 UTC: the lead of 1 October at 10:00 UTC is outside.
    expect(await only({ from: '2026-10-02', to: '2026-10-03' })).toEqual([ids[2], ids[1]])
    // A fragment with a date range, a service and a status: the fragment's matches checked against the other filters.
    expect(await only({ name: 'ferr', from: '2026-10-04', to: '2026-10-08' })).toEqual([ids[7], ids[5], ids[3]])
    expect(await only({ name: 'ferr', from: '2026-10-04', to: '2026-10-08', service: 'idraulico' })).toEqual([ids[3]])
    await trpc.admin.leads.update.mutate({ id: ids[5]!, status: 'acquisito' })
    expect(await only({ status: 'acquisito' })).toEqual([ids[5]])
    expect(await only({ name: 'ferr', status: 'acquisito', kind: 'quote' })).toEqual([ids[5]])
  })

  it('searches the text as it is now: a name or date changed in the row, a requester’s newer request, a lead deleted', async () => {
    const found = async (filters: Record<string, string>) => {
      const list = await trpc.admin.leads.list.query({ page: 1, ...filters })
      expect(list.total).toBe(list.rows.length)
      return list.rows.map((r) => r.id)
    }
    const requesters = async (filters: Record<string, string>) =>
      (await trpc.admin.requesters.list.query({ page: 1, ...filters })).rows.map((r) => r.email_normalized)
    const id = await addLead(server.databasePath, quoteLead({ fullName: 'Ottavio Bellini', email: 'ottavio.b@example.com' }), [], '2026-10-20T10:00:00.000Z')
    expect(await found({ name: 'bellini' })).toEqual([id])
    expect(await requesters({ name: 'bellini' })).toEqual(['ottavio.b@example.com'])
    // Changed in the row itself (as the retention's anonymisation writes it): the old text no longer matches, accents aside.
    changeRows(server.databasePath, "update leads set full_name = 'Ottavio Bellìni Zanetti', created_at = '2026-10-25T10:00:00.000Z' where id = ?", id)
    expect(await found({ name: 'zanett' })).toEqual([id])
    expect(await found({ name: 'bellini z', from: '2026-10-25', to: '2026-10-25' })).toEqual([id])
    expect(await found({ name: 'bellini z', from: '2026-10-20', to: '2026-10-20' })).toEqual([])
    // A newer request of the same person names them anew in the requesters' list.
    const newer = await addLead(server.databasePath, quoteLead({ fullName: 'Tavo Bellini', email: 'Ottavio.B@example.com' }), [], '2026-10-26T10:00:00.000Z')
    expect(await requesters({ name: 'tavo b' })).toEqual(['ottavio.b@example.com'])
    expect(await requesters({ name: 'zanetti' })).toEqual([])
    await trpc.admin.leads.remove.mutate({ id: newer })
    await trpc.admin.leads.remove.mutate({ id })
    expect(await found({ name: 'bellini' })).toEqual([])
    expect(await requesters({ email: 'ottavio.b' })).toEqual([])
  })
})

describe('working a lead', () => {
  it('changes status and notes, each change in the audit log', async () => {
    const id = await addLead(server.databasePath, quoteLead())
    const updated = await trpc.admin.leads.update.mutate({ id, status: 'contattato', notes: 'Richiamare dopo le 18.' })
    expect(updated).toMatchObject({ status: 'contattato', notes: 'Richiamare dopo le 18.' })
    await trpc.admin.leads.update.mutate({ id, status: 'sopralluogo fissato' })
    const detail = await trpc.admin.leads.byId.query({ id })
    expect(detail).toMatchObject({ status: 'sopralluogo fissato', notes: 'Richiamare dopo le 18.' })
    const audit = auditActions(id)
    expect(audit.map((a) => [a.action, a.actor_email])).toEqual([
      ['update', ADMIN.email],
      ['update', ADMIN.email],
    ])
    expect(JSON.parse(audit[0]!.details!)).toEqual({
      status: { from: 'nuovo', to: 'contattato' },
      notes: { from: null, to: 'Richiamare dopo le 18.' },
    })
    expect(JSON.parse(audit[1]!.details!)).toEqual({ status: { from: 'contattato', to: 'sopralluogo fissato' } })
  })

  it('refuses a status outside the list and stores nothing', async () => {
    const id = await addLead(server.databasePath, quoteLead())
    const error = await errorOf(trpc.admin.leads.update.mutate({ id, status: 'archiviato' as never }))
    expect(error.code).toBe('BAD_REQUEST')
    expect(error.message).toContain('Stato non valido.')
    expect(readRows(server.databasePath, 'select status from leads where id = ?', id)).toEqual([{ status: 'nuovo' }])
    expect(auditActions(id)).toEqual([])
  })

  it('answers an unknown lead id with "Preventivo non trovato."', async () => {
    for (const call of [
      () => trpc.admin.leads.byId.query({ id: 999_999 }),
      () => trpc.admin.leads.update.mutate({ id: 999_999, status: 'perso' }),
      () => trpc.admin.leads.matches.query({ id: 999_999 }),
      () => trpc.admin.leads.assign.mutate({ id: 999_999, artisanIds: [1] }),
      () => trpc.admin.leads.remove.mutate({ id: 999_999 }),
    ]) {
      expect(await errorOf(call())).toMatchObject({ code: 'NOT_FOUND', message: 'Preventivo non trovato.', status: 404 })
    }
    expect(count("select count(*) as n from audit_log where entity_type = 'lead' and entity_id = '999999'")).toBe(0)
  })

  it('is closed to anyone not signed in', async () => {
    const anonymous = trpcClient(server.url)
    expect(await errorOf(anonymous.admin.leads.list.query({ page: 1 }))).toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
    expect(await errorOf(anonymous.admin.leads.byId.query({ id: 1 }))).toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

describe('matching and assigning craftsmen', () => {
  let leadId: number
  const artisans: Record<string, number> = {}
  beforeAll(async () => {
    const add = async (key: string, overrides: Parameters<typeof artisan>[0]) => {
      artisans[key] = await addArtisan(server.databasePath, artisan({ email: `${key}@artigiani.example`, ...overrides }))
    }
    await add('verified', { companyName: 'Verificato Srl', status: 'active', isVerified: true })
    await add('active', { companyName: 'Attivo Snc', status: 'active', isVerified: false })
    await add('review', { companyName: 'In Revisione Sas', status: 'pending_review', isVerified: false })
    await add('wrongzone', { companyName: 'Lontano Srl', operativeZones: ['Legnano'] })
    await add('wrongsector', { companyName: 'Idraulica Srl', specializationSectors: ['Idraulico'] })
    await add('inactive', { companyName: 'Chiuso Srl', status: 'inactive' })
    await add('accent', { companyName: 'Accenti Srl', operativeZones: ['  SESTO san giovanni '] })
    await add('paused', { companyName: 'In Ferie Srl' })
    await changeRows(server.databasePath, "update artisans set paused_until = '2999-12-31', pause_reason = 'Ferie' where id = ?", artisans.paused)
    leadId = await addLead(server.databasePath, quoteLead({ fullName: 'Carla Neri', email: 'carla.neri@example.com' }), [
      { fileName: 'foto quadro.png', contentType: 'image/png', content: samples.png },
    ])
  })

  it('lists only active, verified, unpaused craftsmen covering the lead’s sector and town, never an applicant in review', async () => {
    const matches = await trpc.admin.leads.matches.query({ id: leadId })
    expect(matches.sector).toBe('Elettricista')
    expect(matches.comune).toBe('Sesto San Giovanni')
    // Equal on every other count, the nearer first: Accenti's base is Sesto, Verificato's Milano (its first zone).
    expect(matches.candidates.map((c) => [c.id, c.distance_km, c.fits])).toEqual([
      [artisans.accent, 0, 'Elettricista · sede a Sesto San Giovanni'],
      [artisans.verified, 8, 'Elettricista · 8 km da Milano'],
    ])
  })

  it('finds the town in the address when the lead has no comune', async () => {
    const id = await addLead(
      server.databasePath,
      quoteLead({ comuneSlug: null, placeId: 'ChIJ-address', locationLabel: 'Via Garibaldi 4, 20099 Sesto San Giovanni MI, Italia' }),
    )
    expect((await trpc.admin.leads.matches.query({ id })).comune).toBe('Sesto San Giovanni')
  })

  it('refuses a craftsman that does not exist, one not active or on a pause, and more than 3, storing and sending nothing', async () => {
    const missing = await errorOf(trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [artisans.verified!, 987_654] }))
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: 'Artigiano non trovato.' })
    const four = await errorOf(
      trpc.admin.leads.assign.mutate({
        id: leadId,
        artisanIds: [artisans.verified!, artisans.active!, artisans.review!, artisans.accent!],
      }),
    )
    expect(four.code).toBe('BAD_REQUEST')
    expect(four.message).toContain('Puoi assegnare al massimo 3 artigiani a un preventivo.')
    // By hand too, never an applicant in review, a craftsman who stopped working with us, or one on a pause.
    for (const [key, message] of [
      ['review', 'In Revisione Sas non è un artigiano attivo: si propongono lavori solo agli artigiani attivi.'],
      ['inactive', 'Chiuso Srl non è un artigiano attivo: si propongono lavori solo agli artigiani attivi.'],
      ['paused', 'In Ferie Srl è in pausa fino al 31/12/2999: riprendi la sua disponibilità per proporgli il lavoro.'],
    ] as const) {
      const refused = await errorOf(trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [artisans.verified!, artisans[key]!] }))
      expect(refused).toMatchObject({ code: 'BAD_REQUEST', message })
    }
    expect(count('select count(*) as n from lead_assignments where lead_id = ?', leadId)).toBe(0)
    expect(count("select count(*) as n from email_outbox where category = 'lead-offer'")).toBe(0)
  })

  it('e-mails each assigned craftsman through the outbox and shows who got the lead and when', async () => {
    const detail = await trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [artisans.verified!, artisans.active!] })
    expect(detail.assignments.map((a) => a.email)).toEqual(['verified@artigiani.example', 'active@artigiani.example'])
    expect(detail.assignments.every((a) => !Number.isNaN(Date.parse(a.assigned_at)))).toBe(true)
    await expect
      .poll(
        async () =>
          (await ses.emails())
            .filter((e) => e.subject.includes(`(n. ${leadId})`))
            .map((e) => e.destination.to[0])
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(['active@artigiani.example', 'verified@artigiani.example'])
    const mail = (await ses.emails()).find((e) => e.destination.to[0] === 'verified@artigiani.example')!
    expect(mail.subject).toBe(`Nuovo lavoro: Elettricista a Sesto San Giovanni (n. ${leadId})`)
    // The job, not the person: name, phone, e-mail, street and files reach the craftsman only once they accept.
    expect(mail.body.html).toContain('Tre prese nuove in cucina')
    expect(mail.body.html).toContain('foto quadro.png')
    expect(mail.body.html).toContain('2 artigiani, te compreso')
    for (const personal of ['Carla Neri', '+39 333 123 4567', 'carla.neri@example.com', 'Via Roma 10']) {
      expect(mail.body.html).not.toContain(personal)
      expect(mail.body.text).not.toContain(personal)
    }
    expect(mail.attachments).toEqual([])
    expect(auditActions(leadId).map((a) => a.action)).toEqual(['assign'])

    // Two are assigned: two more would make four.
    const tooMany = await errorOf(trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [artisans.wrongzone!, artisans.accent!] }))
    expect(tooMany.message).toContain('Puoi assegnare al massimo 3 artigiani a un preventivo.')
    expect(count('select count(*) as n from lead_assignments where lead_id = ?', leadId)).toBe(2)
  })

  it('counts in its row the craftsmen it stands offered to and those who answered', async () => {
    const row = async () => {
      const { rows } = await trpc.admin.leads.list.query({ page: 1, name: 'Carla Neri' })
      const { offered_count, answered_count } = rows.find((lead) => lead.id === leadId)!
      return { offered_count, answered_count }
    }
    expect(await row()).toEqual({ offered_count: 2, answered_count: 0 })
    changeRows(
      server.databasePath,
      "update lead_assignments set response = 'declined', responded_at = ? where artisan_id = ?",
      new Date().toISOString(),
      artisans.active,
    )
    await trpc.admin.leads.revoke.mutate({ id: leadId, artisanId: artisans.verified! })
    // One declined, one taken back by the office unanswered.
    expect(await row()).toEqual({ offered_count: 1, answered_count: 1 })
  })
})

describe('deleting a lead', () => {
  it('removes it with its attachments, assignments and e-mails; deleting twice answers not found', async () => {
    const id = await addLead(server.databasePath, quoteLead({ email: 'da.cancellare@example.com' }), [
      { fileName: 'preventivo.pdf', contentType: 'application/pdf', content: samples.pdf },
    ])
    const artisanId = await addArtisan(server.databasePath, artisan({ email: 'cancella@artigiani.example' }))
    await trpc.admin.leads.assign.mutate({ id, artisanIds: [artisanId] })
    expect(count('select count(*) as n from email_outbox where lead_id = ?', id)).toBe(1)

    expect(await trpc.admin.leads.remove.mutate({ id })).toEqual({ id })
    expect(count('select count(*) as n from leads where id = ?', id)).toBe(0)
    expect(count('select count(*) as n from lead_attachments where lead_id = ?', id)).toBe(0)
    expect(count('select count(*) as n from lead_assignments where lead_id = ?', id)).toBe(0)
    expect(count('select count(*) as n from email_outbox where lead_id = ?', id)).toBe(0)
    expect(count("select count(*) as n from requesters where email_normalized = 'da.cancellare@example.com'")).toBe(0)
    expect(auditActions(id).map((a) => a.action)).toEqual(['assign', 'delete'])

    expect(await errorOf(trpc.admin.leads.remove.mutate({ id }))).toMatchObject({ code: 'NOT_FOUND', message: 'Preventivo non trovato.' })
    expect(auditActions(id).map((a) => a.action)).toEqual(['assign', 'delete'])
  })
})

describe('attachment downloads', () => {
  it('answers 401 to anonymous requests and gives a signed-in admin the file with its name and type', async () => {
    const id = await addLead(server.databasePath, quoteLead(), [{ fileName: 'misure finestra è.txt', contentType: 'text/plain', content: samples.txt }])
    const [file] = readRows<{ id: number }>(server.databasePath, 'select id from lead_attachments where lead_id = ?', id)

    const anonymous = await fetch(`${server.url}/admin/attachments/${file!.id}`)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.text()).toBe('Accesso riservato agli amministratori.')
    const forged = await fetch(`${server.url}/admin/attachments/${file!.id}`, { headers: { cookie: 'session=forged' } })
    expect(forged.status).toBe(401)

    const response = await fetch(`${server.url}/admin/attachments/${file!.id}`, { headers: { cookie } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="misure finestra _.txt"; filename*=UTF-8''${encodeURIComponent('misure finestra è.txt')}`,
    )
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(samples.txt)

    expect((await fetch(`${server.url}/admin/attachments/999999`, { headers: { cookie } })).status).toBe(404)
    expect((await fetch(`${server.url}/admin/attachments/abc`, { headers: { cookie } })).status).toBe(404)
  })

  it('opens images and PDFs in the browser, sandboxed, and has every other type downloaded', async () => {
    const id = await addLead(server.databasePath, quoteLead(), [
      { fileName: 'foto bagno.png', contentType: 'image/png', content: samples.png },
      { fileName: 'preventivo è.pdf', contentType: 'application/pdf', content: samples.pdf },
      { fileName: 'capitolato.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: samples.txt },
    ])
    const files = readRows<{ id: number; file_name: string }>(
      server.databasePath,
      'select id, file_name from lead_attachments where lead_id = ? order by id',
      id,
    )
    const [image, pdf, document] = await Promise.all(files.map((file) => fetch(`${server.url}/admin/attachments/${file.id}`, { headers: { cookie } })))

    expect(image!.headers.get('content-type')).toBe('image/png')
    expect(image!.headers.get('content-disposition')).toBe(`inline; filename="foto bagno.png"; filename*=UTF-8''foto%20bagno.png`)
    expect(pdf!.headers.get('content-type')).toBe('application/pdf')
    expect(pdf!.headers.get('content-disposition')).toBe(`inline; filename="preventivo _.pdf"; filename*=UTF-8''${encodeURIComponent('preventivo è.pdf')}`)
    expect(document!.headers.get('content-disposition')).toMatch(/^attachment; filename="capitolato\.docx"/)
    for (const response of [image!, pdf!, document!]) {
      expect(response.status).toBe(200)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      // Whatever the file holds, it runs no script and reaches nothing of the site.
      expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    }
    expect(Buffer.from(await pdf!.arrayBuffer())).toEqual(samples.pdf)
  })
})

describe('the messages of /contattaci', () => {
  let ids: number[]
  beforeAll(async () => {
    ids = []
    // Five messages a day apart in December, oldest first, apart from the leads above.
    for (const { message, createdAt } of fiveMessagesOfDecember()) ids.push(await addMessage(server.databasePath, message, createdAt))
  })

  const only = async (filters: Record<string, string>) => {
    const list = await trpc.admin.messages.list.query({ page: 1, from: '2026-12-01', to: '2026-12-05', ...filters })
    expect(list.total).toBe(list.rows.length)
    return list.rows.map((r) => r.id)
  }

  it('are listed newest first, apart from the leads, with the start of the text and how many are still to read', async () => {
    const list = await trpc.admin.messages.list.query({ page: 1 })
    expect(list.total).toBe(5)
    expect(list.unread).toBe(5)
    expect(list.rows.map((r) => r.id)).toEqual([...ids].reverse())
    expect(list.rows[0]).toMatchObject({ full_name: 'Luca Riva 4', subject: 'Fattura del lavoro', read_at: null, answered_at: null })
    expect(list.rows[0]!.excerpt).toHaveLength(140)
    expect(await trpc.admin.messages.unread.query()).toEqual({ unread: 5 })
    // Not leads: the leads list and its total do not hold them.
    expect((await trpc.admin.leads.list.query({ page: 1, email: 'scrive' })).total).toBe(0)
  })

  it("are searched by the leads' rules: fragments of name, e-mail, phone and subject, and Italian days", async () => {
    expect(await only({ name: 'neri' })).toEqual([ids[3], ids[1]])
    expect(await only({ name: 'NERI 3' })).toEqual([ids[3]])
    expect(await only({ email: 'scrive2' })).toEqual([ids[2]])
    expect(await only({ phone: '555 03' })).toEqual([ids[3]])
    expect(await only({ subject: 'fattura' })).toEqual([ids[4]])
    expect(await only({ name: 'ri' })).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]])
    expect(await only({ from: '2026-12-02', to: '2026-12-03' })).toEqual([ids[2], ids[1]])
    expect(await only({ name: 'xy' })).toEqual([])
  })

  it('are read when opened, then answered (and back), each change of state in the audit log', async () => {
    expect(await trpc.admin.messages.byId.query({ id: ids[0]! })).toMatchObject({ id: ids[0], read_at: null, message: 'Testo del messaggio. '.repeat(20) })
    await trpc.admin.messages.markRead.mutate({ id: ids[0]! })
    const read = await trpc.admin.messages.byId.query({ id: ids[0]! })
    expect(read.read_at).not.toBeNull()
    await trpc.admin.messages.markRead.mutate({ id: ids[0]! })
    expect((await trpc.admin.messages.byId.query({ id: ids[0]! })).read_at).toBe(read.read_at)
    expect(await only({ state: 'letto' })).toEqual([ids[0]])
    expect(await only({ state: 'nuovo' })).toEqual([ids[4], ids[3], ids[2], ids[1]])

    // Answered without being opened first: it is read too.
    expect(await trpc.admin.messages.setAnswered.mutate({ id: ids[1]!, answered: true })).toEqual({ id: ids[1], answered: true })
    expect(await trpc.admin.messages.byId.query({ id: ids[1]! })).toMatchObject({ read_at: expect.any(String), answered_at: expect.any(String) })
    expect(await only({ state: 'risposto' })).toEqual([ids[1]])
    expect((await trpc.admin.messages.list.query({ page: 1 })).unread).toBe(3)
    await trpc.admin.messages.setAnswered.mutate({ id: ids[1]!, answered: false })
    expect(await trpc.admin.messages.byId.query({ id: ids[1]! })).toMatchObject({ read_at: expect.any(String), answered_at: null })
    expect(
      readRows(
        server.databasePath,
        "select action, actor_email, details from audit_log where entity_type = 'contact_message' and entity_id = ? order by id",
        String(ids[1]),
      ),
    ).toEqual([
      { action: 'update', actor_email: ADMIN.email, details: JSON.stringify({ answered: true }) },
      { action: 'update', actor_email: ADMIN.email, details: JSON.stringify({ answered: false }) },
    ])
  })

  it('refuses an unknown message or a bad id with "Messaggio non trovato." and changes nothing', async () => {
    const before = readRows(server.databasePath, 'select * from contact_messages order by id')
    for (const call of [
      () => trpc.admin.messages.byId.query({ id: 987_654 }),
      () => trpc.admin.messages.markRead.mutate({ id: 987_654 }),
      () => trpc.admin.messages.setAnswered.mutate({ id: 987_654, answered: true }),
      () => trpc.admin.messages.remove.mutate({ id: 987_654 }),
    ]) {
      expect(await errorOf(call())).toMatchObject({ code: 'NOT_FOUND', message: 'Messaggio non trovato.', status: 404 })
    }
    for (const id of [0, -1, 1.5, '1' as never, null as never]) {
      expect(await errorOf(trpc.admin.messages.remove.mutate({ id }))).toMatchObject({ code: 'BAD_REQUEST', status: 400 })
    }
    expect(await errorOf(trpc.admin.messages.setAnswered.mutate({ id: ids[2]!, answered: 'si' as never }))).toMatchObject({ code: 'BAD_REQUEST' })
    expect(readRows(server.databasePath, 'select * from contact_messages order by id')).toEqual(before)
  })

  it('are deleted with their e-mails; deleting twice answers not found', async () => {
    changeRows(
      server.databasePath,
      `insert into email_outbox (created_at, updated_at, category, to_address, subject, html, text, next_attempt_at, contact_message_id, status)
        values (?, ?, 'contact-notification', '', 'Nuovo messaggio', '', 'Testo', ?, ?, 'sent')`,
      '2026-12-05T10:00:00.000Z',
      '2026-12-05T10:00:00.000Z',
      '2026-12-05T10:00:00.000Z',
      ids[4],
    )
    expect(await trpc.admin.messages.remove.mutate({ id: ids[4]! })).toEqual({ id: ids[4] })
    expect(count('select count(*) as n from contact_messages where id = ?', ids[4])).toBe(0)
    expect(count('select count(*) as n from email_outbox where contact_message_id = ?', ids[4])).toBe(0)
    expect(await errorOf(trpc.admin.messages.remove.mutate({ id: ids[4]! }))).toMatchObject({ code: 'NOT_FOUND', message: 'Messaggio non trovato.' })
  })

  it('are closed to anyone not signed in', async () => {
    const anonymous = trpcClient(server.url)
    expect(await errorOf(anonymous.admin.messages.list.query({ page: 1 }))).toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
    expect(await errorOf(anonymous.admin.messages.byId.query({ id: ids[0]! }))).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await errorOf(anonymous.admin.messages.remove.mutate({ id: ids[0]! }))).toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

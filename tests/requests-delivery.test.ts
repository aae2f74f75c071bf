import fs from 'node:fs'
import { formatWeekdayTime } from '#shared/italian-time.ts'
import { addOfficeHours, DEFAULT_OFFICE_HOURS, workingDaysOf } from '#shared/office-hours.ts'
import { CALL_PROMISE, MISSED_PROMISE_NOTICE, PROMISE_OFFICE_HOURS, promiseDueLine, REQUEST_PROMISE } from '#shared/promise.ts'
import { sendMissedPromises } from '#server/leads/promise.ts'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatFileSize } from '#shared/text.ts'
import { MARKETING_CONSENT_TEXT } from '#shared/marketing-consent.ts'
import { startApp } from './helpers/app.ts'
import { freePort, startServer, testEngine } from './helpers/server.ts'
import { mailEnv, type RunningSes, startSes } from './helpers/ses.ts'
import {
  countRows,
  dataUrl,
  pngOfSize,
  publicClient,
  readRows,
  samples,
  serveRequests,
  solveCaptcha,
  validApplication,
  validContact,
  validQuote,
  waitForEmails,
} from './helpers/requests.ts'
import { changeRows } from './helpers/database.ts'
import { waitFor } from './helpers/wait.ts'

const NOTIFY = 'richieste@artigianimilano.it'
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0'
const site = serveRequests({ RATE_LIMIT_MAX: '1000' }, { 'user-agent': USER_AGENT }, startApp)

describe('a quote request with three attachments', () => {
  it('is stored with its files and reaches the office (raw MIME with the files) and the requester', async () => {
    await site.ses.clear()
    const files = [
      { name: 'foto-quadro.png', dataUrl: dataUrl('image/png', samples.png) },
      { name: 'planimetria.pdf', dataUrl: dataUrl('application/pdf', samples.pdf) },
      { name: 'misure è.txt', dataUrl: dataUrl('text/plain', samples.txt) },
    ]
    const description = 'Quadro che salta <script>alert("x")</script> & prese bruciate. Foto su https://evil.example/quadro e www.evil.example.'
    const result = await site.client.requests.quote.mutate({ ...validQuote({ attachments: files, description }), ...(await solveCaptcha(site.client)) })
    expect(result.serviceName).toBe('Elettricista')

    const [lead] = readRows<Record<string, unknown>>(site.server.databasePath, 'select * from leads where id = ?', result.leadId)
    expect(lead).toMatchObject({
      kind: 'quote',
      full_name: 'Mario Rossi',
      email: 'mario.rossi@example.com',
      email_normalized: 'mario.rossi@example.com',
      phone: '+39 333 123 4567',
      service_id: 'elettricista',
      service_name: 'Elettricista',
      location_label: 'Sesto San Giovanni',
      place_id: 'comune-sesto-san-giovanni',
      comune_slug: 'sesto-san-giovanni',
      description,
      ip_address: '127.0.0.1',
      user_agent: USER_AGENT,
      from_page: 'https://www.artigianimilano.it/elettricista',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'elettricisti-autunno',
      utm_term: null,
      status: 'nuovo',
      // The answers as checked: the option's id, the number as a number; "Quando?" apart.
      answers: '{"intervento":"punti-luce","superficie":70}',
      timing: 'entro-2-settimane',
      // The street apart from the comune; the marketing consent, not ticked, is stored as none.
      street: 'Via Dante Alighieri 12',
      marketing_consent_at: null,
      marketing_consent_text: null,
    })
    const stored = readRows<{ file_name: string; content_type: string; size: number; content: Buffer }>(
      site.server.databasePath,
      'select file_name, content_type, size, content from lead_attachments where lead_id = ? order by id',
      result.leadId,
    )
    expect(stored.map((f) => [f.file_name, f.content_type, f.size])).toEqual([
      ['foto-quadro.png', 'image/png', samples.png.length],
      ['planimetria.pdf', 'application/pdf', samples.pdf.length],
      ['misure è.txt', 'text/plain; charset=utf-8', samples.txt.length],
    ])
    expect(Buffer.compare(stored[1]!.content, samples.pdf)).toBe(0)

    const emails = await waitForEmails(site.ses.emails, 2)
    const notification = emails.find((e) => e.destination.to.includes(NOTIFY))!
    const confirmation = emails.find((e) => e.destination.to.includes('mario.rossi@example.com'))!
    expect(notification.from).toContain('noreply@artigianimilano.it')
    expect(notification.replyTo).toEqual(['mario.rossi@example.com'])
    expect(notification.subject).toBe(`Richiesta Preventivo n. ${result.leadId}: Elettricista`)
    expect(notification.attachments.map((a) => [a.filename, a.contentType, a.size])).toEqual([
      ['foto-quadro.png', 'image/png', samples.png.length],
      ['planimetria.pdf', 'application/pdf', samples.pdf.length],
      ['misure è.txt', 'text/plain', samples.txt.length],
    ])
    expect(Buffer.from(notification.attachments[1]!.content, 'base64').equals(samples.pdf)).toBe(true)
    const text = notification.body.text!
    for (const expected of [
      'Richiesta Preventivo',
      'Mario Rossi',
      'mario.rossi@example.com',
      '+39 333 123 4567',
      'Elettricista',
      'Indirizzo\nVia Dante Alighieri 12\nComune\nSesto San Giovanni',
      'Offerte e novità\nNo',
      // The page of our own site the form was on is a link; what the visitor typed is defanged, never a link.
      'Pagina di provenienza\nhttps://www.artigianimilano.it/elettricista',
      'Foto su hxxps[:]//evil[.]example/quadro e www[.]evil[.]example.',
      '127.0.0.1',
      USER_AGENT,
      'google',
      'cpc',
      'elettricisti-autunno',
      // The questionnaire in the catalogue's words, never its ids (shared/catalog/questions.ts).
      "Risposte\nTipo di intervento: Nuove prese o punti luce\nSuperficie dell'immobile: 70 m²",
      'Quando\nEntro 2 settimane',
      // File names as they were given, readable: none of these extensions is a top-level domain.
      `Allegati\nfoto-quadro.png (${formatFileSize(samples.png.length)}) planimetria.pdf (${formatFileSize(samples.pdf.length)}) misure è.txt (${formatFileSize(samples.txt.length)})`,
    ]) {
      expect(text).toContain(expected)
    }
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{2,4}, \d{2}:\d{2}:\d{2}/)
    expect(notification.body.html).toContain('&lt;script&gt;')
    expect(notification.body.html).toContain('<a href="https://www.artigianimilano.it/elettricista"')
    expect(notification.body.html).not.toMatch(/href="[^"]*evil/)
    expect(notification.body.html).not.toContain('<script>')

    expect(confirmation.subject).toBe('Abbiamo ricevuto la tua richiesta di preventivo: Elettricista')
    expect(confirmation.replyTo).toEqual([NOTIFY])
    expect(confirmation.attachments).toEqual([])
    expect(confirmation.body.text).toContain('Ciao Mario Rossi')
    expect(confirmation.body.text).toContain('Via Dante Alighieri 12, Sesto San Giovanni')
    // When a craftsman calls: PROMISE_OFFICE_HOURS of the office's working days after the request, stored on it and said as a date.
    const due = addOfficeHours(workingDaysOf(DEFAULT_OFFICE_HOURS), new Date(lead!.created_at as string), PROMISE_OFFICE_HOURS)
    expect(lead!.promise_due_at).toBe(due.toISOString())
    expect(result.promiseDue).toBe(formatWeekdayTime(due))
    for (const said of [CALL_PROMISE, promiseDueLine(result.promiseDue), MISSED_PROMISE_NOTICE, 'entro 24 ore lavorative']) {
      expect(confirmation.body.text!.replace(/\s+/g, ' ')).toContain(said)
    }
    // Who receives the request, in the words of shared/promise.ts (docs/product.md §12).
    expect(confirmation.body.text).toContain(REQUEST_PROMISE)

    const outbox = readRows<{ status: string; attempts: number; message_id: string }>(
      site.server.databasePath,
      'select status, attempts, message_id from email_outbox where lead_id = ?',
      result.leadId,
    )
    await waitFor(() => readRows<{ n: number }>(site.server.databasePath, "select count(*) as n from email_outbox where status = 'sent'")[0]!.n >= 2)
    expect(outbox).toHaveLength(2)
  })

  it('links the files from the admin area instead of attaching them beyond the 10 MB SES limit', async () => {
    await site.ses.clear()
    const big = (name: string) => ({ name, dataUrl: dataUrl('image/png', pngOfSize(4.5 * 1024 * 1024)) })
    const result = await site.client.requests.quote.mutate({
      // A page address from another site and a file name with a host in it, as a script could send them.
      ...validQuote({ fromPage: 'https://evil.example/elettricista', attachments: [big('uno.png'), big('due.png'), big('tre www.evil.example.png')] }),
      ...(await solveCaptcha(site.client)),
    })
    expect(countRows(site.server.databasePath).attachments).toBeGreaterThanOrEqual(3)
    const emails = await waitForEmails(site.ses.emails, 2)
    const notification = emails.find((e) => e.destination.to.includes(NOTIFY))!
    expect(notification.subject).toContain(`n. ${result.leadId}`)
    expect(notification.attachments.map((a) => a.filename)).toEqual(['uno.png'])
    expect(notification.body.text).toContain('Allegati troppo grandi per questa email (due.png, tre www[.]evil[.]example.png)')
    expect(notification.body.text).toContain('Pagina di provenienza\nhxxps[:]//evil[.]example/elettricista')
    expect(notification.body.html).not.toMatch(/href="[^"]*evil/)
    // Both the files' note and the button open this lead in the back office, not the list.
    expect(notification.body.text).toContain(`https://www.artigianimilano.it/admin/leads?lead=${result.leadId}`)
    expect(notification.body.html).toContain(`href="https://www.artigianimilano.it/admin/leads?lead=${result.leadId}"`)
    expect(notification.body.html).not.toMatch(/href="https:\/\/www\.artigianimilano\.it\/admin\/leads"/)
  })

  it('keeps and mails at most the first 400 characters of a user agent, however long the header', async () => {
    await site.ses.clear()
    const agent = `Mozilla/5.0 ${'x'.repeat(15_000)}`
    const client = publicClient(site.server.url, { 'user-agent': agent })
    const result = await client.requests.quote.mutate({ ...validQuote(), ...(await solveCaptcha(client)) })
    const [lead] = readRows<{ user_agent: string }>(site.server.databasePath, 'select user_agent from leads where id = ?', result.leadId)
    expect(lead!.user_agent).toBe(agent.slice(0, 400))
    const emails = await waitForEmails(site.ses.emails, 2)
    const notification = emails.find((e) => e.destination.to.includes(NOTIFY))!
    expect(notification.body.text).toContain(agent.slice(0, 400))
    expect(notification.body.text).not.toContain(agent.slice(0, 401))
  })
})

describe('the marketing consent, asked apart from the request', () => {
  it('is stored with its moment and exact words only when ticked, on a quote and on a message, and the office is told', async () => {
    await site.ses.clear()
    const db = site.server.databasePath
    const quote = await site.client.requests.quote.mutate({
      ...validQuote({ email: 'consenso.preventivo@example.com', marketingConsent: true }),
      ...(await solveCaptcha(site.client)),
    })
    const message = await site.client.requests.contact.mutate({
      ...validContact({ email: 'consenso.messaggio@example.com', marketingConsent: true }),
      ...(await solveCaptcha(site.client)),
    })
    const withoutIt = await site.client.requests.contact.mutate({
      ...validContact({ email: 'senza.consenso@example.com', marketingConsent: false }),
      ...(await solveCaptcha(site.client)),
    })
    const [lead] = readRows<Record<string, string | null>>(
      db,
      'select created_at, marketing_consent_at, marketing_consent_text from leads where id = ?',
      quote.leadId,
    )
    expect(lead).toEqual({ created_at: lead!.created_at, marketing_consent_at: lead!.created_at, marketing_consent_text: MARKETING_CONSENT_TEXT })
    const messages = readRows<Record<string, string | null>>(
      db,
      'select id, created_at, marketing_consent_at, marketing_consent_text from contact_messages where id in (?, ?) order by id',
      message.messageId,
      withoutIt.messageId,
    )
    expect(messages).toEqual([
      {
        id: message.messageId,
        created_at: messages[0]!.created_at,
        marketing_consent_at: messages[0]!.created_at,
        marketing_consent_text: MARKETING_CONSENT_TEXT,
      },
      { id: withoutIt.messageId, created_at: messages[1]!.created_at, marketing_consent_at: null, marketing_consent_text: null },
    ])
    const notifications = (await waitForEmails(site.ses.emails, 6)).filter((e) => e.destination.to.includes(NOTIFY))
    expect(notifications.map((mail) => /Offerte e novità\n(.*)/.exec(mail.body.text!)?.[1]).sort()).toEqual(['No', 'Sì, consenso dato', 'Sì, consenso dato'])
  })
})

describe('the promise of a call', () => {
  const MISSED = 'La tua richiesta di Elettricista: non abbiamo ancora trovato un artigiano'
  const alertOf = (leadId: number) => `Preventivo n. ${leadId} ancora senza artigiano: Elettricista`
  const env = { PUBLIC_URL: 'https://www.artigianimilano.it', NOTIFY_EMAIL: NOTIFY }
  const quote = async (email: string) => {
    const result = await site.client.requests.quote.mutate({ ...validQuote({ email, fullName: 'Laura Neri' }), ...(await solveCaptcha(site.client)) })
    return {
      id: result.leadId,
      due: Date.parse(
        readRows<{ promise_due_at: string }>(site.server.databasePath, 'select promise_due_at from leads where id = ?', result.leadId)[0]!.promise_due_at,
      ),
    }
  }
  const subjects = async () => (await site.ses.emails()).map((mail) => `${mail.destination.to.join(',')}: ${mail.subject}`).sort()
  const events = (leadId: number) =>
    readRows<{ kind: string }>(site.server.databasePath, 'select kind from lead_events where lead_id = ?', leadId).map((e) => e.kind)

  it('tells the requester and the office once when no craftsman accepted in time, across processes and restarts, and nobody when one did', async () => {
    await site.ses.clear()
    // The requests of the tests above are settled: only this test's four are told.
    changeRows(site.server.databasePath, 'update leads set promise_missed_at = ? where promise_missed_at is null', new Date().toISOString())
    const waiting = await quote('attesa@example.com')
    const accepted = await quote('accettata@example.com')
    const closed = await quote('chiusa@example.com')
    const suppressed = await quote('esclusa@example.com')
    await waitForEmails(site.ses.emails, 8)
    await site.ses.clear()
    changeRows(site.server.databasePath, 'update leads set first_accepted_at = ? where id = ?', new Date(accepted.due - 60_000).toISOString(), accepted.id)
    changeRows(site.server.databasePath, "update leads set status = 'perso' where id = ?", closed.id)
    changeRows(
      site.server.databasePath,
      "insert into email_suppressions (email_normalized, reason, created_at) values ('esclusa@example.com', 'unsubscribed', ?)",
      new Date().toISOString(),
    )

    // A minute before the due time nothing is said; after it, two processes at once tell each lead once.
    expect(await sendMissedPromises(site.server.db, env, new Date(waiting.due - 60_000))).toEqual({ told: 0, closed: 0 })
    const later = new Date(Math.max(waiting.due, accepted.due, closed.due, suppressed.due) + 60_000)
    const other = await startApp({ ...mailEnv(site.ses), DATABASE_PATH: site.server.databasePath })
    try {
      // Side by side on PostgreSQL; one after the other on SQLite, where one process alone writes (two handles in one
      // process would wait on each other's lock with the event loop blocked).
      const both = [() => sendMissedPromises(site.server.db, env, later), () => sendMissedPromises(other.db, env, later)]
      const runs = testEngine() === 'postgres' ? await Promise.all(both.map((run) => run())) : [await both[0]!(), await both[1]!()]
      expect(runs.reduce((sum, run) => sum + run.told, 0)).toBe(2)
      expect(runs.reduce((sum, run) => sum + run.closed, 0)).toBe(1)
    } finally {
      await other.stop()
    }
    // After a restart: a new process on the same database finds nothing left to tell.
    const restarted = await startApp({ ...mailEnv(site.ses), DATABASE_PATH: site.server.databasePath })
    try {
      expect(await sendMissedPromises(restarted.db, env, new Date(later.getTime() + 3_600_000))).toEqual({ told: 0, closed: 0 })
    } finally {
      await restarted.stop()
    }

    const mails = await waitForEmails(site.ses.emails, 3)
    expect(await subjects()).toEqual([`${NOTIFY}: ${alertOf(suppressed.id)}`, `${NOTIFY}: ${alertOf(waiting.id)}`, `attesa@example.com: ${MISSED}`].sort())
    const toRequester = mails.find((mail) => mail.destination.to.includes('attesa@example.com'))!
    expect(toRequester.replyTo).toEqual([NOTIFY])
    const told = toRequester.body.text!.replace(/\s+/g, ' ')
    for (const said of [
      'Ciao Laura Neri',
      'Elettricista a Sesto San Giovanni',
      'ti avrebbe chiamato entro 24 ore lavorative',
      'La tua richiesta resta aperta',
      'rispondi a questa e-mail',
    ]) {
      expect(told).toContain(said)
    }
    const alert = mails.find((mail) => mail.subject === alertOf(waiting.id))!.body.text!.replace(/\s+/g, ' ')
    expect(alert).toContain('Nessuna: la richiesta non è mai stata offerta')
    expect(alert).toContain('Avvisato via e-mail')
    expect(alert).toContain(`https://www.artigianimilano.it/admin/leads?lead=${waiting.id}`)
    expect(mails.find((mail) => mail.subject === alertOf(suppressed.id))!.body.text!).toContain('Non avvisato')

    expect(events(waiting.id)).toEqual(['promise_missed'])
    expect(events(suppressed.id)).toEqual(['promise_missed'])
    expect(events(accepted.id)).toEqual([])
    expect(events(closed.id)).toEqual([])
    const settled = readRows<{ id: number; promise_missed_at: string | null }>(
      site.server.databasePath,
      'select id, promise_missed_at from leads where id in (?, ?, ?, ?) order by id',
      waiting.id,
      accepted.id,
      closed.id,
      suppressed.id,
    )
    expect(settled.map((row) => row.promise_missed_at !== null)).toEqual([true, false, true, true])
  })

  it('writes to the requester only where a confirmation went: past the daily confirmations of an address, only the office is told', async () => {
    await site.ses.clear()
    changeRows(site.server.databasePath, 'update leads set promise_missed_at = ? where promise_missed_at is null', new Date().toISOString())
    const sent = []
    for (let i = 0; i < 4; i++) sent.push(await quote('quattro.volte@example.com'))
    // The address's three confirmations of the day went with the first three requests; the fourth was stored without one.
    await waitForEmails(site.ses.emails, 7)
    const [first, second, third, fourth] = sent as [(typeof sent)[0], (typeof sent)[0], (typeof sent)[0], (typeof sent)[0]]
    for (const accepted of [first, second, third]) {
      changeRows(site.server.databasePath, 'update leads set first_accepted_at = ? where id = ?', new Date(accepted.due - 60_000).toISOString(), accepted.id)
    }
    await site.ses.clear()
    expect(await sendMissedPromises(site.server.db, env, new Date(fourth.due + 60_000))).toEqual({ told: 1, closed: 0 })
    const [alert] = await waitForEmails(site.ses.emails, 1)
    expect(alert!.subject).toBe(alertOf(fourth.id))
    expect(alert!.body.text!).toContain('Non avvisato')
    expect(await subjects()).toEqual([`${NOTIFY}: ${alertOf(fourth.id)}`])
    const queued = readRows<{ category: string }>(
      site.server.databasePath,
      "select category from email_outbox where lead_id = ? and category like 'promise%'",
      fourth.id,
    )
    expect(queued).toEqual([{ category: 'promise-missed-alert' }])
  })
})

describe('a contact message', () => {
  it('is stored as a message to the office, not as a lead, and e-mailed to both sides worded as a message', async () => {
    await site.ses.clear()
    const db = site.server.databasePath
    const before = {
      leads: countRows(db).leads,
      totals: readRows(db, 'select leads, requesters from list_totals'),
      days: readRows(db, 'select * from lead_days'),
    }
    const result = await site.client.requests.contact.mutate({
      ...validContact({ email: 'Giulia.Messaggi@Example.com', phone: '333 1234567', utm: { source: 'newsletter', content: 'footer' } }),
      ...(await solveCaptcha(site.client)),
    })
    const [message] = readRows<Record<string, unknown>>(db, 'select * from contact_messages where id = ?', result.messageId)
    expect(message).toMatchObject({
      full_name: 'Giulia Bianchi',
      email: 'Giulia.Messaggi@Example.com',
      email_normalized: 'giulia.messaggi@example.com',
      subject: 'Collaborazione',
      message: 'Vorrei sapere se coprite anche la zona di Rho.',
      phone: '333 1234567',
      utm_source: 'newsletter',
      utm_content: 'footer',
      ip_address: '127.0.0.1',
      user_agent: USER_AGENT,
      read_at: null,
      answered_at: null,
      marketing_consent_at: null,
      marketing_consent_text: null,
    })
    // Not a lead: no pipeline, no requester for the newsletters, nothing in the lists' totals or the requests per day.
    expect(countRows(db).leads).toBe(before.leads)
    expect(readRows(db, "select * from requesters where email_normalized = 'giulia.messaggi@example.com'")).toEqual([])
    expect(readRows(db, 'select leads, requesters from list_totals')).toEqual(before.totals)
    expect(readRows(db, 'select * from lead_days')).toEqual(before.days)

    const emails = await waitForEmails(site.ses.emails, 2)
    const notification = emails.find((e) => e.destination.to.includes(NOTIFY))!
    expect(notification.subject).toBe(`Nuovo messaggio n. ${result.messageId}: Collaborazione`)
    expect(notification.body.text).toContain(`È arrivato un nuovo messaggio (n. ${result.messageId}) dal modulo Contattaci`)
    expect(notification.body.text).toContain('Vorrei sapere se coprite anche la zona di Rho.')
    expect(notification.body.text).toContain('newsletter')
    expect(notification.body.html).toContain(`/admin/messages?messaggio=${result.messageId}`)
    expect(notification.body.text).toContain("Apri il messaggio nell'area riservata")
    expect(notification.body.text).not.toContain('preventivo (n.')
    const confirmation = emails.find((e) => e.destination.to.some((to) => to.toLowerCase() === 'giulia.messaggi@example.com'))!
    expect(confirmation.subject).toBe('Abbiamo ricevuto il tuo messaggio')
    expect(confirmation.body.text).toContain('Ti risponderemo via email, di solito entro un giorno lavorativo.')
    for (const promise of ['sopralluogo', 'chiamerà', 'telefono', 'artigiani selezionati']) expect(confirmation.body.text!.toLowerCase()).not.toContain(promise)
    // Both mails belong to the message: its deletion and a person's erasure take them along.
    expect(
      readRows(db, 'select category, lead_id, contact_message_id from email_outbox where contact_message_id = ? order by category', result.messageId),
    ).toEqual([
      { category: 'contact-confirmation', lead_id: null, contact_message_id: result.messageId },
      { category: 'contact-notification', lead_id: null, contact_message_id: result.messageId },
    ])
  })
})

describe('a craftsman application', () => {
  it('is stored as an artisan in review with its description and consent time, and e-mailed', async () => {
    await site.ses.clear()
    const before = Date.now()
    await site.client.requests.application.mutate({ ...validApplication(), ...(await solveCaptcha(site.client)) })
    const [artisan] = readRows<Record<string, unknown>>(site.server.databasePath, "select * from artisans where email = 'luca.verdi@example.com'")
    expect(artisan).toMatchObject({
      status: 'pending_review',
      source: 'application',
      contact_name: 'Luca Verdi',
      company_name: 'Impianti Verdi S.r.l.',
      vat_number: '01234567890',
      phone: '02 1234 5678',
      specialization_sectors: JSON.stringify(['Elettricista', 'Domotica']),
      operative_zones: JSON.stringify(['Milano', 'Sesto San Giovanni', 'Monza']),
      description: 'Impianti elettrici civili e domotica da vent’anni.',
      is_verified: 0,
    })
    expect(Date.parse(artisan!.privacy_consent_at as string)).toBeGreaterThanOrEqual(before - 1000)
    const sectors = readRows<{ sector: string }>(
      site.server.databasePath,
      'select sector from artisan_sectors where artisan_id = ? order by sector',
      artisan!.id,
    )
    expect(sectors.map((s) => s.sector)).toEqual(['Domotica', 'Elettricista'])
    // The zones that name a comune become each trade's coverage, measured from the first; Monza (not in the
    // Città metropolitana) is listed for the office to fix. In review, the applicant is never matched to a lead.
    expect(
      readRows(
        site.server.databasePath,
        'select sector, comune_slug, distance_km from artisan_coverage_comuni where artisan_id = ? order by sector, distance_km',
        artisan!.id,
      ),
    ).toEqual([
      { sector: 'Domotica', comune_slug: 'milano', distance_km: 0 },
      { sector: 'Domotica', comune_slug: 'sesto-san-giovanni', distance_km: 8 },
      { sector: 'Elettricista', comune_slug: 'milano', distance_km: 0 },
      { sector: 'Elettricista', comune_slug: 'sesto-san-giovanni', distance_km: 8 },
    ])
    expect(artisan!.unmatched_zones).toBe(JSON.stringify(['Monza']))

    const emails = await waitForEmails(site.ses.emails, 2)
    const notification = emails.find((e) => e.destination.to.includes(NOTIFY))!
    expect(notification.subject).toBe('Candidatura Artigiano: Luca Verdi')
    for (const expected of [
      'Candidatura Artigiano',
      'Impianti Verdi S.r.l.',
      '01234567890',
      'Elettricista, Domotica',
      'Milano, Sesto San Giovanni, Monza',
      // The page of our site the application came from, as a link.
      'Pagina di provenienza\nhttps://www.artigianimilano.it/area-artigiani',
      '127.0.0.1',
      USER_AGENT,
    ]) {
      expect(notification.body.text).toContain(expected)
    }
    expect(notification.body.html).toContain('<a href="https://www.artigianimilano.it/area-artigiani"')
    expect(emails.find((e) => e.destination.to.includes('luca.verdi@example.com'))!.subject).toBe('Abbiamo ricevuto la tua candidatura')
  })

  it('fills the N/D defaults of docs/product.md §7.3 when the optional fields are empty', async () => {
    await site.ses.clear()
    await site.client.requests.application.mutate({
      ...validApplication({ email: 'solo.nome@example.com', companyName: '', vatNumber: '', description: '' }),
      ...(await solveCaptcha(site.client)),
    })
    const emails = await waitForEmails(site.ses.emails, 2)
    const text = emails.find((e) => e.destination.to.includes(NOTIFY))!.body.text!
    expect(text).toContain('Nessuna descrizione fornita.')
    expect(text.match(/N\/D/g)!.length).toBeGreaterThanOrEqual(2)
  })
})

describe('when mail cannot be sent', () => {
  it('keeps the lead and its e-mails while SES is unreachable, and sends them once it is back', async () => {
    const port = await freePort()
    const endpoint = `http://127.0.0.1:${port}`
    const own = await startApp({ ...mailEnv({ endpoint }), MAIL_RETRY_BASE_MS: '200' })
    let back: RunningSes | undefined
    try {
      const ownClient = publicClient(own.url)
      const { leadId } = await ownClient.requests.quote.mutate({ ...validQuote(), ...(await solveCaptcha(ownClient)) })
      const failing = await waitFor(() => {
        const rows = readRows<{ status: string; attempts: number; last_error: string | null }>(
          own.databasePath,
          'select status, attempts, last_error from email_outbox where lead_id = ?',
          leadId,
        )
        return rows.length === 2 && rows.every((r) => r.attempts >= 1) ? rows : undefined
      })
      expect(failing.every((r) => r.status === 'pending' && r.last_error)).toBe(true)
      expect(countRows(own.databasePath).leads).toBe(1)

      back = await startSes({ port })
      const emails = await waitForEmails(back.emails, 2, 30_000)
      expect(emails.map((e) => e.subject)).toContain(`Richiesta Preventivo n. ${leadId}: Elettricista`)
      const sent = await waitFor(() => {
        const rows = readRows<{ status: string; message_id: string | null }>(
          own.databasePath,
          'select status, message_id from email_outbox where lead_id = ?',
          leadId,
        )
        return rows.every((r) => r.status === 'sent') ? rows : undefined
      })
      expect(sent.every((r) => r.message_id)).toBe(true)
    } finally {
      await own.stop()
      await back?.stop()
    }
  }, 120_000)

  it('warns at start-up without mail settings, keeps the mail queued, and sends it once configured', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artigiani-mail-'))
    const databasePath = path.join(dir, 'app.db')
    try {
      // The server's start-up and restart are the subject here: real processes, where the rest of the file runs the app in process.
      const unconfigured = await startServer({ DATABASE_PATH: databasePath })
      let messageId: number
      try {
        expect(unconfigured.logs.join('\n')).toContain('mail is not configured')
        const ownClient = publicClient(unconfigured.url)
        ;({ messageId } = await ownClient.requests.contact.mutate({ ...validContact(), ...(await solveCaptcha(ownClient)) }))
        await new Promise((resolve) => setTimeout(resolve, 500))
        expect(readRows<{ status: string; attempts: number }>(databasePath, 'select status, attempts from email_outbox')).toEqual([
          { status: 'pending', attempts: 0 },
          { status: 'pending', attempts: 0 },
        ])
      } finally {
        await unconfigured.stop()
      }
      await site.ses.clear()
      const configured = await startServer({ ...mailEnv(site.ses), DATABASE_PATH: databasePath })
      try {
        const emails = await waitForEmails(site.ses.emails, 2)
        expect(emails.map((e) => e.destination.to[0]).sort()).toEqual(['giulia.bianchi@example.com', NOTIFY])
        expect(emails.some((e) => e.subject === `Nuovo messaggio n. ${messageId}: Collaborazione`)).toBe(true)
      } finally {
        await configured.stop()
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})

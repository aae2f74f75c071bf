import { describe, expect, it } from 'vitest'
import { ACCEPTED_RULE, INTRODUCTION_PROMISE, OFFER_RULE } from '#shared/promise.ts'
import { createLeadLinkToken } from '#server/leads/links.ts'
import { rebuildArtisanResponseTotals } from '#server/repositories/response-metrics.ts'
import { lastDays, romeDayStart } from '#shared/italian-time.ts'
import { errorOf, serveSignedInWithMail } from './helpers/admin.ts'
import { startApp } from './helpers/app.ts'
import { addArtisan, addLead, artisan, quoteLead } from './helpers/admin-leads.ts'
import { openTestDatabase } from './helpers/app-database.ts'
import { changeRows, readRows } from './helpers/database.ts'
import { htmlProblems } from './helpers/html-validate.ts'
import { linkIn, postForm, textOf, tokenOf } from './helpers/lead-answers.ts'
import { samples } from './helpers/requests.ts'
import type { SesEmail } from './helpers/ses.ts'

const ADMIN = { email: 'ufficio@artigianimilano.it', password: 'password sicura 2026' }
const SECRET = 'segreto-dei-link-delle-offerte-di-prova-0123456789'
const OFFICE = 'richieste@artigianimilano.it'

const site = serveSignedInWithMail(ADMIN, { LEAD_LINK_SECRET: SECRET }, startApp)

const rows = <T>(sql: string, ...params: unknown[]) => readRows<T>(site.server.databasePath, sql, ...params)
const count = (sql: string, ...params: unknown[]) => rows<{ n: number }>(sql, ...params)[0]!.n
const get = (path: string) => fetch(`${site.server.url}${path}`, { redirect: 'manual' })

let serial = 0
/** A lead of its own and craftsmen of their own for each test: nothing one test does reaches another. */
async function setUp(artisanCount = 2, lead: Parameters<typeof quoteLead>[0] = {}) {
  const n = ++serial
  const requester = `cliente${n}@example.com`
  const leadId = await addLead(
    site.server.databasePath,
    quoteLead({ fullName: `Carla Neri ${n}`, email: requester, phone: `+39 333 100 ${String(n).padStart(4, '0')}`, ...lead }),
    [{ fileName: `foto quadro ${n}.png`, contentType: 'image/png', content: samples.png }],
  )
  const artisans: { id: number; email: string; name: string }[] = []
  for (let i = 0; i < artisanCount; i++) {
    const email = `artigiano${n}-${i}@artigiani.example`
    const name = `Artigiano ${n}-${i}`
    artisans.push({ id: await addArtisan(site.server.databasePath, artisan({ email, contactName: name, companyName: `Impianti ${n}-${i} Srl` })), email, name })
  }
  return { leadId, requester, artisans }
}

async function mailsTo(address: string, atLeast: number): Promise<SesEmail[]> {
  let found: SesEmail[] = []
  await expect
    .poll(
      async () => {
        found = (await site.ses.emails()).filter((mail) => mail.destination.to.includes(address))
        return found.length
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(atLeast)
  return found
}

/** Offers the lead to the craftsmen and returns each one's accept and decline links, from the mail they received. */
async function offer(leadId: number, artisans: { id: number; email: string }[]) {
  await site.trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: artisans.map((a) => a.id) })
  return Promise.all(
    artisans.map(async (a) => {
      const [mail] = await mailsTo(a.email, 1)
      return { mail: mail!, accept: linkIn(mail!, '/lavori/accetta'), decline: linkIn(mail!, '/lavori/rifiuta') }
    }),
  )
}

const offers = (leadId: number) =>
  rows<{ artisan_id: number; response: string | null; decline_reason: string | null; withdrawn_at: string | null; revoked_at: string | null }>(
    'select artisan_id, response, decline_reason, withdrawn_at, revoked_at from lead_assignments where lead_id = ? order by id',
    leadId,
  )
const events = (leadId: number) => rows<{ kind: string }>('select kind from lead_events where lead_id = ? order by id', leadId).map((e) => e.kind)
const outboxCount = () => count('select count(*) as n from email_outbox')

/** Offers the lead again to one craftsman and returns the links of the new offer's mail. */
async function offerAgain(leadId: number, offeredTo: { id: number; email: string }) {
  const offerMails = async () => (await site.ses.emails()).filter((m) => m.destination.to.includes(offeredTo.email) && m.subject.startsWith('Nuovo lavoro'))
  const seen = new Set((await offerMails()).map((mail) => mail.messageId))
  await site.trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [offeredTo.id] })
  let fresh: SesEmail | undefined
  await expect
    .poll(
      async () => {
        fresh = (await offerMails()).find((mail) => !seen.has(mail.messageId))
        return fresh !== undefined
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return { accept: linkIn(fresh!, '/lavori/accetta'), decline: linkIn(fresh!, '/lavori/rifiuta') }
}

/** What an answer could change: the offer rows, the timeline, the outbox, the totals; read once every mail has left. */
async function stateOf(leadId: number) {
  await expect.poll(() => count("select count(*) as n from email_outbox where lead_id = ? and status <> 'sent'", leadId), { timeout: 15_000 }).toBe(0)
  return {
    offers: rows('select * from lead_assignments where lead_id = ? order by id', leadId),
    lead: rows('select status, awaiting_answer_since, first_accepted_at from leads where id = ?', leadId),
    timeline: (await site.trpc.admin.leads.byId.query({ id: leadId })).timeline,
    outbox: outboxCount(),
    totals: rows('select * from artisan_response_totals order by artisan_id'),
  }
}

describe('the offer e-mail and its pages', () => {
  it('shows the job without the requester, with two signed links whose pages change nothing on opening', async () => {
    const { leadId, artisans } = await setUp(2, {
      description: 'Tre prese nuove in cucina, foto su www.evil.example/quadro.',
      answers: { intervento: 'guasto', superficie: 85 },
      timing: 'entro-3-mesi',
    })
    const [first] = await offer(leadId, artisans)
    const { mail } = first!
    expect(mail.subject).toBe(`Nuovo lavoro: Elettricista a Sesto San Giovanni (n. ${leadId})`)
    const text = textOf(mail.body.html!)
    for (const expected of [
      // The visitor's link defanged, the file's name readable.
      'Tre prese nuove in cucina, foto su www[.]evil[.]example/quadro.',
      // The requester's answers in the catalogue's words, a line each, then "Quando" (shared/catalog/questions.ts).
      "Risposte Tipo di intervento: Guasto o blackout Superficie dell'immobile: 85 m² Quando Entro 3 mesi Descrizione",
      `Allegati foto quadro ${serial}.png Arrivata il`,
      // How many received it and how many accepted so far, then the rule (docs/product.md §12).
      'Proposta a 2 artigiani, te compreso Accettata finora da nessuno, per ora',
      OFFER_RULE,
      'Accetto il lavoro',
      'Non sono disponibile',
    ]) {
      expect(text).toContain(expected)
    }
    for (const personal of [`Carla Neri ${serial}`, `cliente${serial}@example.com`, 'Via Roma 10', `+39 333 100`]) expect(text).not.toContain(personal)
    expect(mail.attachments).toEqual([])

    for (const link of [first!.accept, first!.decline]) {
      const page = await get(link)
      expect(page.status).toBe(200)
      expect(page.headers.get('cache-control')).toBe('no-store')
      expect(page.headers.get('x-robots-tag')).toBe('noindex')
      const html = await page.text()
      expect(html).toContain('<meta name="robots" content="noindex"/>')
      expect(textOf(html)).toContain('Tre prese nuove in cucina')
      expect(textOf(html)).toContain("Risposte Tipo di intervento: Guasto o blackout Superficie dell'immobile: 85 m² Quando Entro 3 mesi")
      expect(textOf(html)).toContain('Proposta a 2 artigiani, te compreso Accettata finora da nessuno, per ora')
      expect(textOf(html)).not.toContain(`Carla Neri ${serial}`)
      // A HEAD or a scanner's second GET changes nothing either.
      expect((await fetch(`${site.server.url}${link}`, { method: 'HEAD' })).status).toBe(200)
    }
    expect(offers(leadId).map((o) => o.response)).toEqual([null, null])
    expect(rows<{ status: string }>('select status from leads where id = ?', leadId)).toEqual([{ status: 'assegnato' }])
    // The office's dialog reads the same lines, first.
    expect((await site.trpc.admin.leads.byId.query({ id: leadId })).questionnaire).toEqual([
      { question: 'Tipo di intervento', answer: 'Guasto o blackout' },
      { question: "Superficie dell'immobile", answer: '85 m²' },
      { question: 'Quando', answer: 'Entro 3 mesi' },
    ])
  })

  it('on acceptance shows and mails the requester’s details with the files, introduces the craftsman, and a second click shows the answer given', async () => {
    const { leadId, requester, artisans } = await setUp(3, { answers: { intervento: 'quadro' }, timing: 'urgente' })
    const [first, second] = await offer(leadId, artisans.slice(0, 2))
    const before = outboxCount()

    const answer = await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(first!.accept) })
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(first!.accept)
    const html = await (await get(first!.accept)).text()
    const page = textOf(html)
    for (const shown of [`Carla Neri ${serial}`, requester, 'Via Roma 10, Sesto San Giovanni MI, Italia', 'Rinuncio al lavoro']) expect(page).toContain(shown)
    // The requester may compare quotes: nobody is told the job is theirs alone.
    expect(page).toContain(`Hai accettato il lavoro n. ${leadId}. ${ACCEPTED_RULE}`)
    expect(page).not.toContain('è tuo')
    expect(await htmlProblems(html)).toEqual([])

    const [accepted] = (await mailsTo(artisans[0]!.email, 2)).filter((m) => m.subject.startsWith('Lavoro accettato'))
    expect(accepted!.subject).toBe(`Lavoro accettato: Elettricista (n. ${leadId}) - contatti del cliente`)
    expect(textOf(accepted!.body.html!)).toContain(requester)
    expect(textOf(accepted!.body.html!)).toContain(`grazie per aver accettato il lavoro n. ${leadId}. ${ACCEPTED_RULE}`)
    expect(textOf(accepted!.body.html!)).not.toContain('è tuo')
    expect(textOf(accepted!.body.html!)).toContain('Risposte Tipo di intervento: Quadro elettrico o salvavita Quando Urgente')
    expect(accepted!.attachments.map((a) => a.filename)).toEqual([`foto quadro ${serial}.png`])

    const [introduction] = await mailsTo(requester, 1)
    expect(introduction!.subject).toBe(`Impianti ${serial}-0 Srl ha accettato la tua richiesta di Elettricista`)
    const intro = textOf(introduction!.body.html!)
    for (const shown of [
      `Impianti ${serial}-0 Srl`,
      artisans[0]!.name,
      '+39 02 555 0101',
      'Elettricista',
      'Nella nostra rete',
      'ti chiamerà',
      INTRODUCTION_PROMISE,
    ]) {
      expect(intro).toContain(shown)
    }
    expect(rows<{ status: string }>('select status from leads where id = ?', leadId)).toEqual([{ status: 'contattato' }])
    expect(events(leadId)).toEqual(['assigned', 'status_changed', 'assigned', 'accepted', 'status_changed', 'introduced'])
    expect(outboxCount()).toBe(before + 2)

    // The same click again, and the page reloaded: the answer already given, nothing sent twice.
    const again = await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(first!.accept) })
    expect(again.status).toBe(409)
    expect(textOf(await again.text())).toContain('Hai già accettato questo lavoro.')
    expect(outboxCount()).toBe(before + 2)
    expect(offers(leadId).map((o) => o.response)).toEqual(['accepted', null])

    // The other craftsman's offer now says one of them accepted, and so does the offer made to a third one.
    expect(textOf(await (await get(second!.accept)).text())).toContain('Proposta a 2 artigiani, te compreso Accettata finora da 1 artigiano')
    const [third] = await offer(leadId, [artisans[2]!])
    expect(textOf(third!.mail.body.html!)).toContain('Proposta a 3 artigiani, te compreso Accettata finora da 1 artigiano')
  })

  it('gives the street only to the craftsman who accepts: the offer mail and pages name the comune alone', async () => {
    const address = { street: 'Via Giuseppe Garibaldi 7', comuneSlug: 'cinisello-balsamo', locationLabel: 'Cinisello Balsamo, MI, Italia' }
    const { leadId, artisans } = await setUp(2, { ...address, placeId: 'comune-cinisello-balsamo' })
    const [first, second] = await offer(leadId, artisans)
    for (const { mail, accept, decline } of [first!, second!]) {
      expect(mail.subject).toBe(`Nuovo lavoro: Elettricista a Cinisello Balsamo (n. ${leadId})`)
      expect(textOf(mail.body.html!)).toContain('Comune Cinisello Balsamo')
      for (const text of [mail.body.html!, mail.body.text ?? '', await (await get(accept)).text(), await (await get(decline)).text()]) {
        expect(text).not.toContain('Garibaldi')
      }
    }

    expect((await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(first!.accept) })).status).toBe(303)
    expect(textOf(await (await get(first!.accept)).text())).toContain('Indirizzo Via Giuseppe Garibaldi 7, Cinisello Balsamo')
    const [accepted] = (await mailsTo(artisans[0]!.email, 2)).filter((m) => m.subject.startsWith('Lavoro accettato'))
    expect(textOf(accepted!.body.html!)).toContain('Indirizzo Via Giuseppe Garibaldi 7, Cinisello Balsamo')
    // The other craftsman, who has not accepted, still sees the comune alone.
    expect(await (await get(second!.accept)).text()).not.toContain('Garibaldi')
  })

  it('records two craftsmen accepting at the same moment once each, and the requester gets both introductions once', async () => {
    const { leadId, requester, artisans } = await setUp(2)
    const links = await offer(leadId, artisans)
    const before = outboxCount()
    // Each craftsman clicks three times while the other does the same.
    const answers = await Promise.all([0, 1, 2].flatMap(() => links.map((link) => postForm(site.server.url, '/lavori/accetta', { t: tokenOf(link.accept) }))))
    expect(answers.map((a) => a.status).sort()).toEqual([303, 303, 409, 409, 409, 409])
    expect(offers(leadId).map((o) => o.response)).toEqual(['accepted', 'accepted'])
    expect(outboxCount()).toBe(before + 4)
    const introductions = await mailsTo(requester, 2)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect((await site.ses.emails()).filter((m) => m.destination.to.includes(requester))).toHaveLength(2)
    expect(introductions.map((m) => m.subject).sort()).toEqual([
      `Impianti ${serial}-0 Srl ha accettato la tua richiesta di Elettricista`,
      `Impianti ${serial}-1 Srl ha accettato la tua richiesta di Elettricista`,
    ])
    expect(events(leadId).filter((kind) => kind === 'accepted')).toHaveLength(2)
    const [lead] = rows<{ first_accepted_at: string; rating_request_due_at: string; awaiting_answer_since: string | null }>(
      'select first_accepted_at, rating_request_due_at, awaiting_answer_since from leads where id = ?',
      leadId,
    )
    // "Com'è andata?" a week after the first acceptance.
    expect(Date.parse(lead!.rating_request_due_at) - Date.parse(lead!.first_accepted_at)).toBe(7 * 24 * 3_600_000)
    expect(lead!.awaiting_answer_since).toBeNull()
  })

  it('declines with an optional reason; the second click shows the answer given', async () => {
    const { leadId, artisans } = await setUp(2)
    const [first, second] = await offer(leadId, artisans)
    const before = outboxCount()
    const html = await (await get(first!.decline)).text()
    for (const reason of ['Troppo lontano', 'Troppo impegnato', 'Non è il mio settore', 'Altro']) expect(textOf(html)).toContain(reason)
    expect(await htmlProblems(html)).toEqual([])

    expect((await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(first!.decline), motivo: 'troppo_lontano' })).status).toBe(303)
    // No reason is an answer too; an unknown one counts as none.
    expect((await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(second!.decline), motivo: '<script>' })).status).toBe(303)
    expect(offers(leadId).map((o) => [o.response, o.decline_reason])).toEqual([
      ['declined', 'troppo_lontano'],
      ['declined', null],
    ])
    expect(textOf(await (await get(first!.decline)).text())).toContain('Hai detto di non essere disponibile per questo lavoro (motivo: troppo lontano).')
    const again = await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(first!.decline), motivo: 'altro' })
    expect(again.status).toBe(409)
    // Declined, then the accept link: the answer stays the one given.
    const late = await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(first!.accept) })
    expect(late.status).toBe(409)
    expect(textOf(await late.text())).toContain('Hai già detto di non essere disponibile')
    expect(offers(leadId)[0]).toMatchObject({ response: 'declined', decline_reason: 'troppo_lontano' })
    expect(outboxCount()).toBe(before)
  })

  it('lets the craftsman give the job back within 24 hours, tells the office, and puts the lead back in waiting', async () => {
    const { leadId, artisans } = await setUp(2)
    const [first, second] = await offer(leadId, artisans)
    await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(first!.accept) })
    const officeBefore = (await site.ses.emails()).filter((m) => m.destination.to.includes(OFFICE)).length

    const withdrawn = await postForm(site.server.url, '/lavori/rinuncia', { t: tokenOf(first!.accept) })
    expect(withdrawn.status).toBe(303)
    expect(textOf(await (await get(first!.accept)).text())).toContain("Abbiamo avvisato l'ufficio.")
    const office = await mailsTo(OFFICE, officeBefore + 1)
    const notice = office.find((m) => m.subject === `Rinuncia: ${artisans[0]!.name} lascia il preventivo n. ${leadId}`)!
    expect(textOf(notice.body.html!)).toContain('Nessuno: va riassegnato')
    expect(offers(leadId)[0]!.withdrawn_at).not.toBeNull()
    expect(rows<{ a: string | null }>('select awaiting_answer_since as a from leads where id = ?', leadId)[0]!.a).not.toBeNull()
    expect((await postForm(site.server.url, '/lavori/rinuncia', { t: tokenOf(first!.accept) })).status).toBe(409)

    // The other craftsman accepted 25 hours ago: too late to give it back.
    await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(second!.accept) })
    changeRows(
      site.server.databasePath,
      'update lead_assignments set responded_at = ? where lead_id = ? and artisan_id = ?',
      new Date(Date.now() - 25 * 3_600_000).toISOString(),
      leadId,
      artisans[1]!.id,
    )
    expect(textOf(await (await get(second!.accept)).text())).not.toContain('Rinuncio al lavoro')
    const late = await postForm(site.server.url, '/lavori/rinuncia', { t: tokenOf(second!.accept) })
    expect(late.status).toBe(409)
    expect(textOf(await late.text())).toContain('Sono passate più di 24 ore da quando hai accettato')
    expect(offers(leadId)[1]!.withdrawn_at).toBeNull()
  })

  it('refuses giving the job back once the lead is closed, and changes nothing', async () => {
    for (const status of ['acquisito', 'perso'] as const) {
      const { leadId, artisans } = await setUp(1)
      const [first] = await offer(leadId, artisans)
      expect((await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(first!.accept) })).status).toBe(303)
      await site.trpc.admin.leads.update.mutate({ id: leadId, status })
      const before = await stateOf(leadId)
      expect(textOf(await (await get(first!.accept)).text())).not.toContain('Rinuncio al lavoro')
      const refused = await postForm(site.server.url, '/lavori/rinuncia', { t: tokenOf(first!.accept) })
      expect(refused.status).toBe(409)
      expect(textOf(await refused.text())).toContain(
        "Questa richiesta è chiusa: non puoi più rinunciare al lavoro. Se c'è un problema, rispondi all'email e avvisa l'ufficio.",
      )
      expect(await stateOf(leadId)).toEqual(before)
      expect(offers(leadId)[0]).toMatchObject({ response: 'accepted', withdrawn_at: null })
    }
  })
})

describe('links that cannot be used', () => {
  const INVALID = "Il link non è valido o è stato modificato. Usa il link dell'email che ti abbiamo inviato, senza cambiarlo."

  it('refuses forged, altered, truncated, cross-purpose and malformed tokens, with nothing changed', async () => {
    const { leadId, artisans } = await setUp(2)
    const [first, second] = await offer(leadId, artisans)
    const token = tokenOf(first!.accept)
    const [code, lead, artisan, assignment, expiry, signature] = token.split('.') as [string, string, string, string, string, string]
    const otherSignature = tokenOf(second!.accept).split('.')[5]!
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1)
    const variants = [
      '',
      'a',
      token.slice(0, -1),
      `${token}A`,
      ` ${token}`,
      token.toUpperCase(),
      [code, lead, artisans[1]!.id, assignment, expiry, signature].join('.'),
      [code, String(Number(lead) + 1), artisan, assignment, expiry, signature].join('.'),
      [code, lead, artisan, String(Number(assignment) + 1), expiry, signature].join('.'),
      [code, lead, artisan, assignment, String(Number(expiry) + 86_400), signature].join('.'),
      [code, lead, artisan, assignment, expiry, otherSignature].join('.'),
      ['r', lead, artisan, assignment, expiry, signature].join('.'),
      [code, `0${lead}`, artisan, assignment, expiry, signature].join('.'),
      ...[0, 20, 42].map((at) => [code, lead, artisan, assignment, expiry, flip(signature, at)].join('.')),
      createLeadLinkToken('un altro segreto qualsiasi lungo abbastanza 123', {
        purpose: 'accept',
        leadId,
        artisanId: artisans[0]!.id,
        assignmentId: Number(assignment),
        offerNumber: 1,
        expiresAt: Date.now() + 86_400_000,
      }),
      'x'.repeat(10_000),
      `${token}\u0000`,
      'a.1.1.1.9999999999.ÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀÀ',
    ]
    const before = { outbox: outboxCount(), events: events(leadId).length }
    for (const variant of variants) {
      for (const path of ['/lavori/accetta', '/lavori/rifiuta']) {
        const shown = await get(`${path}?t=${encodeURIComponent(variant)}`)
        expect(shown.status, `${path} ${variant.slice(0, 80)}`).toBe(400)
        expect(textOf(await shown.text())).toContain(INVALID)
        const sent = await postForm(site.server.url, path, { t: variant })
        expect(sent.status, `${path} ${variant.slice(0, 80)}`).toBe(400)
        expect(textOf(await sent.text())).toContain(INVALID)
      }
      expect((await postForm(site.server.url, '/lavori/rinuncia', { t: variant })).status).toBe(400)
    }
    // The decline link cannot accept, nor the accept link decline.
    expect((await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(first!.decline) })).status).toBe(400)
    expect((await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(first!.accept) })).status).toBe(400)
    // A token given twice, or as a file, is not an answer.
    expect((await postForm(site.server.url, '/lavori/accetta', { t: [token, token] })).status).toBe(400)
    expect((await get('/lavori/accetta')).status).toBe(400)
    expect(offers(leadId).map((o) => o.response)).toEqual([null, null])
    expect({ outbox: outboxCount(), events: events(leadId).length }).toEqual(before)
    // Nothing of the token reaches the log.
    expect(site.server.logs.join('\n')).not.toContain(signature)
  })

  it('answers the links of an earlier offer with 410 once the lead is offered again after a decline, and the new links work', async () => {
    const SUPERSEDED = "Questa offerta non è più valida: ti abbiamo proposto di nuovo questo lavoro con un'altra email. Usa i link dell'email più recente."
    const { leadId, artisans } = await setUp(1)
    const [first] = await offer(leadId, artisans)
    expect((await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(first!.decline), motivo: 'troppo_impegnato' })).status).toBe(303)
    const second = await offerAgain(leadId, artisans[0]!)
    const before = await stateOf(leadId)
    for (const old of [first!.accept, first!.decline]) {
      const shown = await get(old)
      expect(shown.status).toBe(410)
      expect(textOf(await shown.text())).toContain(SUPERSEDED)
    }
    for (const [path, t] of [
      ['/lavori/accetta', tokenOf(first!.accept)],
      ['/lavori/rifiuta', tokenOf(first!.decline)],
      ['/lavori/rinuncia', tokenOf(first!.accept)],
    ] as const) {
      const answer = await postForm(site.server.url, path, { t, motivo: 'altro' })
      expect(answer.status, path).toBe(410)
      expect(textOf(await answer.text())).toContain(SUPERSEDED)
    }
    expect(await stateOf(leadId)).toEqual(before)
    expect(before.offers).toMatchObject([{ response: null, offer_number: 2 }])
    expect(tokenOf(second.accept).split('.')).toHaveLength(7)

    // The new offer's links answer it.
    expect(textOf(await (await get(second.decline)).text())).toContain('Non sono disponibile')
    expect((await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(second.accept) })).status).toBe(303)
    expect(textOf(await (await get(second.accept)).text())).toContain(`Hai accettato il lavoro n. ${leadId}.`)
    expect(offers(leadId)).toMatchObject([{ response: 'accepted', decline_reason: null }])
    expect(events(leadId)).toEqual(['assigned', 'status_changed', 'declined', 'assigned', 'accepted', 'status_changed', 'introduced'])
  })

  it('answers the links of an earlier offer with 410 once the lead is offered again after the craftsman gave it back', async () => {
    const { leadId, artisans } = await setUp(1)
    const [first] = await offer(leadId, artisans)
    expect((await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(first!.accept) })).status).toBe(303)
    expect((await postForm(site.server.url, '/lavori/rinuncia', { t: tokenOf(first!.accept) })).status).toBe(303)
    const second = await offerAgain(leadId, artisans[0]!)
    const before = await stateOf(leadId)
    for (const answer of [
      await get(first!.accept),
      await get(first!.decline),
      await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(first!.accept) }),
      await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(first!.decline) }),
      await postForm(site.server.url, '/lavori/rinuncia', { t: tokenOf(first!.accept) }),
    ]) {
      expect(answer.status).toBe(410)
      expect(textOf(await answer.text())).toContain('Questa offerta non è più valida')
    }
    expect(await stateOf(leadId)).toEqual(before)
    expect(before.offers).toMatchObject([{ response: null, withdrawn_at: null, offer_number: 2 }])

    // Declined this time, and offered a third time: the second offer's links are refused in turn, the third's work.
    expect((await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(second.decline) })).status).toBe(303)
    const third = await offerAgain(leadId, artisans[0]!)
    for (const old of [second.accept, second.decline, first!.accept]) expect((await get(old)).status).toBe(410)
    expect((await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(third.decline) })).status).toBe(303)
    expect(offers(leadId)).toMatchObject([{ response: 'declined' }])
    expect(rows('select offer_number from lead_assignments where lead_id = ?', leadId)).toEqual([{ offer_number: 3 }])
  })

  it('answers an expired link with 410 and an Italian explanation', async () => {
    const { leadId, artisans } = await setUp(1)
    const [first] = await offer(leadId, artisans)
    const [, , , assignment] = tokenOf(first!.accept).split('.')
    const expired = createLeadLinkToken(SECRET, {
      purpose: 'accept',
      leadId,
      artisanId: artisans[0]!.id,
      assignmentId: Number(assignment),
      offerNumber: 1,
      expiresAt: Date.now() - 1000,
    })
    for (const answer of [await get(`/lavori/accetta?t=${expired}`), await postForm(site.server.url, '/lavori/accetta', { t: expired })]) {
      expect(answer.status).toBe(410)
      expect(textOf(await answer.text())).toContain('Questo link è scaduto: i link delle offerte di lavoro valgono 7 giorni.')
    }
    expect(offers(leadId).map((o) => o.response)).toEqual([null])
  })

  it('tells a craftsman whose offer was taken back, whose lead was closed or deleted, and changes nothing', async () => {
    const { leadId, artisans } = await setUp(2)
    const [first, second] = await offer(leadId, artisans)
    await site.trpc.admin.leads.revoke.mutate({ id: leadId, artisanId: artisans[0]!.id })
    const before = outboxCount()
    for (const answer of [await get(first!.accept), await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(first!.accept) })]) {
      expect(answer.status).toBe(410)
      expect(textOf(await answer.text())).toContain('Questa richiesta è stata affidata a un altro artigiano')
    }
    expect(offers(leadId)[0]).toMatchObject({ response: null })
    // Taking back an offer already answered is refused.
    await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(second!.decline) })
    expect(await errorOf(site.trpc.admin.leads.revoke.mutate({ id: leadId, artisanId: artisans[1]!.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: "Questa offerta non si può ritirare: l'artigiano ha già risposto o non l'ha mai ricevuta.",
    })

    expect(outboxCount()).toBe(before)

    const closed = await setUp(1)
    const [closedLinks] = await offer(closed.leadId, closed.artisans)
    await site.trpc.admin.leads.update.mutate({ id: closed.leadId, status: 'perso' })
    const beforeClosed = outboxCount()
    const refused = await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(closedLinks!.accept) })
    expect(refused.status).toBe(409)
    expect(textOf(await refused.text())).toContain('Questa richiesta è chiusa: non serve più una risposta.')
    expect(offers(closed.leadId)[0]).toMatchObject({ response: null })
    expect(outboxCount()).toBe(beforeClosed)

    const deleted = await setUp(1)
    const [deletedLinks] = await offer(deleted.leadId, deleted.artisans)
    await site.trpc.admin.leads.remove.mutate({ id: deleted.leadId })
    const beforeDeleted = outboxCount()
    for (const answer of [await get(deletedLinks!.accept), await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(deletedLinks!.decline) })]) {
      expect(answer.status).toBe(410)
      expect(textOf(await answer.text())).toContain('Questa richiesta non è più disponibile')
    }
    expect(outboxCount()).toBe(beforeDeleted)
  })
})

describe('what the office sees', () => {
  it('moves the status by itself unless the office set it by hand after the offer', async () => {
    const { leadId, artisans } = await setUp(1)
    await site.trpc.admin.leads.update.mutate({ id: leadId, notes: 'Cliente gentile.' })
    const [first] = await offer(leadId, artisans)
    expect(rows<{ status: string }>('select status from leads where id = ?', leadId)).toEqual([{ status: 'assegnato' }])
    await site.trpc.admin.leads.update.mutate({ id: leadId, status: 'sopralluogo fissato' })
    await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(first!.accept) })
    expect(rows<{ status: string }>('select status from leads where id = ?', leadId)).toEqual([{ status: 'sopralluogo fissato' }])
  })

  it('shows each step on the lead’s timeline and the answers beside each craftsman', async () => {
    const { leadId, artisans } = await setUp(2)
    const [first, second] = await offer(leadId, artisans)
    await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(first!.accept) })
    await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(second!.decline), motivo: 'troppo_impegnato' })
    await mailsTo(artisans[1]!.email, 1)
    await expect.poll(async () => (await site.trpc.admin.leads.byId.query({ id: leadId })).timeline.filter((e) => e.kind === 'email_sent').length).toBe(2)
    const detail = await site.trpc.admin.leads.byId.query({ id: leadId })
    expect(detail.status).toBe('contattato')
    expect(detail.assignments.map((a) => [a.email, a.response, a.decline_reason])).toEqual([
      [artisans[0]!.email, 'accepted', null],
      [artisans[1]!.email, 'declined', 'troppo_impegnato'],
    ])
    const steps = detail.timeline.map((e) => [e.kind, e.details.artisanName ?? null, e.actor])
    expect(steps[0]).toEqual(['received', null, 'cliente'])
    expect(steps).toContainEqual(['assigned', artisans[0]!.name, ADMIN.email])
    expect(steps).toContainEqual(['email_sent', artisans[1]!.name, 'sistema'])
    expect(steps).toContainEqual(['accepted', artisans[0]!.name, 'artigiano'])
    expect(steps).toContainEqual(['declined', artisans[1]!.name, 'artigiano'])
    expect(steps).toContainEqual(['introduced', artisans[0]!.name, 'sistema'])
    expect(detail.timeline.find((e) => e.kind === 'status_changed' && e.details.to === 'contattato')).toMatchObject({ actor: 'sistema' })
    const times = detail.timeline.map((e) => Date.parse(e.at))
    expect(times).toEqual([...times].sort((a, b) => a - b))
  })

  it('lists leads waiting longer than LEAD_RESPONSE_HOURS and offers one to the next craftsman, taking back the silent offers', async () => {
    const { leadId, artisans } = await setUp(3)
    const [first] = await offer(leadId, artisans.slice(0, 1))
    const dayAndMore = new Date(Date.now() - 25 * 3_600_000).toISOString()
    changeRows(site.server.databasePath, 'update leads set awaiting_answer_since = ? where id = ?', dayAndMore, leadId)
    changeRows(site.server.databasePath, 'update lead_assignments set assigned_at = ? where lead_id = ?', dayAndMore, leadId)

    const { waiting, metrics, thresholdHours } = await site.trpc.admin.dashboard.responses.query()
    expect(thresholdHours).toBe(24)
    expect(waiting.leads.map((l) => l.id)).toContain(leadId)
    expect(waiting.leads.find((l) => l.id === leadId)).toMatchObject({ pending: 1, declined: 0, service_name: 'Elettricista' })
    expect(metrics.offers).toBeGreaterThan(0)

    const next = await site.trpc.admin.leads.offerNext.mutate({ id: leadId })
    expect(next).toMatchObject({ revoked: 1 })
    expect(next.artisanId).not.toBe(artisans[0]!.id)
    const [{ email: nextEmail }] = rows<{ email: string }>('select email from artisans where id = ?', next.artisanId) as [{ email: string }]
    await expect
      .poll(async () => (await mailsTo(nextEmail, 1)).map((m) => m.subject))
      .toContain(`Nuovo lavoro: Elettricista a Sesto San Giovanni (n. ${leadId})`)
    expect(offers(leadId).map((o) => [o.artisan_id, o.revoked_at === null])).toEqual([
      [artisans[0]!.id, false],
      [next.artisanId, true],
    ])
    // The craftsman who never answered now learns the job went to someone else.
    expect((await get(first!.accept)).status).toBe(410)
    // Offered again just now: the lead waits from now, under the threshold.
    expect((await site.trpc.admin.dashboard.responses.query()).waiting.leads.map((l) => l.id)).not.toContain(leadId)
    expect(rows<{ action: string }>("select action from audit_log where entity_type = 'lead' and entity_id = ? order by id", String(leadId))).toEqual([
      { action: 'assign' },
      { action: 'offer_next' },
    ])
  })

  it('says so when no other craftsman fits the lead', async () => {
    // Every craftsman of these tests is an electrician: nobody restores furniture.
    const { leadId } = await setUp(1, { serviceId: 'restauratore', serviceName: 'Restauratore' })
    expect(await errorOf(site.trpc.admin.leads.offerNext.mutate({ id: leadId }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Nessun altro artigiano adatto a questo preventivo: assegnalo a mano dalla scheda del preventivo.',
    })
    expect(offers(leadId)).toEqual([])
  })

  it('keeps each craftsman’s figures and orders matching by them', async () => {
    const { leadId, artisans } = await setUp(2)
    const [first, second] = await offer(leadId, artisans)
    await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(first!.decline), motivo: 'troppo_lontano' })
    await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(second!.accept) })

    const declined = await site.trpc.admin.artisans.responses.query({ id: artisans[0]!.id })
    expect(declined.stats).toMatchObject({ offers: 1, accepted: 0, declined: 1, withdrawn: 0, averageRating: null })
    expect(declined.stats.declineReasons).toEqual([{ reason: 'troppo_lontano', count: 1 }])
    expect(declined.stats.medianResponseMs).toBeGreaterThanOrEqual(0)
    const accepted = await site.trpc.admin.artisans.responses.query({ id: artisans[1]!.id })
    expect(accepted.stats).toMatchObject({ offers: 1, accepted: 1, declined: 0 })
    expect(accepted.offers.rows.map((r) => [r.lead_id, r.response])).toEqual([[leadId, 'accepted']])
    expect(accepted.offers.total).toBe(1)

    // Same sector, town, status and verification: the one who accepts comes before the one who declines.
    const other = await addLead(site.server.databasePath, quoteLead({ email: `altro${serial}@example.com` }))
    const order = (await site.trpc.admin.leads.matches.query({ id: other })).candidates.map((c) => c.id).filter((id) => artisans.some((a) => a.id === id))
    expect(order).toEqual([artisans[1]!.id, artisans[0]!.id])
    expect(await errorOf(site.trpc.admin.artisans.responses.query({ id: 987_654 }))).toMatchObject({ code: 'NOT_FOUND', message: 'Artigiano non trovato.' })

    // A craftsman deleted with a history: the offers and totals go, the lead's timeline keeps the name.
    await site.trpc.admin.artisans.remove.mutate({ id: artisans[0]!.id })
    expect(count('select count(*) as n from artisan_response_totals where artisan_id = ?', artisans[0]!.id)).toBe(0)
    expect(offers(leadId).map((o) => o.artisan_id)).toEqual([artisans[1]!.id])
    const timeline = (await site.trpc.admin.leads.byId.query({ id: leadId })).timeline
    expect(timeline.filter((e) => e.kind === 'declined').map((e) => [e.artisanId, e.details.artisanName])).toEqual([[null, artisans[0]!.name]])
  })

  it('keeps the dashboard’s 30-day response figures equal to a count of the offers as they are made, answered, moved, taken back and deleted', async () => {
    /** The figures as counted from the offers themselves (the definition in server/repositories/response-metrics.ts). */
    const recount = () => {
      const since = romeDayStart(lastDays(30).from)
      const [offered] = rows<{ offers: number; answered: number; accepted: number }>(
        `select count(*) as offers, coalesce(sum(case when response is not null then 1 else 0 end), 0) as answered,
          coalesce(sum(case when response = 'accepted' then 1 else 0 end), 0) as accepted
        from lead_assignments where assigned_at >= ? and revoked_at is null`,
        since,
      )
      const waits = rows<{ offered: string | null; accepted: string }>(
        `select (select min(assigned_at) from lead_assignments a where a.lead_id = l.id) as offered, l.first_accepted_at as accepted
        from leads l where l.first_accepted_at >= ?`,
        since,
      )
        .map((lead) => Date.parse(lead.accepted) - Date.parse(lead.offered!))
        .sort((a, b) => a - b)
      const middle = waits.length % 2 ? [waits[(waits.length - 1) / 2]!] : waits.slice(waits.length / 2 - 1, waits.length / 2 + 1)
      return {
        days: 30,
        offers: Number(offered!.offers),
        answered: Number(offered!.answered),
        accepted: Number(offered!.accepted),
        acceptedLeads: waits.length,
        medianMsToFirstAcceptance: waits.length ? Math.round(middle.reduce((sum, ms) => sum + ms, 0) / middle.length) : null,
      }
    }
    const figures = async () => (await site.trpc.admin.dashboard.responses.query()).metrics
    /** The dashboard's figures are the recount's; the median to a millisecond (SQLite's julianday arithmetic rounds). */
    const expectRecounted = async () => {
      const { medianMsToFirstAcceptance: median, ...shown } = await figures()
      const { medianMsToFirstAcceptance: counted, ...expected } = recount()
      expect(shown).toEqual(expected)
      expect(median === null).toBe(counted === null)
      if (median !== null) expect(Math.abs(median - counted!)).toBeLessThanOrEqual(1)
      // Each accepted lead keeps its wait from its first offer, which the median sorts (migration 2026_11_28_0108).
      const kept = rows<{ offered: string | null; accepted: string; ms: number | null }>(
        `select (select min(assigned_at) from lead_assignments a where a.lead_id = l.id) as offered, l.first_accepted_at as accepted,
          l.first_acceptance_ms as ms from leads l where l.first_accepted_at is not null`,
      )
      expect(kept.map((lead) => lead.ms)).toEqual(kept.map((lead) => (lead.offered === null ? null : Date.parse(lead.accepted) - Date.parse(lead.offered))))
    }
    const { leadId, artisans } = await setUp(3)
    const before = await figures()
    await expectRecounted()

    const [first, second] = await offer(leadId, artisans.slice(0, 2))
    expect(await figures()).toMatchObject({ offers: before.offers + 2, answered: before.answered, accepted: before.accepted })
    await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(first!.decline), motivo: 'troppo_lontano' })
    await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(second!.accept) })
    expect(await figures()).toMatchObject({ offers: before.offers + 2, answered: before.answered + 2, accepted: before.accepted + 1 })
    await expectRecounted()

    // An offer taken back unanswered no longer counts; the first offer moved earlier lengthens the wait to the acceptance.
    await offer(leadId, artisans.slice(2))
    await site.trpc.admin.leads.revoke.mutate({ id: leadId, artisanId: artisans[2]!.id })
    await expectRecounted()
    const hourEarlier = (at: string) => new Date(Date.parse(at) - 3_600_000).toISOString()
    const [firstOffer] = rows<{ id: number; assigned_at: string }>(
      'select id, assigned_at from lead_assignments where lead_id = ? order by assigned_at, id limit 1',
      leadId,
    )
    changeRows(site.server.databasePath, 'update lead_assignments set assigned_at = ? where id = ?', hourEarlier(firstOffer!.assigned_at), firstOffer!.id)
    expect(rows<{ first_offered_at: string }>('select first_offered_at from leads where id = ?', leadId)[0]!.first_offered_at).toBe(
      hourEarlier(firstOffer!.assigned_at),
    )
    await expectRecounted()
    // Moved out of the 30 days, an offer leaves the figures.
    changeRows(
      site.server.databasePath,
      'update lead_assignments set assigned_at = ? where id = ?',
      new Date(Date.now() - 40 * 86_400_000).toISOString(),
      firstOffer!.id,
    )
    await expectRecounted()

    // A craftsman deleted takes their offers along; a lead deleted, all of its own.
    await site.trpc.admin.artisans.remove.mutate({ id: artisans[0]!.id })
    await expectRecounted()
    expect(rows<{ first_offered_at: string }>('select first_offered_at from leads where id = ?', leadId)[0]!.first_offered_at).toBe(
      rows<{ at: string }>('select min(assigned_at) as at from lead_assignments where lead_id = ?', leadId)[0]!.at,
    )
    await site.trpc.admin.leads.remove.mutate({ id: leadId })
    await expectRecounted()
    expect(await figures()).toMatchObject({ offers: before.offers, answered: before.answered, accepted: before.accepted })
  })

  it('keeps every craftsman’s totals equal to a count of their offers and ratings, after everything the tests above did', async () => {
    const recount = rows(`select a.id as artisan_id,
        (select count(*) from lead_assignments o where o.artisan_id = a.id) as offers,
        (select count(*) from lead_assignments o where o.artisan_id = a.id and o.response = 'accepted' and o.withdrawn_at is null and o.revoked_at is null) as accepted,
        (select count(*) from lead_assignments o where o.artisan_id = a.id and o.response = 'declined') as declined,
        (select count(*) from lead_assignments o where o.artisan_id = a.id and o.withdrawn_at is not null) as withdrawn,
        (select count(*) from lead_assignments o where o.artisan_id = a.id and o.revoked_at is not null) as revoked,
        (select count(*) from lead_ratings r where r.artisan_id = a.id) as ratings,
        (select coalesce(sum(stars), 0) from lead_ratings r where r.artisan_id = a.id) as stars
      from artisans a where exists (select 1 from lead_assignments o where o.artisan_id = a.id) order by a.id`)
    const kept = rows(`select t.artisan_id, t.offers, t.accepted, t.declined, t.withdrawn, t.revoked, t.ratings, t.stars from artisan_response_totals t
      where exists (select 1 from lead_assignments o where o.artisan_id = t.artisan_id) order by t.artisan_id`)
    expect(recount.length).toBeGreaterThan(10)
    expect(kept).toEqual(recount)

    // The bulk rebuild the demo seed uses, from scratch, arrives at the same totals.
    changeRows(site.server.databasePath, 'update artisan_response_totals set offers = 0, stars = 99')
    const db = openTestDatabase(site.server.databasePath)
    try {
      await rebuildArtisanResponseTotals(db)
    } finally {
      await db.destroy()
    }
    expect(
      rows(`select t.artisan_id, t.offers, t.accepted, t.declined, t.withdrawn, t.revoked, t.ratings, t.stars from artisan_response_totals t
      where exists (select 1 from lead_assignments o where o.artisan_id = t.artisan_id) order by t.artisan_id`),
    ).toEqual(recount)
  })
})

import { describe, expect, it } from 'vitest'
import { OFFER_MESSAGES, withdrawnMessage } from '#server/leads/answer-messages.ts'
import {
  AMOUNT_INVALID,
  AMOUNT_NOT_POSITIVE,
  AMOUNT_TOO_LARGE,
  OFFER_NOT_FOUND,
  OUTCOME_NOT_ACCEPTED,
  PAGE_INVALID,
  SEARCH_TOO_LONG,
} from '#shared/area-offers.ts'
import { errorOf, serveSignedInWithMail, trpcClient } from './helpers/admin.ts'
import { addArtisan, addLead, artisan, quoteLead } from './helpers/admin-leads.ts'
import { startApp } from './helpers/app.ts'
import { artisanClient } from './helpers/artisan-area.ts'
import { changeRows, changeRowsForEach, readRows } from './helpers/database.ts'
import { linkIn, postForm, textOf } from './helpers/lead-answers.ts'
import type { SesEmail } from './helpers/ses.ts'

const ADMIN = { email: 'offerte@artigianimilano.it', password: 'password sicura 2026' }
const SECRET = 'segreto-dei-link-delle-offerte-area-0123456789abcdef'
const DAY = 86_400_000

const signedIn = serveSignedInWithMail(ADMIN, { LEAD_LINK_SECRET: SECRET }, startApp)

const rows = <T>(sql: string, ...params: unknown[]) => readRows<T>(signedIn.server.databasePath, sql, ...params)
const count = (sql: string, ...params: unknown[]) => Number(rows<{ n: number }>(sql, ...params)[0]!.n)

type Area = ReturnType<typeof artisanClient>['trpc']
type Craftsman = { id: number; email: string; name: string; area: Area }

let serial = 0
/** A lead of its own and craftsmen of their own (based in Milano, covering Sesto San Giovanni) for each test. */
async function setUp(artisanCount = 2, lead: Parameters<typeof quoteLead>[0] = {}) {
  const n = ++serial
  const requester = {
    name: `Carla Neri ${n}`,
    email: `cliente${n}@example.com`,
    phone: `+39 333 200 ${String(n).padStart(4, '0')}`,
    street: `Via Marelli ${n}`,
  }
  const leadId = await addLead(
    signedIn.server.databasePath,
    quoteLead({
      fullName: requester.name,
      email: requester.email,
      phone: requester.phone,
      street: requester.street,
      answers: { intervento: 'guasto', superficie: 85 },
      timing: 'entro-3-mesi',
      ...lead,
    }),
  )
  const artisans: Craftsman[] = []
  for (let i = 0; i < artisanCount; i++) {
    const email = `area${n}-${i}@artigiani.example`
    const name = `Artigiano Area ${n}-${i}`
    const id = await addArtisan(signedIn.server.databasePath, artisan({ email, contactName: name, companyName: `Impianti Area ${n}-${i} Srl` }))
    artisans.push({ id, email, name, area: artisanClient(signedIn.server.url, signedIn.server.databasePath, id).trpc })
  }
  return { leadId, requester, artisans }
}

async function mailsTo(address: string, atLeast: number, subject = ''): Promise<SesEmail[]> {
  let found: SesEmail[] = []
  await expect
    .poll(async () => {
      found = (await signedIn.ses.emails()).filter((mail) => mail.destination.to.includes(address) && mail.subject.startsWith(subject))
      return found.length
    })
    .toBeGreaterThanOrEqual(atLeast)
  return found
}

async function offer(leadId: number, artisans: { id: number; email: string }[]) {
  await signedIn.trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: artisans.map((a) => a.id) })
  await Promise.all(artisans.map((a) => mailsTo(a.email, 1, 'Nuovo lavoro')))
}

/** The one open offer of this lead in a craftsman's area. */
async function openOffer(area: Area, leadId: number) {
  const found = (await area.area.offers.open.query()).find((o) => o.leadId === leadId)
  if (!found) throw new Error(`lead ${leadId} is not among the open offers`)
  return found
}

/** Everything an answer could change, read once every mail has left: the offers, the lead, its timeline, the outbox, the audit. */
async function stateOf(leadId: number) {
  await expect.poll(() => count("select count(*) as n from email_outbox where lead_id = ? and status <> 'sent'", leadId)).toBe(0)
  return {
    offers: rows('select * from lead_assignments where lead_id = ? order by id', leadId),
    lead: rows('select status, awaiting_answer_since, first_accepted_at, rating_request_due_at from leads where id = ?', leadId),
    events: rows('select kind, actor, artisan_id, details from lead_events where lead_id = ? order by id', leadId),
    outbox: count('select count(*) as n from email_outbox'),
    audit: count('select count(*) as n from audit_log'),
  }
}

/** A lead's timeline and office state with its own ids and times taken out, to set one lead beside another. */
async function officeView(leadId: number, artisanIds: number[]) {
  const lead = await signedIn.trpc.admin.leads.byId.query({ id: leadId })
  const who = (id: number | null) => (id === null ? null : artisanIds.indexOf(id))
  return {
    status: lead.status,
    waiting: lead.awaiting_answer_since !== null,
    accepted: lead.first_accepted_at !== null,
    // The outbox's own steps (a mail sent) come in the order the mails leave, which is not the answer's to decide.
    timeline: lead.timeline
      .filter((event) => !event.kind.startsWith('email_'))
      .map((event) => ({ kind: event.kind, actor: event.actor, artisan: who(event.artisanId) })),
    offers: lead.assignments.map((a) => ({ artisan: who(a.artisan_id), response: a.response, reason: a.decline_reason, withdrawn: a.withdrawn_at !== null })),
    mails: rows<{ category: string; to_address: string }>('select category, to_address from email_outbox where lead_id = ? order by id', leadId).map(
      (mail) => ({
        category: mail.category,
        to: mail.to_address.endsWith('@artigiani.example') ? 'artigiano' : mail.to_address.endsWith('@example.com') ? 'cliente' : mail.to_address,
      }),
    ),
  }
}

describe('open offers', () => {
  it('shows the job as the mail does, with its distance, counts and time left, and never the requester or the street', async () => {
    const { leadId, requester, artisans } = await setUp(2, { description: 'Salta la corrente in cucina.' })
    const [mine] = artisans
    await offer(leadId, artisans)
    const assigned = rows<{ id: number; assigned_at: string }>(
      'select id, assigned_at from lead_assignments where lead_id = ? and artisan_id = ?',
      leadId,
      mine!.id,
    )[0]!
    const km = rows<{ distance_km: number }>(
      "select distance_km from artisan_coverage_comuni where artisan_id = ? and sector = 'Elettricista' and comune_slug = 'sesto-san-giovanni'",
      mine!.id,
    )[0]!.distance_km
    expect(km).toBeGreaterThan(0)
    const open = await openOffer(mine!.area, leadId)
    expect(open).toEqual({
      assignmentId: assigned.id,
      offerNumber: 1,
      leadId,
      serviceName: 'Elettricista',
      comune: 'Sesto San Giovanni',
      distanceKm: km,
      answers: [
        { question: 'Tipo di intervento', answer: 'Guasto o blackout' },
        { question: "Superficie dell'immobile", answer: '85 m²' },
      ],
      timing: 'Entro 3 mesi',
      description: 'Salta la corrente in cucina.',
      requestedAt: expect.any(String),
      attachments: [],
      offeredAt: assigned.assigned_at,
      offeredTo: 2,
      acceptedSoFar: 0,
      // Nothing but the offer's links bounds it (an offer by hand): they expire after 7 days.
      answerBy: new Date(Date.parse(assigned.assigned_at) + 7 * DAY).toISOString(),
      answerByReason: 'link',
    })
    const everything = JSON.stringify([await mine!.area.area.offers.open.query(), await mine!.area.area.offers.history.query({})])
    for (const secret of [requester.name, requester.email, requester.phone, requester.street, 'Via Roma 10']) expect(everything).not.toContain(secret)
    expect((await mine!.area.area.offers.accepted.query()).jobs).toEqual([])
  })

  it("says how long is left from the dispatcher's round when it ends before the links expire", async () => {
    const { leadId, artisans } = await setUp(1)
    await offer(leadId, artisans)
    const roundEnd = new Date(Date.now() + 3 * 3_600_000).toISOString()
    changeRows(signedIn.server.databasePath, "update lead_assignments set assigned_by = 'dispatcher' where lead_id = ?", leadId)
    changeRows(signedIn.server.databasePath, 'update leads set dispatch_round = 1, dispatch_due_at = ?, taken_by_hand_at = null where id = ?', roundEnd, leadId)
    expect(await openOffer(artisans[0]!.area, leadId)).toMatchObject({ answerBy: roundEnd, answerByReason: 'round' })
    // While a dispatcher holds the lead its due time is the claim's lease, not the round's end: only the links bound it.
    changeRows(signedIn.server.databasePath, "update leads set dispatch_claimed_by = 'a-process' where id = ?", leadId)
    expect(await openOffer(artisans[0]!.area, leadId)).toMatchObject({ answerByReason: 'link' })
  })
})

describe('answering from the area', () => {
  it('accepts exactly as the mail link does: the same record, timeline, status and mails; then the contacts', async () => {
    const byMail = await setUp(2)
    const byArea = await setUp(2)
    await offer(byMail.leadId, byMail.artisans)
    await offer(byArea.leadId, byArea.artisans)
    const [mail] = await mailsTo(byMail.artisans[0]!.email, 1, 'Nuovo lavoro')
    expect(
      (await postForm(signedIn.server.url, '/lavori/accetta', { t: new URL(linkIn(mail!, '/lavori/accetta'), 'https://x').searchParams.get('t')! })).status,
    ).toBe(303)
    const open = await openOffer(byArea.artisans[0]!.area, byArea.leadId)
    expect(await byArea.artisans[0]!.area.area.offers.accept.mutate({ assignmentId: open.assignmentId, offerNumber: open.offerNumber })).toEqual({ ok: true })

    await stateOf(byArea.leadId)
    await stateOf(byMail.leadId)
    const area = await officeView(
      byArea.leadId,
      byArea.artisans.map((a) => a.id),
    )
    expect(area).toEqual(
      await officeView(
        byMail.leadId,
        byMail.artisans.map((a) => a.id),
      ),
    )
    expect(area.status).toBe('contattato')
    expect(area.timeline.map((event) => event.kind)).toEqual(['received', 'assigned', 'status_changed', 'assigned', 'accepted', 'status_changed', 'introduced'])
    expect(area.timeline.find((event) => event.kind === 'accepted')).toEqual({ kind: 'accepted', actor: 'artigiano', artisan: 0 })
    expect(area.mails.map((m) => m.category)).toEqual(['lead-offer', 'lead-offer', 'offer-accepted', 'artisan-introduction'])

    // The mail with the client's details links back to the acceptance page, which works as the offer mail's link does.
    const [contacts] = await mailsTo(byArea.artisans[0]!.email, 1, 'Lavoro accettato')
    const page = await fetch(`${signedIn.server.url}${linkIn(contacts!, '/lavori/accetta')}`)
    expect(page.status).toBe(200)
    expect(textOf(await page.text())).toContain(`Hai accettato il lavoro n. ${byArea.leadId}.`)

    // Now a job with the requester's contacts, as the acceptance page shows them; gone from the open offers.
    expect(await byArea.artisans[0]!.area.area.offers.open.query()).toEqual([])
    const [job] = (await byArea.artisans[0]!.area.area.offers.accepted.query()).jobs
    expect(job).toMatchObject({
      leadId: byArea.leadId,
      requester: {
        name: byArea.requester.name,
        phone: byArea.requester.phone,
        email: byArea.requester.email,
        address: `${byArea.requester.street}, Sesto San Giovanni`,
      },
      outcome: null,
      closed: false,
    })
    expect(Date.parse(job!.withdrawUntil!) - Date.parse(job!.acceptedAt)).toBe(DAY)
    // The other craftsman's offer says one accepted so far, as a fresh look at the mail's page would.
    expect(await openOffer(byArea.artisans[1]!.area, byArea.leadId)).toMatchObject({ offeredTo: 2, acceptedSoFar: 1 })
  })

  it('declines exactly as the mail link does, with the same reasons', async () => {
    const byMail = await setUp(1)
    const byArea = await setUp(1)
    await offer(byMail.leadId, byMail.artisans)
    await offer(byArea.leadId, byArea.artisans)
    const [mail] = await mailsTo(byMail.artisans[0]!.email, 1, 'Nuovo lavoro')
    const token = new URL(linkIn(mail!, '/lavori/rifiuta'), 'https://x').searchParams.get('t')!
    expect((await postForm(signedIn.server.url, '/lavori/rifiuta', { t: token, motivo: 'troppo_lontano' })).status).toBe(303)
    const open = await openOffer(byArea.artisans[0]!.area, byArea.leadId)
    await byArea.artisans[0]!.area.area.offers.decline.mutate({ assignmentId: open.assignmentId, offerNumber: 1, reason: 'troppo_lontano' })
    await stateOf(byArea.leadId)
    expect(await officeView(byArea.leadId, [byArea.artisans[0]!.id])).toEqual(await officeView(byMail.leadId, [byMail.artisans[0]!.id]))
    const history = await byArea.artisans[0]!.area.area.offers.history.query({})
    expect(history.rows.find((row) => row.leadId === byArea.leadId)).toMatchObject({ state: 'declined', declineReason: 'troppo_lontano', requesterName: null })
  })

  it('refuses an answer given twice, with the answer pages’ words, and changes nothing', async () => {
    const { leadId, artisans } = await setUp(2)
    await offer(leadId, artisans)
    const [taker, decliner] = artisans
    const take = await openOffer(taker!.area, leadId)
    const ref = { assignmentId: take.assignmentId, offerNumber: take.offerNumber }
    await taker!.area.area.offers.accept.mutate(ref)
    const drop = await openOffer(decliner!.area, leadId)
    await decliner!.area.area.offers.decline.mutate({ assignmentId: drop.assignmentId, offerNumber: 1, reason: null })
    const before = await stateOf(leadId)
    expect(await errorOf(taker!.area.area.offers.accept.mutate(ref))).toMatchObject({ code: 'CONFLICT', message: OFFER_MESSAGES.alreadyAccepted })
    expect(await errorOf(taker!.area.area.offers.decline.mutate({ ...ref, reason: 'altro' }))).toMatchObject({
      code: 'CONFLICT',
      message: OFFER_MESSAGES.acceptedNotDeclined,
    })
    const again = { assignmentId: drop.assignmentId, offerNumber: 1 }
    const declined = `Hai già detto di non essere disponibile per questo lavoro (n. ${leadId}). Grazie per la risposta.`
    expect(await errorOf(decliner!.area.area.offers.accept.mutate(again))).toMatchObject({ code: 'CONFLICT', message: declined })
    expect(await errorOf(decliner!.area.area.offers.decline.mutate({ ...again, reason: null }))).toMatchObject({ code: 'CONFLICT', message: declined })
    expect(await stateOf(leadId)).toEqual(before)
  })

  it('refuses an offer on a lead closed meanwhile, taken back by the office, offered again or expired, and changes nothing', async () => {
    const { leadId, artisans } = await setUp(3)
    await offer(leadId, artisans)
    const [closedOut, revoked, again] = artisans
    const refOf = async (craftsman: Craftsman) => {
      const open = await openOffer(craftsman.area, leadId)
      return { assignmentId: open.assignmentId, offerNumber: open.offerNumber }
    }
    const closedRef = await refOf(closedOut!)
    const revokedRef = await refOf(revoked!)
    const againRef = await refOf(again!)

    // Offered again: the first offer's answers no longer count (as its mail's links).
    await again!.area.area.offers.decline.mutate({ ...againRef, reason: null })
    await signedIn.trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [again!.id] })
    await signedIn.trpc.admin.leads.revoke.mutate({ id: leadId, artisanId: revoked!.id })
    let before = await stateOf(leadId)
    expect(await errorOf(again!.area.area.offers.accept.mutate(againRef))).toMatchObject({ code: 'CONFLICT', message: OFFER_MESSAGES.superseded })
    expect(await errorOf(revoked!.area.area.offers.accept.mutate(revokedRef))).toMatchObject({ code: 'CONFLICT', message: OFFER_MESSAGES.reassigned })
    expect(await errorOf(revoked!.area.area.offers.decline.mutate({ ...revokedRef, reason: null }))).toMatchObject({
      code: 'CONFLICT',
      message: OFFER_MESSAGES.reassigned,
    })
    expect(await stateOf(leadId)).toEqual(before)
    expect(await openOffer(again!.area, leadId)).toMatchObject({ offerNumber: 2 })

    // Closed by the office meanwhile.
    await signedIn.trpc.admin.leads.update.mutate({ id: leadId, status: 'perso' })
    before = await stateOf(leadId)
    expect(await errorOf(closedOut!.area.area.offers.accept.mutate(closedRef))).toMatchObject({ code: 'CONFLICT', message: OFFER_MESSAGES.closed })
    expect(await errorOf(closedOut!.area.area.offers.decline.mutate({ ...closedRef, reason: 'altro' }))).toMatchObject({
      code: 'CONFLICT',
      message: OFFER_MESSAGES.closed,
    })
    expect(await stateOf(leadId)).toEqual(before)
    // Out of the open offers, into the history.
    expect((await closedOut!.area.area.offers.open.query()).some((o) => o.leadId === leadId)).toBe(false)
    const history = await closedOut!.area.area.offers.history.query({})
    expect(history.rows.find((row) => row.leadId === leadId)).toMatchObject({ state: 'closed' })
    expect((await revoked!.area.area.offers.history.query({})).rows.find((row) => row.leadId === leadId)).toMatchObject({ state: 'revoked' })

    // Expired with its links, 7 days after the offer.
    const late = await setUp(1)
    await offer(late.leadId, late.artisans)
    const lateRef = await (async () => {
      const open = await openOffer(late.artisans[0]!.area, late.leadId)
      return { assignmentId: open.assignmentId, offerNumber: open.offerNumber }
    })()
    changeRows(
      signedIn.server.databasePath,
      'update lead_assignments set assigned_at = ? where id = ?',
      new Date(Date.now() - 7 * DAY - 60_000).toISOString(),
      lateRef.assignmentId,
    )
    before = await stateOf(late.leadId)
    expect(await errorOf(late.artisans[0]!.area.area.offers.accept.mutate(lateRef))).toMatchObject({ code: 'CONFLICT', message: OFFER_MESSAGES.expired })
    expect(await errorOf(late.artisans[0]!.area.area.offers.decline.mutate({ ...lateRef, reason: null }))).toMatchObject({
      code: 'CONFLICT',
      message: OFFER_MESSAGES.expired,
    })
    expect(await stateOf(late.leadId)).toEqual(before)
    expect(await late.artisans[0]!.area.area.offers.open.query()).toEqual([])
    expect((await late.artisans[0]!.area.area.offers.history.query({})).rows[0]).toMatchObject({ leadId: late.leadId, state: 'expired' })
  })

  it('gives a job back as the acceptance page does, within 24 hours and while the lead is open', async () => {
    const { leadId, artisans } = await setUp(1)
    await offer(leadId, artisans)
    const [me] = artisans
    const open = await openOffer(me!.area, leadId)
    const ref = { assignmentId: open.assignmentId, offerNumber: open.offerNumber }
    await me!.area.area.offers.accept.mutate(ref)
    await stateOf(leadId)

    // More than 24 hours after accepting.
    const accepted = rows<{ responded_at: string }>('select responded_at from lead_assignments where id = ?', ref.assignmentId)[0]!.responded_at
    changeRows(
      signedIn.server.databasePath,
      'update lead_assignments set responded_at = ? where id = ?',
      new Date(Date.now() - DAY - 60_000).toISOString(),
      ref.assignmentId,
    )
    expect((await me!.area.area.offers.accepted.query()).jobs[0]!.withdrawUntil).toBeNull()
    let before = await stateOf(leadId)
    expect(await errorOf(me!.area.area.offers.withdraw.mutate(ref))).toMatchObject({ code: 'CONFLICT', message: OFFER_MESSAGES.withdrawTooLate })
    expect(await stateOf(leadId)).toEqual(before)
    changeRows(signedIn.server.databasePath, 'update lead_assignments set responded_at = ? where id = ?', accepted, ref.assignmentId)

    // Closed by the signedIn.trpc.
    await signedIn.trpc.admin.leads.update.mutate({ id: leadId, status: 'acquisito' })
    before = await stateOf(leadId)
    expect(await errorOf(me!.area.area.offers.withdraw.mutate(ref))).toMatchObject({ code: 'CONFLICT', message: OFFER_MESSAGES.withdrawClosed })
    expect(await stateOf(leadId)).toEqual(before)
    await signedIn.trpc.admin.leads.update.mutate({ id: leadId, status: 'contattato' })

    expect(await me!.area.area.offers.withdraw.mutate(ref)).toEqual({ ok: true })
    const [notice] = await mailsTo('richieste@artigianimilano.it', 1, `Rinuncia: ${me!.name} lascia il preventivo n. ${leadId}`)
    expect(notice).toBeDefined()
    const view = await officeView(leadId, [me!.id])
    expect(view.offers).toEqual([{ artisan: 0, response: 'accepted', reason: null, withdrawn: true }])
    expect(view.timeline.at(-1)).toEqual({ kind: 'withdrawn', actor: 'artigiano', artisan: 0 })
    expect(view.waiting).toBe(true)
    before = await stateOf(leadId)
    const withdrawn = rows<{ withdrawn_at: string }>('select withdrawn_at from lead_assignments where id = ?', ref.assignmentId)[0]!.withdrawn_at
    expect(await errorOf(me!.area.area.offers.withdraw.mutate(ref))).toMatchObject({ code: 'CONFLICT', message: withdrawnMessage(leadId, withdrawn) })
    expect(await stateOf(leadId)).toEqual(before)
    expect((await me!.area.area.offers.accepted.query()).jobs).toEqual([])
    expect((await me!.area.area.offers.history.query({})).rows.find((row) => row.leadId === leadId)).toMatchObject({ state: 'withdrawn', requesterName: null })
  })
})

describe('many accepted jobs', () => {
  it('shows the latest 20 and as many again on "Mostra altri", with how many there are; a number out of range is refused', async () => {
    const {
      artisans: [me],
    } = await setUp(1)
    const leads: number[] = []
    for (let i = 0; i < 21; i++) leads.push(await addLead(signedIn.server.databasePath, quoteLead({ email: `molti${serial}-${i}@example.com` })))
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
    changeRowsForEach(
      signedIn.server.databasePath,
      "insert into lead_assignments (lead_id, artisan_id, assigned_at, response, responded_at) values (?, ?, ?, 'accepted', ?)",
      leads.map((leadId, i) => [leadId, me!.id, minutesAgo(60 - i), minutesAgo(50 - i)]),
    )
    const first = await me!.area.area.offers.accepted.query()
    expect(first.total).toBe(21)
    expect(first.jobs.map((job) => job.leadId)).toEqual(leads.slice(1).reverse())
    const more = await me!.area.area.offers.accepted.query({ shown: 40 })
    expect(more.jobs.map((job) => job.leadId)).toEqual([...leads].reverse())
    for (const shown of [0, 1001, 1.5]) {
      expect(await errorOf(me!.area.area.offers.accepted.query({ shown }))).toMatchObject({ code: 'BAD_REQUEST', message: PAGE_INVALID })
    }
  })
})

describe("Com'è finita?", () => {
  it('is set and changed on an accepted job, with an amount in euros, and the office reads it in the lead', async () => {
    const { leadId, artisans } = await setUp(2)
    await offer(leadId, artisans)
    const [me, other] = artisans
    const open = await openOffer(me!.area, leadId)
    await me!.area.area.offers.accept.mutate({ assignmentId: open.assignmentId, offerNumber: 1 })
    await stateOf(leadId)

    await me!.area.area.offers.setOutcome.mutate({ assignmentId: open.assignmentId, outcome: 'preventivo_inviato', amount: null })
    expect((await me!.area.area.offers.accepted.query()).jobs[0]).toMatchObject({ outcome: 'preventivo_inviato', outcomeAmountCents: null })
    await me!.area.area.offers.setOutcome.mutate({ assignmentId: open.assignmentId, outcome: 'acquisito', amount: '1.250,50' })
    expect((await me!.area.area.offers.accepted.query()).jobs[0]).toMatchObject({ outcome: 'acquisito', outcomeAmountCents: 125050 })
    const lead = await signedIn.trpc.admin.leads.byId.query({ id: leadId })
    expect(lead.assignments.find((a) => a.artisan_id === me!.id)).toMatchObject({ outcome: 'acquisito', outcome_amount_cents: 125050 })
    // Who set it, in the craftsman's history for the signedIn.trpc.
    const audit = rows<{ actor_kind: string; action: string; details: string }>(
      "select actor_kind, action, details from audit_log where entity_type = 'artisan' and entity_id = ? order by id",
      String(me!.id),
    )
    expect(audit.map((entry) => [entry.actor_kind, entry.action])).toEqual([
      ['artisan', 'offer_outcome_set'],
      ['artisan', 'offer_outcome_set'],
    ])
    expect(JSON.parse(audit[1]!.details)).toEqual({ leadId, outcome: 'acquisito', amountCents: 125050 })
    await me!.area.area.offers.setOutcome.mutate({ assignmentId: open.assignmentId, outcome: 'non_acquisito', amount: '80' })
    expect((await me!.area.area.offers.accepted.query()).jobs[0]).toMatchObject({ outcome: 'non_acquisito', outcomeAmountCents: 8000 })

    // Bad amounts: the exact message, nothing stored.
    const before = await stateOf(leadId)
    for (const [amount, message] of [
      ['0', AMOUNT_NOT_POSITIVE],
      ['-5', AMOUNT_NOT_POSITIVE],
      ['1000000000', AMOUNT_TOO_LARGE],
      ['1.000.000,01', AMOUNT_TOO_LARGE],
      ['tanti', AMOUNT_INVALID],
    ] as const) {
      expect(await errorOf(me!.area.area.offers.setOutcome.mutate({ assignmentId: open.assignmentId, outcome: 'acquisito', amount }))).toMatchObject({
        code: 'BAD_REQUEST',
        message,
      })
    }
    // A number where the amount is text is refused the same way.
    expect(
      await errorOf(me!.area.area.offers.setOutcome.mutate({ assignmentId: open.assignmentId, outcome: 'acquisito', amount: 1e9 as unknown as string })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: AMOUNT_INVALID })
    expect(await stateOf(leadId)).toEqual(before)

    // Only on a job the craftsman took: not on an offer waiting or declined.
    const waiting = await openOffer(other!.area, leadId)
    expect(await errorOf(other!.area.area.offers.setOutcome.mutate({ assignmentId: waiting.assignmentId, outcome: 'acquisito', amount: null }))).toMatchObject({
      code: 'CONFLICT',
      message: OUTCOME_NOT_ACCEPTED,
    })
    expect(await stateOf(leadId)).toEqual(before)
  })
})

describe('history', () => {
  it('lists every past offer newest first, 15 a page, searchable by service, comune and the name of an accepted job’s requester only', async () => {
    const { artisans } = await setUp(1)
    const [me] = artisans
    const base = Date.parse('2026-10-01T08:00:00.000Z')
    const insert = (leadId: number, minutes: number, response: 'declined' | 'accepted') =>
      changeRows(
        signedIn.server.databasePath,
        'insert into lead_assignments (lead_id, artisan_id, assigned_at, assigned_by, response, responded_at) values (?, ?, ?, ?, ?, ?)',
        leadId,
        me!.id,
        new Date(base + minutes * 60_000).toISOString(),
        'test',
        response,
        new Date(base + (minutes + 5) * 60_000).toISOString(),
      )
    const declinedIds: number[] = []
    for (let i = 0; i < 16; i++) {
      const id = await addLead(signedIn.server.databasePath, quoteLead({ fullName: `Rifiutato Rossi ${i}`, email: `storico${i}@example.com` }))
      insert(id, i, 'declined')
      declinedIds.push(id)
    }
    const plumbing = await addLead(
      signedIn.server.databasePath,
      quoteLead({
        fullName: 'Giovanna Accettata',
        email: 'giovanna@example.com',
        serviceId: 'idraulico',
        serviceName: 'Idraulico',
        comuneSlug: 'rho',
        placeId: 'comune-rho',
        locationLabel: 'Rho',
      }),
    )
    insert(plumbing, 100, 'accepted')
    changeRows(signedIn.server.databasePath, "update leads set status = 'acquisito' where id = ?", plumbing)

    const first = await me!.area.area.offers.history.query({ page: 1 })
    expect(first).toMatchObject({ total: 17, page: 1, pageSize: 15 })
    expect(first.rows.map((row) => row.leadId)).toEqual([plumbing, ...declinedIds.slice(2).reverse()])
    expect(first.rows[0]).toMatchObject({ state: 'accepted', requesterName: 'Giovanna Accettata', serviceName: 'Idraulico', comune: 'Rho' })
    expect((await me!.area.area.offers.history.query({ page: 2 })).rows.map((row) => row.leadId)).toEqual([declinedIds[1], declinedIds[0]])
    expect((await me!.area.area.offers.history.query({ page: 3 })).rows).toEqual([])

    const search = async (query: string) => (await me!.area.area.offers.history.query({ query })).rows.map((row) => row.leadId)
    expect(await search('idraul')).toEqual([plumbing])
    expect(await search('RHO')).toEqual([plumbing])
    expect(await search('giovanna')).toEqual([plumbing])
    expect((await search('sesto')).length).toBe(15)
    // A requester whose job the craftsman never took is not found by name; nor is anything by the street.
    expect(await search('Rifiutato Rossi')).toEqual([])
    expect(await search('Via Roma')).toEqual([])
    expect(await search('50%_')).toEqual([])
  })

  it('refuses a search of 5,000 characters and pages 0 and 10^9 with their messages', async () => {
    const { artisans } = await setUp(1)
    const area = artisans[0]!.area
    expect(await errorOf(area.area.offers.history.query({ query: 'a'.repeat(5000) }))).toMatchObject({ code: 'BAD_REQUEST', message: SEARCH_TOO_LONG })
    expect(await errorOf(area.area.offers.history.query({ page: 0 }))).toMatchObject({ code: 'BAD_REQUEST', message: PAGE_INVALID })
    expect(await errorOf(area.area.offers.history.query({ page: 1e9 }))).toMatchObject({ code: 'BAD_REQUEST', message: PAGE_INVALID })
    expect(await errorOf(area.area.offers.history.query({ page: 1.5 }))).toMatchObject({ code: 'BAD_REQUEST', message: PAGE_INVALID })
  })
})

describe('ownership', () => {
  it("refuses every procedure on another craftsman's offers with NOT_FOUND and changes nothing", async () => {
    const { leadId, artisans } = await setUp(2)
    const [owner, stranger] = artisans
    await offer(leadId, [owner!])
    const open = await openOffer(owner!.area, leadId)
    const ref = { assignmentId: open.assignmentId, offerNumber: open.offerNumber }
    const before = await stateOf(leadId)
    const area = stranger!.area.area.offers
    for (const call of [
      () => area.accept.mutate(ref),
      () => area.decline.mutate({ ...ref, reason: 'altro' }),
      () => area.withdraw.mutate(ref),
      () => area.setOutcome.mutate({ assignmentId: ref.assignmentId, outcome: 'acquisito', amount: '100' }),
    ]) {
      expect(await errorOf(call())).toMatchObject({ code: 'NOT_FOUND', message: OFFER_NOT_FOUND })
    }
    expect(await area.open.query()).toEqual([])
    expect((await area.accepted.query()).jobs).toEqual([])
    expect(await area.history.query({ query: '' })).toMatchObject({ rows: [], total: 0 })

    // Once accepted by its owner, still not the stranger's to give back or to say how it ended.
    await owner!.area.area.offers.accept.mutate(ref)
    const accepted = await stateOf(leadId)
    for (const call of [
      () => area.withdraw.mutate(ref),
      () => area.setOutcome.mutate({ assignmentId: ref.assignmentId, outcome: 'non_acquisito', amount: null }),
    ]) {
      expect(await errorOf(call())).toMatchObject({ code: 'NOT_FOUND', message: OFFER_NOT_FOUND })
    }
    expect((await area.accepted.query()).jobs).toEqual([])
    expect(await area.history.query({ query: 'Carla' })).toMatchObject({ rows: [], total: 0 })
    expect(await stateOf(leadId)).toEqual(accepted)
    expect(before.offers).toHaveLength(1)

    // An unknown row is refused the same way.
    expect(await errorOf(area.accept.mutate({ assignmentId: 2 ** 31 - 1, offerNumber: 1 }))).toMatchObject({ code: 'NOT_FOUND', message: OFFER_NOT_FOUND })
  })

  it('answers nothing without an area session, nor to an administrator’s', async () => {
    const anonymous = trpcClient(signedIn.server.url)
    expect(await errorOf(anonymous.area.offers.open.query())).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await errorOf(signedIn.trpc.area.offers.accepted.query())).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await errorOf(anonymous.area.offers.accept.mutate({ assignmentId: 1, offerNumber: 1 }))).toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

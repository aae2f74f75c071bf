import { describe, expect, it } from 'vitest'
import type { LeadUpdate } from '#db/schema.ts'
import { artisan, quoteLead } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { acceptedJobs, findAreaOffer, offerHistory, openOffers, setOfferOutcome } from './area-offers.ts'
import { insertArtisan } from './artisans.ts'
import { type LeadInput, insertLead } from './leads.ts'
import { acceptOffer, DISPATCHER, declineOffer, recordOffer, revokeOffers, withdrawAcceptance } from './offers.ts'

const database = serveTestDatabase()

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const T0 = Date.parse('2026-12-09T09:00:00.000Z')
const at = (minutes: number) => new Date(T0 + minutes * MINUTE)
const iso = (minutes: number) => at(minutes).toISOString()

let serial = 0
/** A quote in Sesto San Giovanni from its own requester, stored at `minutes`. */
function addLead(minutes: number, overrides: Partial<LeadInput> = {}, attachments: string[] = []) {
  const n = ++serial
  return insertLead(
    database(),
    quoteLead({ fullName: `Carla Neri ${n}`, email: `cliente${n}@example.com`, street: `Via Marelli ${n}`, ...overrides }),
    attachments.map((fileName) => ({ fileName, contentType: 'image/jpeg', content: Buffer.from('jpeg') })),
    iso(minutes),
  )
}

/** An electrician based in Milano who covers Sesto San Giovanni (the helpers' craftsman). */
async function addArtisan(name: string) {
  const row = await insertArtisan(database(), artisan({ email: `${name.toLowerCase()}@artigiani.example`, contactName: name, companyName: `${name} Impianti` }))
  return row.id
}

async function offer(leadId: number, artisanId: number, minutes: number, assignedBy = 'admin-1') {
  const { assignmentId, offerNumber } = await recordOffer(database(), { leadId, artisanId, artisanName: 'x', assignedBy, actor: 'ufficio' }, iso(minutes))
  return { assignmentId, leadId, artisanId, offerNumber }
}

const setLead = (leadId: number, change: LeadUpdate) => database().updateTable('leads').set(change).where('id', '=', leadId).execute()

describe('open offers', () => {
  it('show the job with its distance, files, counts and time left, soonest first, only the craftsman’s own and still answerable', async () => {
    const db = database()
    const [mine, other, third] = [await addArtisan('Luca'), await addArtisan('Paolo'), await addArtisan('Sara')]
    const km = (
      await db
        .selectFrom('artisan_coverage_comuni')
        .select('distance_km')
        .where('artisan_id', '=', mine)
        .where('sector', '=', 'Elettricista')
        .where('comune_slug', '=', 'sesto-san-giovanni')
        .executeTakeFirstOrThrow()
    ).distance_km
    expect(km).toBeGreaterThan(0)

    const byHand = await addLead(0, { answers: { intervento: 'guasto', superficie: 85 }, timing: 'entro-3-mesi', description: 'Salta la corrente.' }, [
      'quadro.jpg',
      'cucina.jpg',
    ])
    const handOffer = await offer(byHand, mine, 10)
    const othersOffer = await offer(byHand, other, 11)
    await acceptOffer(db, othersOffer, DAY, at(20))
    await offer(byHand, third, 12)
    await revokeOffers(db, { leadId: byHand, artisanIds: [third], actor: 'ufficio' }, iso(13))

    // The dispatcher's offer whose round ends in 4 hours: answerable until then, so it comes first.
    const dispatched = await addLead(30)
    const roundOffer = await offer(dispatched, mine, 40, DISPATCHER)
    await setLead(dispatched, { dispatch_round: 1, dispatch_due_at: iso(40 + 240), taken_by_hand_at: null })
    // Not the craftsman's: answered, taken back, on a closed lead, expired with its links, someone else's.
    const answered = await addLead(0)
    await declineOffer(db, await offer(answered, mine, 5), 'altro', at(6))
    const revoked = await addLead(0)
    await offer(revoked, mine, 5)
    await revokeOffers(db, { leadId: revoked, actor: 'ufficio' }, iso(7))
    const closed = await addLead(0)
    await offer(closed, mine, 5)
    await setLead(closed, { status: 'perso' })
    const old = await addLead(-8 * 24 * 60)
    await offer(old, mine, 50 - 7 * 24 * 60)
    await offer(await addLead(0), other, 5)

    const now = at(50)
    const open = await openOffers(db, mine, now)
    expect(open).toEqual([
      expect.objectContaining({
        assignmentId: roundOffer.assignmentId,
        leadId: dispatched,
        offeredAt: iso(40),
        answerBy: iso(280),
        answerByReason: 'round',
      }),
      {
        assignmentId: handOffer.assignmentId,
        offerNumber: 1,
        leadId: byHand,
        serviceName: 'Elettricista',
        comune: 'Sesto San Giovanni',
        distanceKm: km,
        answers: [
          { question: 'Tipo di intervento', answer: 'Guasto o blackout' },
          { question: "Superficie dell'immobile", answer: '85 m²' },
        ],
        timing: 'Entro 3 mesi',
        description: 'Salta la corrente.',
        requestedAt: iso(0),
        attachments: ['quadro.jpg', 'cucina.jpg'],
        offeredAt: iso(10),
        offeredTo: 2,
        acceptedSoFar: 1,
        answerBy: new Date(T0 + 10 * MINUTE + 7 * DAY).toISOString(),
        answerByReason: 'link',
      },
    ])
    // The link of the old offer expires exactly 7 days after it was made.
    expect((await openOffers(db, mine, new Date(T0 + (50 - 7 * 24 * 60) * MINUTE + 7 * DAY - 1))).map((row) => row.leadId)).toContain(old)
    // While a dispatcher holds the lead, its due time is the claim's lease: only the links bound the answer.
    await setLead(dispatched, { dispatch_claimed_by: 'a-process' })
    expect((await openOffers(db, mine, now)).find((row) => row.leadId === dispatched)).toMatchObject({
      answerBy: new Date(T0 + 40 * MINUTE + 7 * DAY).toISOString(),
      answerByReason: 'link',
    })
    expect(await openOffers(db, third, now)).toEqual([])
  })
})

describe('accepted jobs', () => {
  it('list the latest first with the requester’s contacts, a page at a time with the total, and until when each can be given back', async () => {
    const db = database()
    const me = await addArtisan('Luca')
    const leads: number[] = []
    for (let i = 0; i < 5; i++) {
      const leadId = await addLead(i)
      leads.push(leadId)
      await acceptOffer(db, await offer(leadId, me, 10 + i), DAY, at(60 + i))
    }
    const now = at(70)
    const firstPage = await acceptedJobs(db, me, 3, now)
    expect(firstPage.total).toBe(5)
    expect(firstPage.jobs.map((job) => job.leadId)).toEqual([leads[4], leads[3], leads[2]])
    expect((await acceptedJobs(db, me, 40, now)).jobs.map((job) => job.leadId)).toEqual([...leads].reverse())
    expect(firstPage.jobs[0]).toMatchObject({
      offerNumber: 1,
      serviceName: 'Elettricista',
      comune: 'Sesto San Giovanni',
      acceptedAt: iso(64),
      closed: false,
      requester: {
        name: `Carla Neri ${serial}`,
        phone: '+39 333 123 4567',
        email: `cliente${serial}@example.com`,
        address: `Via Marelli ${serial}, Sesto San Giovanni`,
      },
      outcome: null,
      outcomeAmountCents: null,
      outcomeAt: null,
      withdrawUntil: new Date(T0 + 64 * MINUTE + DAY).toISOString(),
    })
    // A day and a minute after accepting: no longer given back.
    expect((await acceptedJobs(db, me, 1, new Date(T0 + 65 * MINUTE + DAY))).jobs[0]!.withdrawUntil).toBeNull()
  })

  it('keep a job whose lead the office closed for 30 days after accepting, and drop one given back', async () => {
    const db = database()
    const me = await addArtisan('Luca')
    const closed = await addLead(0)
    await acceptOffer(db, await offer(closed, me, 10), DAY, at(20))
    await setLead(closed, { status: 'acquisito' })
    const givenBack = await addLead(0)
    const back = await offer(givenBack, me, 10)
    await acceptOffer(db, back, DAY, at(20))
    expect(await withdrawAcceptance(db, back, at(30))).toBe('done')

    const within = await acceptedJobs(db, me, 20, new Date(T0 + 20 * MINUTE + 30 * DAY - 1))
    expect(within).toMatchObject({ total: 1, jobs: [{ leadId: closed, closed: true, withdrawUntil: null }] })
    expect(await acceptedJobs(db, me, 20, new Date(T0 + 20 * MINUTE + 30 * DAY))).toEqual({ jobs: [], total: 0 })
  })
})

describe('the history of offers', () => {
  it('lists every past offer newest first, 15 a page, with how it ended and the requester named only for a job the craftsman took', async () => {
    const db = database()
    const me = await addArtisan('Luca')
    const declined: number[] = []
    for (let i = 0; i < 16; i++) {
      const leadId = await addLead(0, { fullName: `Rifiutato Rossi ${i}` })
      await declineOffer(db, await offer(leadId, me, i), 'troppo_lontano', at(i + 5))
      declined.push(leadId)
    }
    const accepted = await addLead(0, {
      fullName: 'Giovanna Accettata',
      serviceId: 'idraulico',
      serviceName: 'Idraulico',
      comuneSlug: 'rho',
      placeId: 'comune-rho',
      locationLabel: 'Rho',
    })
    await acceptOffer(db, await offer(accepted, me, 100), DAY, at(105))
    await setLead(accepted, { status: 'acquisito' })
    const now = new Date(T0 + 105 * MINUTE + 31 * DAY)

    const first = await offerHistory(db, me, { query: '', page: 1 }, now)
    expect(first).toMatchObject({ total: 17, page: 1, pageSize: 15 })
    expect(first.rows.map((row) => row.leadId)).toEqual([accepted, ...declined.slice(2).reverse()])
    expect(first.rows[0]).toMatchObject({
      state: 'accepted',
      requesterName: 'Giovanna Accettata',
      serviceName: 'Idraulico',
      comune: 'Rho',
      distanceKm: null,
      offeredAt: iso(100),
      respondedAt: iso(105),
    })
    expect(first.rows[1]).toMatchObject({ state: 'declined', declineReason: 'troppo_lontano', requesterName: null, comune: 'Sesto San Giovanni' })
    expect((await offerHistory(db, me, { query: '', page: 2 }, now)).rows.map((row) => row.leadId)).toEqual([declined[1], declined[0]])
    expect(await offerHistory(db, me, { query: '', page: 3 }, now)).toMatchObject({ rows: [], total: 17 })
  })

  it('says an offer was given back, taken back, closed or expired, and leaves out the open offers and the current jobs', async () => {
    const db = database()
    const [me, other] = [await addArtisan('Luca'), await addArtisan('Paolo')]
    const withdrawn = await addLead(0)
    const back = await offer(withdrawn, me, 1)
    await acceptOffer(db, back, DAY, at(2))
    await withdrawAcceptance(db, back, at(3))
    const revoked = await addLead(0)
    await offer(revoked, me, 4)
    await revokeOffers(db, { leadId: revoked, actor: 'ufficio' }, iso(5))
    const closed = await addLead(0)
    await offer(closed, me, 6)
    await setLead(closed, { status: 'perso' })
    const expired = await addLead(0)
    await offer(expired, me, 7)
    const open = await addLead(0)
    await offer(open, me, 7 * 24 * 60)
    const current = await addLead(0)
    await acceptOffer(db, await offer(current, me, 7 * 24 * 60), DAY, at(7 * 24 * 60 + 1))
    await offer(await addLead(0), other, 7)

    const now = at(7 * 24 * 60 + 10)
    const history = await offerHistory(db, me, { query: '', page: 1 }, now)
    expect(history.rows.map((row) => [row.leadId, row.state, row.requesterName])).toEqual([
      [expired, 'expired', null],
      [closed, 'closed', null],
      [revoked, 'revoked', null],
      [withdrawn, 'withdrawn', null],
    ])
    expect(history.total).toBe(4)
    expect((await openOffers(db, me, now)).map((row) => row.leadId)).toEqual([open])
    expect((await acceptedJobs(db, me, 20, now)).jobs.map((job) => job.leadId)).toEqual([current])
    expect(await offerHistory(db, other, { query: 'Carla', page: 1 }, now)).toMatchObject({ rows: [], total: 0 })
  })

  it('is searched by service and comune ignoring case, by the name of a taken job’s requester only, wildcards as typed', async () => {
    const db = database()
    const me = await addArtisan('Luca')
    const past = async (lead: Partial<LeadInput>, answer: 'accept' | 'decline') => {
      const leadId = await addLead(0, lead)
      const ref = await offer(leadId, me, serial)
      if (answer === 'accept') await acceptOffer(db, ref, DAY, at(serial + 1))
      else await declineOffer(db, ref, null, at(serial + 1))
      await setLead(leadId, { status: 'acquisito' })
      return leadId
    }
    const plumbing = await past(
      { fullName: 'Giovanna Accettata', serviceId: 'idraulico', serviceName: 'Idraulico', comuneSlug: 'rho', placeId: 'comune-rho', locationLabel: 'Rho' },
      'accept',
    )
    const percent = await past(
      { fullName: 'Anna Sconto 100%', comuneSlug: 'cernusco-sul-naviglio', placeId: 'comune-cernusco-sul-naviglio', locationLabel: 'Cernusco sul Naviglio' },
      'accept',
    )
    const declinedLead = await past({ fullName: 'Rifiutato Rossi' }, 'decline')
    const now = at(60 * 24 * 60)
    const search = async (query: string) => (await offerHistory(db, me, { query, page: 1 }, now)).rows.map((row) => row.leadId)

    expect(await search('')).toEqual([declinedLead, percent, plumbing])
    expect(await search('idraul')).toEqual([plumbing])
    expect(await search('IDRAULICO')).toEqual([plumbing])
    expect(await search('  RHO ')).toEqual([plumbing])
    expect(await search('CERNUSCO sul')).toEqual([percent])
    expect(await search('giovanna')).toEqual([plumbing])
    expect(await search('GIOVANNA accettata')).toEqual([plumbing])
    expect(await search('0%')).toEqual([percent])
    expect(await search('elettric')).toEqual([declinedLead, percent])
    // Not the name of a requester whose job the craftsman never took, nor anything by the street; % and _ match themselves.
    expect(await search('Rifiutato')).toEqual([])
    expect(await search('Via Marelli')).toEqual([])
    expect(await search('50%_')).toEqual([])
    expect(await search('_')).toEqual([])
    expect((await offerHistory(db, me, { query: 'elettric', page: 1 }, now)).total).toBe(2)
  })
})

describe("Com'è finita?", () => {
  it('is set and changed on a job the craftsman took and stands by, with the audit record; refused on any other offer', async () => {
    const db = database()
    const [me, other] = [await addArtisan('Luca'), await addArtisan('Paolo')]
    const leadId = await addLead(0)
    const mine = await offer(leadId, me, 10)
    const theirs = await offer(leadId, other, 11)
    await acceptOffer(db, mine, DAY, at(20))
    const luca = { id: me, email: 'luca@artigiani.example' }

    expect(await setOfferOutcome(db, luca, { assignmentId: mine.assignmentId, outcome: 'preventivo_inviato', amountCents: null }, iso(30))).toBe('done')
    expect(await setOfferOutcome(db, luca, { assignmentId: mine.assignmentId, outcome: 'acquisito', amountCents: 125050 }, iso(40))).toBe('done')
    expect((await acceptedJobs(db, me, 20, at(50))).jobs[0]).toMatchObject({ outcome: 'acquisito', outcomeAmountCents: 125050, outcomeAt: iso(40) })
    const audit = await db
      .selectFrom('audit_log')
      .select(['actor_kind', 'actor_id', 'actor_email', 'action', 'entity_type', 'entity_id', 'details', 'created_at'])
      .orderBy('id')
      .execute()
    expect(audit.map((entry) => ({ ...entry, details: JSON.parse(entry.details!) }))).toEqual([
      {
        actor_kind: 'artisan',
        actor_id: String(me),
        actor_email: 'luca@artigiani.example',
        action: 'offer_outcome_set',
        entity_type: 'artisan',
        entity_id: String(me),
        details: { leadId, outcome: 'preventivo_inviato', amountCents: null },
        created_at: iso(30),
      },
      expect.objectContaining({ details: { leadId, outcome: 'acquisito', amountCents: 125050 }, created_at: iso(40) }),
    ])

    // Another craftsman's row is missing to this one; an offer waiting, or a job given back, is not accepted.
    expect(await findAreaOffer(db, me, theirs.assignmentId)).toBeUndefined()
    expect(await findAreaOffer(db, other, theirs.assignmentId)).toMatchObject({ id: theirs.assignmentId, lead_id: leadId, artisan_id: other, response: null })
    expect(await setOfferOutcome(db, luca, { assignmentId: theirs.assignmentId, outcome: 'acquisito', amountCents: null }, iso(60))).toBe('missing')
    expect(
      await setOfferOutcome(
        db,
        { id: other, email: 'paolo@artigiani.example' },
        { assignmentId: theirs.assignmentId, outcome: 'acquisito', amountCents: null },
        iso(60),
      ),
    ).toBe('not_accepted')
    await withdrawAcceptance(db, mine, at(70))
    expect(await setOfferOutcome(db, luca, { assignmentId: mine.assignmentId, outcome: 'non_acquisito', amountCents: 8000 }, iso(80))).toBe('not_accepted')
    expect(await db.selectFrom('audit_log').select('id').execute()).toHaveLength(2)
    expect(await db.selectFrom('lead_assignments').select(['id', 'outcome', 'outcome_amount_cents']).orderBy('id').execute()).toEqual([
      { id: mine.assignmentId, outcome: 'acquisito', outcome_amount_cents: 125050 },
      { id: theirs.assignmentId, outcome: null, outcome_amount_cents: null },
    ])
  })
})

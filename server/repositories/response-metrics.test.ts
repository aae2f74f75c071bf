import { describe, expect, it } from 'vitest'
import { artisan, quoteLead } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { updateLeadWork } from './admin-leads.ts'
import { insertArtisan } from './artisans.ts'
import { insertLead } from './leads.ts'
import { acceptOffer, DISPATCHER, declineOffer, type OfferRef, recordOffer, revokeOffers, withdrawAcceptance } from './offers.ts'
import { saveRating } from './ratings.ts'
import {
  artisanOffers,
  artisanResponseStats,
  rebuildArtisanResponseTotals,
  rebuildOfferDays,
  responseMetrics,
  responseTotalsOf,
  waitingLeads,
} from './response-metrics.ts'

const database = serveTestDatabase()

const OFFICE = 'ufficio@artigianimilano.it'
const MINUTE = 60_000
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE)

let serial = 0
async function newArtisan(name: string) {
  const n = ++serial
  return (await insertArtisan(database(), artisan({ email: `artigiano${n}@artigiani.example`, contactName: name, companyName: null }))).id
}

/** A lead stored an hour before `offeredAt`, out of automatic dispatch unless said otherwise. */
async function addLead(offeredAt: string, dispatch = false) {
  const n = ++serial
  return insertLead(database(), quoteLead({ email: `cliente${n}@example.com`, dispatch }), [], plus(offeredAt, -60).toISOString())
}

async function offer(
  leadId: number,
  artisanId: number,
  assignedAt: string,
  by: { assignedBy: string; actor: string } = { assignedBy: 'admin', actor: OFFICE },
) {
  const { assignmentId } = await recordOffer(database(), { leadId, artisanId, artisanName: `Artigiano ${artisanId}`, ...by }, assignedAt)
  return { assignmentId, leadId, artisanId } satisfies OfferRef
}

describe('the dashboard’s waiting leads', () => {
  const cutoff = '2026-11-10T08:00:00.000Z'

  it('are the open leads offered by the cutoff that nobody accepted, longest waiting first, with the offers still pending and those declined', async () => {
    const db = database()
    const [marco, paolo] = [await newArtisan('Marco Riva'), await newArtisan('Paolo Neri')]
    const declinedOne = await addLead('2026-11-09T07:00:00.000Z')
    await offer(declinedOne, marco, '2026-11-09T07:00:00.000Z')
    await declineOffer(db, await offer(declinedOne, paolo, '2026-11-09T07:00:00.000Z'), 'troppo_lontano', new Date('2026-11-09T07:30:00.000Z'))
    const oldest = await addLead('2026-11-08T10:00:00.000Z')
    await offer(oldest, marco, '2026-11-08T10:00:00.000Z')
    const tiedFirst = await addLead('2026-11-08T12:00:00.000Z')
    const tiedSecond = await addLead('2026-11-08T12:00:00.000Z')
    for (const leadId of [tiedSecond, tiedFirst]) await offer(leadId, marco, '2026-11-08T12:00:00.000Z')
    const atCutoff = await addLead(cutoff)
    await offer(atCutoff, marco, cutoff)
    // Taken back by the office with nobody else on it: still nobody accepted.
    const takenBack = await addLead('2026-11-08T14:00:00.000Z')
    await offer(takenBack, marco, '2026-11-08T14:00:00.000Z')
    await revokeOffers(db, { leadId: takenBack, artisanIds: [marco], actor: OFFICE }, '2026-11-08T15:00:00.000Z')
    // Accepted, then given back: it waits again from then.
    const givenBack = await addLead('2026-11-07T10:00:00.000Z')
    const accepted = await offer(givenBack, marco, '2026-11-07T10:00:00.000Z')
    await acceptOffer(db, accepted, 0, new Date('2026-11-07T11:00:00.000Z'))
    expect(await withdrawAcceptance(db, accepted, new Date('2026-11-07T12:00:00.000Z'))).toBe('done')

    // Not waiting: offered after the cutoff, accepted, closed by the office, offered again after the cutoff.
    const fresh = await addLead('2026-11-10T09:00:00.000Z')
    await offer(fresh, marco, '2026-11-10T09:00:00.000Z')
    const taken = await addLead('2026-11-08T10:00:00.000Z')
    await acceptOffer(db, await offer(taken, marco, '2026-11-08T10:00:00.000Z'), 0, new Date('2026-11-08T11:00:00.000Z'))
    const lost = await addLead('2026-11-08T10:00:00.000Z')
    await offer(lost, marco, '2026-11-08T10:00:00.000Z')
    await updateLeadWork(db, lost, { status: 'perso' }, '2026-11-09T10:00:00.000Z')
    const offeredAgain = await addLead('2026-11-08T10:00:00.000Z')
    await offer(offeredAgain, marco, '2026-11-08T10:00:00.000Z')
    await revokeOffers(db, { leadId: offeredAgain, artisanIds: [marco], actor: OFFICE }, '2026-11-10T08:30:00.000Z')
    await offer(offeredAgain, paolo, '2026-11-10T08:30:00.000Z')

    const { leads, total } = await waitingLeads(db, cutoff)
    expect(total).toBe(7)
    expect(leads.map((lead) => [lead.id, lead.awaiting_answer_since, lead.pending, lead.declined])).toEqual([
      [givenBack, '2026-11-07T12:00:00.000Z', 0, 0],
      [oldest, '2026-11-08T10:00:00.000Z', 1, 0],
      [tiedFirst, '2026-11-08T12:00:00.000Z', 1, 0],
      [tiedSecond, '2026-11-08T12:00:00.000Z', 1, 0],
      [takenBack, '2026-11-08T14:00:00.000Z', 0, 0],
      [declinedOne, '2026-11-09T07:00:00.000Z', 1, 1],
      [atCutoff, cutoff, 1, 0],
    ])
    expect(leads[1]).toEqual({
      id: oldest,
      created_at: '2026-11-08T09:00:00.000Z',
      service_name: 'Elettricista',
      location_label: 'Via Roma 10, Sesto San Giovanni MI, Italia',
      status: 'assegnato',
      awaiting_answer_since: '2026-11-08T10:00:00.000Z',
      pending: 1,
      declined: 0,
    })
    expect(leads[0]!.status).toBe('contattato')
    const firstTwo = await waitingLeads(db, cutoff, 2)
    expect(firstTwo).toEqual({ leads: leads.slice(0, 2), total: 7 })
  })

  it('leave out, with automatic dispatch on, a lead still in one of its rounds, until the dispatcher gives it to the office', async () => {
    const db = database()
    const marco = await newArtisan('Marco Riva')
    const inRound = await addLead('2026-11-08T10:00:00.000Z', true)
    await offer(inRound, marco, '2026-11-08T10:00:00.000Z', { assignedBy: DISPATCHER, actor: 'sistema' })
    const office = await addLead('2026-11-08T11:00:00.000Z')
    await offer(office, marco, '2026-11-08T11:00:00.000Z')
    const ids = async (dispatching: boolean) => {
      const { leads, total } = await waitingLeads(db, cutoff, 20, dispatching)
      expect(total).toBe(leads.length)
      return leads.map((lead) => lead.id)
    }
    expect(await ids(true)).toEqual([office])
    // With dispatch off the lead is the office's again, and waits like any other.
    expect(await ids(false)).toEqual([inRound, office])
    // The dispatcher flags it for the office ("Nessun artigiano disponibile"): its due time goes, and it waits again.
    await db
      .updateTable('leads')
      .set({ dispatch_due_at: null, no_artisan_reason: 'all_declined', no_artisan_at: '2026-11-09T12:00:00.000Z' })
      .where('id', '=', inRound)
      .execute()
    expect(await ids(true)).toEqual([inRound, office])
  })
})

describe('the dashboard’s 30-day response figures', () => {
  // 23:50 of 25 October in Rome: the 30 days start at midnight of 26 September in Rome, 22:00 UTC of the 25th.
  const now = new Date('2026-10-25T22:50:00.000Z')

  it('count the offers of the last 30 Italian days not taken back, those answered and accepted, and the median wait to a lead’s first acceptance', async () => {
    const db = database()
    expect(await responseMetrics(db, now)).toEqual({ days: 30, offers: 0, answered: 0, accepted: 0, acceptedLeads: 0, medianMsToFirstAcceptance: null })
    const [marco, paolo] = [await newArtisan('Marco Riva'), await newArtisan('Paolo Neri')]
    // Before the period: an offer at 23:59 of 25 September in Rome left unanswered, and a lead accepted then.
    await offer(await addLead('2026-09-25T21:59:00.000Z'), marco, '2026-09-25T21:59:00.000Z')
    const before = await addLead('2026-09-20T08:00:00.000Z')
    await acceptOffer(db, await offer(before, marco, '2026-09-20T08:00:00.000Z'), 0, new Date('2026-09-25T21:59:00.000Z'))
    // A: accepted after 60 minutes, declined by the other. B: accepted after 30. C: one offer taken back, the other
    // accepted after 120. D: not answered.
    const a = await addLead('2026-10-01T08:00:00.000Z')
    const [aMarco, aPaolo] = [await offer(a, marco, '2026-10-01T08:00:00.000Z'), await offer(a, paolo, '2026-10-01T08:00:00.000Z')]
    await acceptOffer(db, aMarco, 0, plus('2026-10-01T08:00:00.000Z', 60))
    await declineOffer(db, aPaolo, 'troppo_impegnato', plus('2026-10-01T08:00:00.000Z', 90))
    const b = await addLead('2026-10-02T08:00:00.000Z')
    await acceptOffer(db, await offer(b, marco, '2026-10-02T08:00:00.000Z'), 0, plus('2026-10-02T08:00:00.000Z', 30))
    const c = await addLead('2026-10-03T08:00:00.000Z')
    const cMarco = await offer(c, marco, '2026-10-03T08:00:00.000Z')
    await offer(c, paolo, '2026-10-03T08:00:00.000Z')
    await revokeOffers(db, { leadId: c, artisanIds: [paolo], actor: OFFICE }, '2026-10-03T09:00:00.000Z')
    await acceptOffer(db, cMarco, 0, plus('2026-10-03T08:00:00.000Z', 120))
    await offer(await addLead('2026-10-04T08:00:00.000Z'), paolo, '2026-10-04T08:00:00.000Z')

    const middle = { offers: 5, answered: 4, accepted: 3, acceptedLeads: 3 }
    expect(await responseMetrics(db, now)).toEqual({ days: 30, ...middle, medianMsToFirstAcceptance: 60 * MINUTE })
    // An even count: the mean of the two middle waits. This lead's offer came before the period, its acceptance inside it.
    const straddling = await addLead('2026-09-25T21:59:00.000Z')
    await acceptOffer(db, await offer(straddling, marco, '2026-09-25T21:59:00.000Z'), 0, new Date('2026-09-25T22:30:00.000Z'))
    expect(await responseMetrics(db, now)).toEqual({ days: 30, ...middle, acceptedLeads: 4, medianMsToFirstAcceptance: ((31 + 60) / 2) * MINUTE })
    // A shorter period: from 1 October in Rome (22:00 UTC of 30 September).
    expect(await responseMetrics(db, now, 25)).toEqual({ days: 25, ...middle, medianMsToFirstAcceptance: 60 * MINUTE })
  })
})

/**
 * Marco's offers on eight leads, a day apart from 1 October (L6 and L7 at the same time): accepted and rated 4, declined
 * too far twice, declined without a reason, accepted then given back, taken back, waiting, accepted and rated 5. Paolo
 * has one waiting offer, on L1.
 */
async function marcosRecord() {
  const db = database()
  const [marco, paolo, nobody] = [await newArtisan('Marco Riva'), await newArtisan('Paolo Neri'), await newArtisan('Luca Verdi')]
  const day = (d: number) => `2026-10-0${d}T08:00:00.000Z`
  const leads: number[] = []
  const offers: OfferRef[] = []
  for (const d of [1, 2, 3, 4, 5, 6, 6, 8]) {
    const leadId = await addLead(day(d))
    leads.push(leadId)
    offers.push(await offer(leadId, marco, day(d)))
  }
  await offer(leads[0]!, paolo, day(1))
  const [l1, l2, l3, l4, l5, l6, , l8] = offers as OfferRef[]
  await acceptOffer(db, l1!, 0, plus(day(1), 10))
  await declineOffer(db, l2!, 'troppo_lontano', plus(day(2), 60))
  await declineOffer(db, l3!, 'troppo_lontano', plus(day(3), 20))
  await declineOffer(db, l4!, null, plus(day(4), 40))
  await acceptOffer(db, l5!, 0, plus(day(5), 30))
  await withdrawAcceptance(db, l5!, plus(day(5), 60))
  await revokeOffers(db, { leadId: l6!.leadId, artisanIds: [marco], actor: OFFICE }, plus(day(6), 240).toISOString())
  await acceptOffer(db, l8!, 0, plus(day(8), 5))
  expect(await saveRating(db, { leadId: l1!.leadId, artisanId: marco, stars: 4, outcome: 'fatto', comment: null }, '2026-10-20T10:00:00.000Z')).toBe('created')
  expect(await saveRating(db, { leadId: l8!.leadId, artisanId: marco, stars: 5, outcome: 'non_ancora', comment: 'Ottimo' }, '2026-10-21T10:00:00.000Z')).toBe(
    'created',
  )
  return { marco, paolo, nobody, leads }
}

describe('a craftsman’s record with the offers', () => {
  it('gives the totals, the reasons, the median time to answer, the average rating and the acceptance rate without the offers taken back', async () => {
    const db = database()
    const { marco, paolo, nobody } = await marcosRecord()
    const stats = await artisanResponseStats(db, marco)
    expect(stats).toEqual({
      offers: 8,
      accepted: 2,
      declined: 3,
      withdrawn: 1,
      revoked: 1,
      ratings: 2,
      averageRating: 4.5,
      acceptanceRate: 2 / 7,
      // The most given first, no reason last, on both engines.
      declineReasons: [
        { reason: 'troppo_lontano', count: 2 },
        { reason: null, count: 1 },
      ],
      // Answers after 5, 10, 20, 30, 40 and 60 minutes: the mean of 20 and 30.
      medianResponseMs: 25 * MINUTE,
    })
    const noRecord = {
      offers: 0,
      accepted: 0,
      declined: 0,
      withdrawn: 0,
      revoked: 0,
      ratings: 0,
      averageRating: null,
      acceptanceRate: null,
      declineReasons: [],
      medianResponseMs: null,
    }
    expect(await artisanResponseStats(db, paolo)).toEqual({ ...noRecord, offers: 1, acceptanceRate: 0 })
    expect(await artisanResponseStats(db, nobody)).toEqual(noRecord)
    expect(await responseTotalsOf(db, [nobody, paolo, marco])).toEqual(
      expect.arrayContaining([
        { artisan_id: marco, offers: 8, accepted: 2, revoked: 1, ratings: 2, stars: 9 },
        { artisan_id: paolo, offers: 1, accepted: 0, revoked: 0, ratings: 0, stars: 0 },
      ]),
    )
    expect(await responseTotalsOf(db, [nobody, paolo, marco])).toHaveLength(2)
    expect(await responseTotalsOf(db, [])).toEqual([])
  })

  it('lists the leads offered a page at a time, newest first, with the answer and the requester’s rating of that craftsman', async () => {
    const db = database()
    const { marco, paolo, nobody, leads } = await marcosRecord()
    const page = async (artisanId: number, n: number, size?: number) => {
      const result = await artisanOffers(db, artisanId, n, size)
      return { ...result, rows: result.rows.map((row) => [row.lead_id, row.response, row.stars]) }
    }
    const [l1, l2, l3, l4, l5, l6, l7, l8] = leads
    expect(await page(marco, 1, 3)).toEqual({
      rows: [
        [l8, 'accepted', 5],
        [l7, null, null],
        [l6, null, null],
      ],
      total: 8,
      page: 1,
      pageSize: 3,
    })
    expect((await page(marco, 2, 3)).rows).toEqual([
      [l5, 'accepted', null],
      [l4, 'declined', null],
      [l3, 'declined', null],
    ])
    expect((await page(marco, 3, 3)).rows).toEqual([
      [l2, 'declined', null],
      [l1, 'accepted', 4],
    ])
    expect(await page(marco, 4, 3)).toEqual({ rows: [], total: 8, page: 4, pageSize: 3 })
    expect((await page(marco, 1)).rows.map(([leadId]) => leadId)).toEqual([l8, l7, l6, l5, l4, l3, l2, l1])
    // Paolo's offer of L1 carries no rating: Marco's belongs to Marco's row.
    expect(await page(paolo, 1)).toEqual({ rows: [[l1, null, null]], total: 1, page: 1, pageSize: 10 })
    expect(await page(nobody, 1)).toEqual({ rows: [], total: 0, page: 1, pageSize: 10 })

    const [newest, , , given] = (await artisanOffers(db, marco, 1, 4)).rows
    expect(newest).toEqual({
      lead_id: l8,
      assigned_at: '2026-10-08T08:00:00.000Z',
      response: 'accepted',
      responded_at: '2026-10-08T08:05:00.000Z',
      decline_reason: null,
      withdrawn_at: null,
      revoked_at: null,
      service_name: 'Elettricista',
      location_label: 'Via Roma 10, Sesto San Giovanni MI, Italia',
      status: 'contattato',
      stars: 5,
      outcome: 'non_ancora',
      comment: 'Ottimo',
    })
    expect(given).toMatchObject({ lead_id: l5, withdrawn_at: '2026-10-05T09:00:00.000Z', responded_at: '2026-10-05T08:30:00.000Z' })
  })

  it('is rebuilt, with the days of offers, from the offers and ratings exactly as the triggers keep them', async () => {
    const db = database()
    await marcosRecord()
    const kept = async () => ({
      totals: await db.selectFrom('artisan_response_totals').selectAll().orderBy('artisan_id').execute(),
      days: await db.selectFrom('offer_days').selectAll().where('offers', '>', 0).orderBy('day').execute(),
      leads: await db.selectFrom('leads').select(['id', 'first_offered_at', 'first_acceptance_ms']).orderBy('id').execute(),
    })
    const byTriggers = await kept()
    expect(byTriggers.days).toEqual([
      { day: '2026-10-01', offers: 2, answered: 1, accepted: 1 },
      { day: '2026-10-02', offers: 1, answered: 1, accepted: 0 },
      { day: '2026-10-03', offers: 1, answered: 1, accepted: 0 },
      { day: '2026-10-04', offers: 1, answered: 1, accepted: 0 },
      { day: '2026-10-05', offers: 1, answered: 1, accepted: 1 },
      { day: '2026-10-06', offers: 1, answered: 0, accepted: 0 },
      { day: '2026-10-08', offers: 1, answered: 1, accepted: 1 },
    ])
    await db.deleteFrom('artisan_response_totals').execute()
    await db.deleteFrom('offer_days').execute()
    await db.updateTable('leads').set({ first_offered_at: null }).execute()
    await rebuildArtisanResponseTotals(db)
    await rebuildOfferDays(db)
    expect(await kept()).toEqual(byTriggers)
  })
})

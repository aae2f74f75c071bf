import { describe, expect, it } from 'vitest'
import { artisan, quoteLead } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { insertArtisan } from './artisans.ts'
import { insertLead } from './leads.ts'
import {
  acceptedArtisans,
  acceptOffer,
  declineOffer,
  findOffer,
  leadExists,
  offeredArtisanIds,
  openOfferArtisanIds,
  recordOffer,
  revokeOffers,
  setOfferEmail,
  withdrawAcceptance,
} from './offers.ts'
import { enqueueEmail } from './outbox.ts'

const database = serveTestDatabase()

const HOUR = 3_600_000
const DAY = 24 * HOUR
const T0 = Date.parse('2026-12-09T09:00:00.000Z')
/** An instant `minutes` after the lead arrived. */
const at = (minutes: number) => new Date(T0 + minutes * 60_000)
const iso = (minutes: number) => at(minutes).toISOString()

/** A lead and `count` craftsmen (Mario 0, Mario 1, ...) to offer it to. */
async function setUp(count = 2) {
  const db = database()
  const leadId = await insertLead(db, quoteLead({ fullName: 'Carla Neri', email: 'carla.neri@example.com' }), [], iso(0))
  const artisans: number[] = []
  for (let i = 0; i < count; i++) {
    const row = await insertArtisan(db, artisan({ email: `artigiano${i}@artigiani.example`, contactName: `Mario ${i}`, companyName: `Impianti ${i} Srl` }))
    artisans.push(row.id)
  }
  return { leadId, artisans }
}

const offer = (leadId: number, artisanId: number, minutes: number, assignedBy = 'admin-1') =>
  recordOffer(database(), { leadId, artisanId, artisanName: `Artigiano n. ${artisanId}`, assignedBy, actor: 'ufficio@artigianimilano.it' }, iso(minutes))

const ref = (leadId: number, artisanId: number, offered: { assignmentId: number; offerNumber: number }) => ({
  assignmentId: offered.assignmentId,
  leadId,
  artisanId,
  offerNumber: offered.offerNumber,
})

const leadRow = (leadId: number) =>
  database()
    .selectFrom('leads')
    .select(['status', 'awaiting_answer_since', 'first_accepted_at', 'rating_request_due_at'])
    .where('id', '=', leadId)
    .executeTakeFirstOrThrow()

const offersOf = (leadId: number) =>
  database()
    .selectFrom('lead_assignments')
    .select([
      'artisan_id',
      'assigned_at',
      'assigned_by',
      'email_outbox_id',
      'response',
      'responded_at',
      'decline_reason',
      'withdrawn_at',
      'revoked_at',
      'offer_number',
    ])
    .where('lead_id', '=', leadId)
    .orderBy('id')
    .execute()

async function eventsOf(leadId: number) {
  const rows = await database()
    .selectFrom('lead_events')
    .select(['kind', 'artisan_id', 'actor', 'details', 'created_at'])
    .where('lead_id', '=', leadId)
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ ...row, details: row.details === null ? null : JSON.parse(row.details) }))
}

describe('an offer', () => {
  it('moves a new lead to assegnato and makes it wait; made again after a decline it takes the next number on the same row', async () => {
    const db = database()
    const { leadId, artisans } = await setUp(2)
    const [mario, luca] = artisans as [number, number]
    const first = await offer(leadId, mario, 10)
    expect(first.offerNumber).toBe(1)
    const mail = await enqueueEmail(db, { category: 'lead-offer', to: 'artigiano0@artigiani.example', subject: 'Nuovo lavoro', html: '<p>x</p>', text: 'x' })
    await setOfferEmail(db, first.assignmentId, mail)
    expect(await leadRow(leadId)).toMatchObject({ status: 'assegnato', awaiting_answer_since: iso(10) })
    // A second offer does not move the status again; the lead waits from the latest offer.
    await offer(leadId, luca, 20)
    expect(await leadRow(leadId)).toMatchObject({ status: 'assegnato', awaiting_answer_since: iso(20) })

    expect(await declineOffer(db, ref(leadId, mario, first), 'troppo_lontano', at(30))).toBe('done')
    const again = await offer(leadId, mario, 40, 'admin-2')
    expect(again).toEqual({ assignmentId: first.assignmentId, offerNumber: 2 })
    expect(await offersOf(leadId)).toEqual([
      {
        artisan_id: mario,
        assigned_at: iso(40),
        assigned_by: 'admin-2',
        email_outbox_id: null,
        response: null,
        responded_at: null,
        decline_reason: null,
        withdrawn_at: null,
        revoked_at: null,
        offer_number: 2,
      },
      expect.objectContaining({ artisan_id: luca, assigned_at: iso(20), offer_number: 1, response: null }),
    ])
    expect((await eventsOf(leadId)).map((event) => [event.kind, event.artisan_id, event.details])).toEqual([
      ['assigned', mario, { artisanName: `Artigiano n. ${mario}`, offerNumber: 1 }],
      ['status_changed', null, { from: 'nuovo', to: 'assegnato' }],
      ['assigned', luca, { artisanName: `Artigiano n. ${luca}`, offerNumber: 1 }],
      ['declined', mario, { artisanName: 'Mario 0', reason: 'troppo_lontano' }],
      ['assigned', mario, { artisanName: `Artigiano n. ${mario}`, offerNumber: 2 }],
    ])
    expect(await offeredArtisanIds(db, leadId)).toEqual(expect.arrayContaining([mario, luca]))
    expect((await offeredArtisanIds(db, leadId)).length).toBe(2)
  })

  it('leaves the status the office chose by hand after the last offer, and moves it again once offered later', async () => {
    const db = database()
    const { leadId, artisans } = await setUp(2)
    await offer(leadId, artisans[0]!, 10)
    await db
      .updateTable('leads')
      .set({ status: 'nuovo', status_set_by_hand_at: iso(15) })
      .where('id', '=', leadId)
      .execute()
    const second = await offer(leadId, artisans[1]!, 20)
    expect((await leadRow(leadId)).status).toBe('assegnato')
    // By hand after the last offer: an acceptance no longer moves it.
    await db
      .updateTable('leads')
      .set({ status: 'sopralluogo fissato', status_set_by_hand_at: iso(25) })
      .where('id', '=', leadId)
      .execute()
    expect(await acceptOffer(db, ref(leadId, artisans[1]!, second), DAY, at(30))).toEqual({ outcome: 'done', first: true })
    expect((await leadRow(leadId)).status).toBe('sopralluogo fissato')
  })

  it('is read back with its job, files and how many craftsmen stand offered and accepted; a wrong craftsman or lead finds nothing', async () => {
    const db = database()
    const leadId = await insertLead(
      db,
      quoteLead({ email: 'file@example.com' }),
      [
        { fileName: 'cucina.jpg', contentType: 'image/jpeg', content: Buffer.from('abc') },
        { fileName: 'bagno.pdf', contentType: 'application/pdf', content: Buffer.from('abcdef') },
      ],
      iso(0),
    )
    const ids: number[] = []
    for (let i = 0; i < 4; i++) ids.push((await insertArtisan(db, artisan({ email: `a${i}@artigiani.example`, contactName: `Mario ${i}` }))).id)
    const offers = []
    for (const [i, id] of ids.entries()) offers.push(await offer(leadId, id, 10 + i))
    await acceptOffer(db, ref(leadId, ids[0]!, offers[0]!), DAY, at(20))
    await declineOffer(db, ref(leadId, ids[1]!, offers[1]!), null, at(21))
    await revokeOffers(db, { leadId, artisanIds: [ids[2]!], actor: 'ufficio' }, iso(22))
    const found = await findOffer(db, ref(leadId, ids[3]!, offers[3]!))
    expect(found).toMatchObject({
      id: offers[3]!.assignmentId,
      lead_id: leadId,
      artisan_id: ids[3],
      offer_number: 1,
      assigned_at: iso(13),
      response: null,
      status: 'contattato',
      service_name: 'Elettricista',
      contact_name: 'Mario 3',
      artisan_email: 'a3@artigiani.example',
      attachments: [
        { file_name: 'cucina.jpg', size: 3 },
        { file_name: 'bagno.pdf', size: 6 },
      ],
      offeredTo: 2,
      acceptedSoFar: 1,
    })
    expect(await openOfferArtisanIds(db, leadId)).toEqual(expect.arrayContaining([ids[0], ids[3]]))
    expect((await openOfferArtisanIds(db, leadId)).length).toBe(2)
    expect(await findOffer(db, { ...ref(leadId, ids[3]!, offers[3]!), artisanId: ids[2]! })).toBeUndefined()
    expect(await findOffer(db, { ...ref(leadId, ids[3]!, offers[3]!), leadId: leadId + 1 })).toBeUndefined()
    expect(await leadExists(db, leadId)).toBe(true)
    expect(await leadExists(db, leadId + 1)).toBe(false)
  })
})

describe('answers to an offer', () => {
  it('record the first acceptance with the rating request due after the delay; a second craftsman accepting changes neither', async () => {
    const db = database()
    const { leadId, artisans } = await setUp(2)
    const [mario, luca] = artisans as [number, number]
    const first = await offer(leadId, mario, 10)
    const second = await offer(leadId, luca, 11)
    expect(await acceptOffer(db, ref(leadId, mario, first), 7 * DAY, at(60))).toEqual({ outcome: 'done', first: true })
    expect(await leadRow(leadId)).toEqual({
      status: 'contattato',
      awaiting_answer_since: null,
      first_accepted_at: iso(60),
      rating_request_due_at: new Date(T0 + 60 * 60_000 + 7 * DAY).toISOString(),
    })
    expect(await acceptOffer(db, ref(leadId, luca, second), 7 * DAY, at(90))).toEqual({ outcome: 'done', first: false })
    expect(await leadRow(leadId)).toMatchObject({ first_accepted_at: iso(60), rating_request_due_at: new Date(T0 + 60 * 60_000 + 7 * DAY).toISOString() })
    expect((await acceptedArtisans(db, leadId)).map((row) => [row.id, row.contact_name, row.responded_at])).toEqual([
      [mario, 'Mario 0', iso(60)],
      [luca, 'Mario 1', iso(90)],
    ])
    expect(
      (await eventsOf(leadId)).filter((event) => event.actor === 'artigiano' || event.kind === 'status_changed').map((event) => [event.kind, event.details]),
    ).toEqual([
      ['status_changed', { from: 'nuovo', to: 'assegnato' }],
      ['accepted', { artisanName: 'Mario 0' }],
      ['status_changed', { from: 'assegnato', to: 'contattato' }],
      ['accepted', { artisanName: 'Mario 1' }],
    ])
  })

  it('are refused once given, on an older offer number, on an offer taken back or a closed lead, and change nothing', async () => {
    const db = database()
    const { leadId, artisans } = await setUp(4)
    const [taker, decliner, revoked, waiting] = artisans as [number, number, number, number]
    const offers = [await offer(leadId, taker, 10), await offer(leadId, decliner, 11), await offer(leadId, revoked, 12), await offer(leadId, waiting, 13)]
    await acceptOffer(db, ref(leadId, taker, offers[0]!), DAY, at(20))
    await declineOffer(db, ref(leadId, decliner, offers[1]!), 'altro', at(21))
    expect(await revokeOffers(db, { leadId, artisanIds: [revoked], actor: 'ufficio' }, iso(22))).toEqual([revoked])
    const before = { offers: await offersOf(leadId), lead: await leadRow(leadId), events: await eventsOf(leadId) }

    expect(await acceptOffer(db, ref(leadId, taker, offers[0]!), DAY, at(30))).toEqual({ outcome: 'answered', first: false })
    expect(await declineOffer(db, ref(leadId, taker, offers[0]!), null, at(30))).toBe('answered')
    expect(await acceptOffer(db, ref(leadId, decliner, offers[1]!), DAY, at(30))).toEqual({ outcome: 'answered', first: false })
    expect(await declineOffer(db, ref(leadId, decliner, offers[1]!), 'altro', at(30))).toBe('answered')
    expect(await acceptOffer(db, ref(leadId, revoked, offers[2]!), DAY, at(30))).toEqual({ outcome: 'revoked', first: false })
    expect(await declineOffer(db, ref(leadId, revoked, offers[2]!), null, at(30))).toBe('revoked')
    expect(await acceptOffer(db, { ...ref(leadId, waiting, offers[3]!), offerNumber: 2 }, DAY, at(30))).toEqual({ outcome: 'superseded', first: false })
    expect(await declineOffer(db, { ...ref(leadId, waiting, offers[3]!), artisanId: taker }, null, at(30))).toBe('missing')
    expect(await withdrawAcceptance(db, ref(leadId, decliner, offers[1]!), at(30))).toBe('too_late')
    expect({ offers: await offersOf(leadId), lead: await leadRow(leadId), events: await eventsOf(leadId) }).toEqual(before)

    await db.updateTable('leads').set({ status: 'perso' }).where('id', '=', leadId).execute()
    expect(await acceptOffer(db, ref(leadId, waiting, offers[3]!), DAY, at(40))).toEqual({ outcome: 'closed', first: false })
    expect(await declineOffer(db, ref(leadId, waiting, offers[3]!), null, at(40))).toBe('closed')
    expect(await withdrawAcceptance(db, ref(leadId, taker, offers[0]!), at(40))).toBe('closed')
    expect(await offersOf(leadId)).toEqual(before.offers)
  })

  it('given by two craftsmen at once are both recorded, one of them the first, the status moved once and the rating request due from the first acceptance', async () => {
    const db = database()
    const { leadId, artisans } = await setUp(2)
    const [mario, luca] = artisans as [number, number]
    const first = await offer(leadId, mario, 10)
    const second = await offer(leadId, luca, 11)
    const answers = await Promise.all([
      acceptOffer(db, ref(leadId, mario, first), 7 * DAY, at(60)),
      acceptOffer(db, ref(leadId, luca, second), 7 * DAY, at(61)),
    ])
    expect(answers.map((answer) => answer.outcome)).toEqual(['done', 'done'])
    // Exactly one is the first, whichever reached the lead first, and its time is the one kept.
    expect(answers.filter((answer) => answer.first)).toHaveLength(1)
    const lead = await leadRow(leadId)
    expect(lead.first_accepted_at).toBe(answers[0]!.first ? iso(60) : iso(61))
    expect(lead).toMatchObject({ status: 'contattato', awaiting_answer_since: null })
    expect(lead.rating_request_due_at).toBe(new Date(Date.parse(lead.first_accepted_at!) + 7 * DAY).toISOString())
    expect((await acceptedArtisans(db, leadId)).map((row) => row.id).sort((a, b) => a - b)).toEqual([mario, luca])
    const events = await eventsOf(leadId)
    expect(
      events
        .filter((event) => event.kind === 'accepted')
        .map((event) => event.artisan_id)
        .sort((a, b) => a! - b!),
    ).toEqual([mario, luca])
    expect(events.filter((event) => event.kind === 'status_changed').map((event) => event.details)).toEqual([
      { from: 'nuovo', to: 'assegnato' },
      { from: 'assegnato', to: 'contattato' },
    ])
  })

  it('given twice at once on one offer (a replayed click, or accept and decline) count once', async () => {
    const db = database()
    const { leadId, artisans } = await setUp(2)
    const [mario, luca] = artisans as [number, number]
    const first = await offer(leadId, mario, 10)
    const second = await offer(leadId, luca, 11)
    const replayed = await Promise.all([acceptOffer(db, ref(leadId, mario, first), DAY, at(60)), acceptOffer(db, ref(leadId, mario, first), DAY, at(60))])
    expect(replayed.map((answer) => answer.outcome).sort()).toEqual(['answered', 'done'])
    const both = await Promise.all([acceptOffer(db, ref(leadId, luca, second), DAY, at(70)), declineOffer(db, ref(leadId, luca, second), 'altro', at(70))])
    const outcomes = [both[0].outcome, both[1]].sort()
    expect(outcomes).toEqual(['answered', 'done'])
    const rows = await offersOf(leadId)
    expect(rows.map((row) => row.response)).toEqual(['accepted', both[0].outcome === 'done' ? 'accepted' : 'declined'])
    const events = await eventsOf(leadId)
    expect(events.filter((event) => event.actor === 'artigiano')).toHaveLength(2)
  })
})

describe('giving a job back', () => {
  it('works within 24 hours of accepting: the lead waits again unless another craftsman still stands by it', async () => {
    const db = database()
    const { leadId, artisans } = await setUp(2)
    const [mario, luca] = artisans as [number, number]
    const first = await offer(leadId, mario, 10)
    const second = await offer(leadId, luca, 11)
    await acceptOffer(db, ref(leadId, mario, first), DAY, at(60))
    await acceptOffer(db, ref(leadId, luca, second), DAY, at(70))
    // Luca stands by it: the lead does not wait again.
    expect(await withdrawAcceptance(db, ref(leadId, mario, first), new Date(T0 + 60 * 60_000 + DAY))).toBe('done')
    expect((await leadRow(leadId)).awaiting_answer_since).toBeNull()
    expect(await withdrawAcceptance(db, ref(leadId, mario, first), new Date(T0 + 60 * 60_000 + DAY))).toBe('answered')
    expect((await acceptedArtisans(db, leadId)).map((row) => row.id)).toEqual([luca])
    expect(await openOfferArtisanIds(db, leadId)).toEqual([luca])
    // A minute past the 24 hours: too late, nothing changes.
    expect(await withdrawAcceptance(db, ref(leadId, luca, second), new Date(T0 + 71 * 60_000 + DAY))).toBe('too_late')
    expect((await offersOf(leadId))[1]).toMatchObject({ response: 'accepted', withdrawn_at: null })
    expect(await withdrawAcceptance(db, ref(leadId, luca, second), at(80))).toBe('done')
    expect(await leadRow(leadId)).toMatchObject({ awaiting_answer_since: iso(80), first_accepted_at: iso(60), status: 'contattato' })
    expect(await acceptedArtisans(db, leadId)).toEqual([])
    expect((await eventsOf(leadId)).filter((event) => event.kind === 'withdrawn').map((event) => [event.artisan_id, event.created_at])).toEqual([
      [mario, new Date(T0 + 60 * 60_000 + DAY).toISOString()],
      [luca, iso(80)],
    ])
    // Offered again to the one who gave it back: a fresh offer on the same row.
    expect(await offer(leadId, mario, 90)).toEqual({ assignmentId: first.assignmentId, offerNumber: 2 })
    expect(await withdrawAcceptance(db, ref(leadId, mario, first), at(91))).toBe('superseded')
  })
})

describe('taking offers back', () => {
  it('takes only offers nobody answered, of the craftsmen named or older than a time, and tells which', async () => {
    const db = database()
    const { leadId, artisans } = await setUp(4)
    const [old, recent, answered, named] = artisans as [number, number, number, number]
    await offer(leadId, old, 10)
    await offer(leadId, recent, 50)
    const third = await offer(leadId, answered, 5)
    await offer(leadId, named, 60)
    await declineOffer(db, ref(leadId, answered, third), null, at(55))

    expect(await revokeOffers(db, { leadId, olderThan: iso(50), actor: 'ufficio@artigianimilano.it' }, iso(70))).toEqual([old])
    expect(await revokeOffers(db, { leadId, artisanIds: [named, answered], actor: 'ufficio@artigianimilano.it' }, iso(71))).toEqual([named])
    expect(await revokeOffers(db, { leadId, artisanIds: [named], actor: 'ufficio@artigianimilano.it' }, iso(72))).toEqual([])
    expect(await revokeOffers(db, { leadId, artisanIds: [], actor: 'ufficio@artigianimilano.it' }, iso(72))).toEqual([])
    expect((await offersOf(leadId)).map((row) => [row.artisan_id, row.revoked_at])).toEqual([
      [old, iso(70)],
      [recent, null],
      [answered, null],
      [named, iso(71)],
    ])
    expect(await openOfferArtisanIds(db, leadId)).toEqual([recent])
    expect((await eventsOf(leadId)).filter((event) => event.kind === 'revoked').map((event) => [event.artisan_id, event.actor, event.details])).toEqual([
      [old, 'ufficio@artigianimilano.it', { artisanName: 'Mario 0' }],
      [named, 'ufficio@artigianimilano.it', { artisanName: 'Mario 3' }],
    ])
    // With no craftsman named and no time, every offer still waiting goes back (the dispatcher's round end).
    expect(await revokeOffers(db, { leadId, actor: 'sistema' }, iso(80))).toEqual([recent])
    expect(await openOfferArtisanIds(db, leadId)).toEqual([])
  })
})

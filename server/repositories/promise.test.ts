import { describe, expect, it } from 'vitest'
import { artisan, quoteLead } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { updateLeadWork } from './admin-leads.ts'
import { insertArtisan } from './artisans.ts'
import { insertLead } from './leads.ts'
import { acceptOffer, declineOffer, recordOffer, revokeOffers } from './offers.ts'
import { enqueueEmail } from './outbox.ts'
import { confirmationQueued, markPromiseMissed, missedPromises, offerCounts, promiseKept } from './promise.ts'

const database = serveTestDatabase()

const OFFICE = 'ufficio@artigianimilano.it'
// 13:00 of Friday 20 November 2026 in Rome.
const NOW = '2026-11-20T12:00:00.000Z'
const hours = (n: number, from = NOW) => new Date(Date.parse(from) + n * 3_600_000).toISOString()

let serial = 0
/** A request stored 50 days before NOW whose promise falls due at `due`. */
async function addLead(due: string | null) {
  const n = ++serial
  return insertLead(
    database(),
    quoteLead({ fullName: `Anna Colombo ${n}`, email: `Cliente${n}@Example.com`, promiseDueAt: due, dispatch: false }),
    [],
    hours(-24 * 50),
  )
}

/** The lead offered an hour before `acceptedAt` to a craftsman who accepts it then. */
async function acceptAt(leadId: number, acceptedAt: string) {
  const db = database()
  const { id: artisanId } = await insertArtisan(db, artisan({ email: `accetta${++serial}@artigiani.example` }))
  const { assignmentId } = await recordOffer(db, { leadId, artisanId, artisanName: 'Luca Bianchi', assignedBy: 'admin', actor: OFFICE }, hours(-1, acceptedAt))
  expect((await acceptOffer(db, { assignmentId, leadId, artisanId }, 0, new Date(acceptedAt))).outcome).toBe('done')
}

describe('"Promessa mantenuta"', () => {
  it('is the share of requests due in the last 30 Italian days, up to now, that a craftsman accepted by their due time', async () => {
    // [due, first acceptance]: kept twice (once to the millisecond), late once, never accepted once; not yet due, or due
    // before the 30 days (midnight of 22 October in Rome, 22:00 UTC of the 21st), not counted.
    const leads: [string, string | null][] = [
      [hours(-5), hours(-30)],
      [hours(-24 * 20), hours(-24 * 20)],
      [hours(-48), hours(-47)],
      [NOW, null],
      ['2026-10-21T22:00:00.000Z', null],
      [hours(1), hours(-1)],
      [hours(30), null],
      ['2026-10-21T21:59:59.999Z', '2026-10-20T10:00:00.000Z'],
      [hours(-24 * 40), null],
    ]
    for (const [due, accepted] of leads) {
      const leadId = await addLead(due)
      if (accepted) await acceptAt(leadId, accepted)
    }
    // A request from before the promise existed.
    await addLead(null)
    expect(await promiseKept(database(), new Date(NOW))).toEqual({ days: 30, due: 5, kept: 2 })
    expect(await promiseKept(database(), new Date(NOW), 7)).toEqual({ days: 7, due: 3, kept: 1 })
    expect(await promiseKept(database(), new Date('2026-09-01T00:00:00.000Z'))).toEqual({ days: 30, due: 0, kept: 0 })
  })
})

describe('a missed promise', () => {
  it('lists the requests past their due time that nobody accepted and nobody was told of, longest overdue first', async () => {
    const db = database()
    const late = await addLead(hours(-2))
    const n = serial
    const tiedFirst = await addLead(hours(-3))
    const tiedSecond = await addLead(hours(-3))
    const dueNow = await addLead(NOW)
    await addLead(hours(1))
    await addLead(null)
    await acceptAt(await addLead(hours(-4)), hours(-5))
    const told = await addLead(hours(-6))
    expect(await markPromiseMissed(db, told, hours(-5))).toBe('nuovo')

    const due = await missedPromises(db, NOW, 10)
    expect(due.map((lead) => lead.id)).toEqual([tiedFirst, tiedSecond, late, dueNow])
    expect(due[2]).toEqual({
      id: late,
      created_at: hours(-24 * 50),
      full_name: `Anna Colombo ${n}`,
      email: `Cliente${n}@Example.com`,
      email_normalized: `cliente${n}@example.com`,
      service_name: 'Elettricista',
      location_label: 'Via Roma 10, Sesto San Giovanni MI, Italia',
      promise_due_at: hours(-2),
    })
    expect((await missedPromises(db, NOW, 2)).map((lead) => lead.id)).toEqual([tiedFirst, tiedSecond])
  })

  it('is settled once, by the first of two sweeps at once, with the status of the lead as it is; never once a craftsman accepted or before its time', async () => {
    const db = database()
    const open = await addLead(hours(-2))
    const results = await Promise.all([markPromiseMissed(db, open, NOW), markPromiseMissed(db, open, NOW)])
    expect(results.sort()).toEqual([null, 'nuovo'])
    expect(await markPromiseMissed(db, open, hours(1))).toBeNull()

    const closed = await addLead(hours(-2))
    await updateLeadWork(db, closed, { status: 'perso' }, hours(-1))
    expect(await markPromiseMissed(db, closed, NOW)).toBe('perso')

    const accepted = await addLead(hours(-2))
    await acceptAt(accepted, hours(-1))
    expect(await markPromiseMissed(db, accepted, NOW)).toBeNull()
    const notYet = await addLead(hours(2))
    expect(await markPromiseMissed(db, notYet, NOW)).toBeNull()

    const rows = await db.selectFrom('leads').select(['id', 'promise_missed_at']).where('id', 'in', [open, closed, accepted, notYet]).orderBy('id').execute()
    expect(rows).toEqual([
      { id: open, promise_missed_at: NOW },
      { id: closed, promise_missed_at: NOW },
      { id: accepted, promise_missed_at: null },
      { id: notYet, promise_missed_at: null },
    ])
    expect(await missedPromises(db, hours(3), 10)).toEqual([expect.objectContaining({ id: notYet })])
  })

  it('is told with whether the requester’s confirmation was queued and how many offers wait, were declined or made', async () => {
    const db = database()
    const confirmed = await addLead(hours(-2))
    const unconfirmed = await addLead(hours(-2))
    const mail = (leadId: number, category: string) =>
      enqueueEmail(db, { to: 'cliente@example.com', subject: 'Richiesta ricevuta', category, leadId, html: '<p>Ciao</p>', text: 'Ciao' }, hours(-24 * 50))
    await mail(confirmed, 'quote-confirmation')
    await mail(unconfirmed, 'quote-notification')
    expect(await confirmationQueued(db, confirmed)).toBe(true)
    expect(await confirmationQueued(db, unconfirmed)).toBe(false)
    expect(await confirmationQueued(db, 999_999)).toBe(false)

    const ids: number[] = []
    for (let i = 0; i < 4; i++) ids.push((await insertArtisan(db, artisan({ email: `offerta${i}@artigiani.example` }))).id)
    const refs = []
    for (const artisanId of ids) {
      const { assignmentId } = await recordOffer(
        db,
        { leadId: confirmed, artisanId, artisanName: 'Luca Bianchi', assignedBy: 'admin', actor: OFFICE },
        hours(-30),
      )
      refs.push({ assignmentId, leadId: confirmed, artisanId })
    }
    await declineOffer(db, refs[1]!, 'troppo_lontano', new Date(hours(-29)))
    await revokeOffers(db, { leadId: confirmed, artisanIds: [ids[2]!], actor: OFFICE }, hours(-28))
    expect(await offerCounts(db, confirmed)).toEqual({ offers: 4, pending: 2, declined: 1 })
    await acceptOffer(db, refs[3]!, 0, new Date(hours(-27)))
    expect(await offerCounts(db, confirmed)).toEqual({ offers: 4, pending: 1, declined: 1 })
    expect(await offerCounts(db, unconfirmed)).toEqual({ offers: 0, pending: 0, declined: 0 })
  })
})

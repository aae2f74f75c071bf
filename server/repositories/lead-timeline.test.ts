import { describe, expect, it } from 'vitest'
import { artisan, quoteLead } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { deleteLead } from './admin-leads.ts'
import { deleteArtisan, insertArtisan } from './artisans.ts'
import { leadTimeline, recordLeadEvent } from './lead-timeline.ts'
import { insertLead } from './leads.ts'
import { acceptOffer, recordOffer, revokeOffers, setOfferEmail } from './offers.ts'
import { enqueueEmail, markEmailAttemptFailed, markEmailSent } from './outbox.ts'

const database = serveTestDatabase()

const OFFICE = 'ufficio@artigianimilano.it'
/** Minutes after 08:00 UTC of 2 November 2026, as ISO text. */
const at = (minutes: number) => new Date(Date.parse('2026-11-02T08:00:00.000Z') + minutes * 60_000).toISOString()

let serial = 0
async function addLead(createdAt = at(0)) {
  const n = ++serial
  return insertLead(database(), quoteLead({ email: `cliente${n}@example.com`, dispatch: false }), [], createdAt)
}

/** A craftsman offered the lead by the office at `minutes`, with the offer's e-mail queued. */
async function offerTo(leadId: number, name: string, minutes: number) {
  const db = database()
  const { id: artisanId } = await insertArtisan(db, artisan({ email: `${name.toLowerCase().replace(/\W+/g, '.')}@artigiani.example`, contactName: name }))
  const { assignmentId } = await recordOffer(db, { leadId, artisanId, artisanName: name, assignedBy: 'admin', actor: OFFICE }, at(minutes))
  const mailId = await enqueueEmail(
    db,
    { to: `${name}@artigiani.example`, subject: 'Nuovo lavoro', category: 'lead-offer', leadId, html: '<p>Lavoro</p>', text: 'Lavoro' },
    at(minutes),
  )
  await setOfferEmail(db, assignmentId, mailId)
  return { artisanId, assignmentId, mailId }
}

describe("a lead's timeline", () => {
  it('tells its story oldest first: its arrival, each step recorded, and when each offer’s e-mail left or failed, not one still queued', async () => {
    const db = database()
    const leadId = await addLead()
    const marco = await offerTo(leadId, 'Marco Riva', 30)
    const paolo = await offerTo(leadId, 'Paolo Neri', 30)
    const luca = await offerTo(leadId, 'Luca Verdi', 35)
    await markEmailSent(db, marco.mailId, 'ses-1', at(31))
    await markEmailAttemptFailed(db, paolo.mailId, 'Casella inesistente', null, at(33))
    // Luca's mail is retried later: still queued, not in the story.
    await markEmailAttemptFailed(db, luca.mailId, 'Timeout', at(90), at(36))
    await acceptOffer(db, { assignmentId: marco.assignmentId, leadId, artisanId: marco.artisanId }, 0, new Date(at(60)))
    await revokeOffers(db, { leadId, artisanIds: [paolo.artisanId], actor: OFFICE }, at(70))
    await recordLeadEvent(db, { leadId, kind: 'status_changed', actor: OFFICE, details: { from: 'contattato', to: 'sopralluogo fissato' } }, at(80))
    // Another lead's steps stay in its own story.
    const other = await addLead(at(10))
    await recordLeadEvent(db, { leadId: other, kind: 'promise_missed', actor: 'sistema', details: { requesterTold: true } }, at(40))

    expect(await leadTimeline(db, leadId)).toEqual([
      { at: at(0), kind: 'received', artisanId: null, actor: 'cliente', details: {} },
      { at: at(30), kind: 'assigned', artisanId: marco.artisanId, actor: OFFICE, details: { artisanName: 'Marco Riva', offerNumber: 1 } },
      { at: at(30), kind: 'status_changed', artisanId: null, actor: 'sistema', details: { from: 'nuovo', to: 'assegnato' } },
      { at: at(30), kind: 'assigned', artisanId: paolo.artisanId, actor: OFFICE, details: { artisanName: 'Paolo Neri', offerNumber: 1 } },
      { at: at(31), kind: 'email_sent', artisanId: marco.artisanId, actor: 'sistema', details: { artisanName: 'Marco Riva' } },
      { at: at(33), kind: 'email_failed', artisanId: paolo.artisanId, actor: 'sistema', details: { artisanName: 'Paolo Neri' } },
      { at: at(35), kind: 'assigned', artisanId: luca.artisanId, actor: OFFICE, details: { artisanName: 'Luca Verdi', offerNumber: 1 } },
      { at: at(60), kind: 'accepted', artisanId: marco.artisanId, actor: 'artigiano', details: { artisanName: 'Marco Riva' } },
      { at: at(60), kind: 'status_changed', artisanId: null, actor: 'sistema', details: { from: 'assegnato', to: 'contattato' } },
      { at: at(70), kind: 'revoked', artisanId: paolo.artisanId, actor: OFFICE, details: { artisanName: 'Paolo Neri' } },
      { at: at(80), kind: 'status_changed', artisanId: null, actor: OFFICE, details: { from: 'contattato', to: 'sopralluogo fissato' } },
    ])
    expect(await leadTimeline(db, other)).toEqual([
      { at: at(10), kind: 'received', artisanId: null, actor: 'cliente', details: {} },
      { at: at(40), kind: 'promise_missed', artisanId: null, actor: 'sistema', details: { requesterTold: true } },
    ])
    expect(await leadTimeline(db, 999_999)).toEqual([])
  })

  it('keeps steps recorded in the same millisecond in the order they were recorded, after the arrival of that millisecond', async () => {
    const db = database()
    const now = at(0)
    const leadId = await addLead(now)
    const kinds = ['assigned', 'status_changed', 'assigned', 'revoked', 'assigned', 'assigned', 'no_artisan'] as const
    for (const [i, kind] of kinds.entries()) await recordLeadEvent(db, { leadId, kind, actor: 'sistema', details: { step: i } }, now)
    const timeline = await leadTimeline(db, leadId)
    expect(timeline.map((entry) => [entry.kind, entry.details.step ?? null])).toEqual([['received', null], ...kinds.map((kind, i) => [kind, i])])
  })

  it('keeps a deleted craftsman’s steps with their name, and goes with its lead', async () => {
    const db = database()
    const leadId = await addLead()
    const marco = await offerTo(leadId, 'Marco Riva', 30)
    await markEmailSent(db, marco.mailId, 'ses-1', at(31))
    await recordLeadEvent(
      db,
      { leadId, kind: 'declined', artisanId: marco.artisanId, actor: 'artigiano', details: { artisanName: 'Marco Riva', reason: null } },
      at(40),
    )
    expect((await leadTimeline(db, leadId)).map((entry) => entry.kind)).toEqual(['received', 'assigned', 'status_changed', 'email_sent', 'declined'])

    expect(await deleteArtisan(db, marco.artisanId)).toMatchObject({ id: marco.artisanId })
    // The offer went with the craftsman (and with it the mail's step); the recorded steps stay, by name.
    expect((await leadTimeline(db, leadId)).map((entry) => [entry.kind, entry.artisanId, entry.details.artisanName ?? null])).toEqual([
      ['received', null, null],
      ['assigned', null, 'Marco Riva'],
      ['status_changed', null, null],
      ['declined', null, 'Marco Riva'],
    ])

    expect(await deleteLead(db, leadId)).toBe(true)
    expect(await leadTimeline(db, leadId)).toEqual([])
    expect(await db.selectFrom('lead_events').select('id').where('lead_id', '=', leadId).execute()).toEqual([])
  })
})

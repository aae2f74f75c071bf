import { describe, expect, it } from 'vitest'
import { claimDueLeads, markTakenByHand, releaseAllDue, runDispatch } from '#server/dispatch/dispatcher.ts'
import { readDispatchSettings, writeDispatchSettings } from '#server/dispatch/settings.ts'
import { loadEnv } from '#server/env.ts'
import { offerLead } from '#server/leads/offers.ts'
import { MAX_ARTISANS_PER_REQUEST } from '#shared/promise.ts'
import type { DispatchSettings } from '#shared/schemas/dispatch.ts'
import { at, dispatchFixtures, quoteIn } from '#tests/helpers/dispatch.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { unassignedLeads } from './dispatch.ts'
import { DISPATCHER, declineOffer, openOfferArtisanIds } from './offers.ts'

const database = serveTestDatabase()

const LEASE_MS = 5 * 60_000

// One office day (09:00-18:00) is 9 hours: a round of 4 office hours.
const env = loadEnv({ LEAD_RESPONSE_HOURS: '4' })
const ON: DispatchSettings = { enabled: true, perRequest: 2, rounds: 2, officeHours: { days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' } }
const SECRET = 'segreto-dei-link-delle-offerte-0123456789abcdef'
const sweep = (rome: string, claimant = 'test-dispatcher', settings = ON) =>
  runDispatch({ db: database(), env, secret: SECRET }, claimant, at(rome), undefined, settings)

const fixtures = dispatchFixtures(database)
const { addLead, addArtisans, leadRow } = fixtures

const offersOf = (leadId: number) =>
  database()
    .selectFrom('lead_assignments')
    .select(['id', 'artisan_id', 'assigned_by', 'offer_number', 'response', 'revoked_at', 'email_outbox_id'])
    .where('lead_id', '=', leadId)
    .orderBy('id')
    .execute()

const mailsAbout = (leadId: number, category: string) =>
  database()
    .selectFrom('email_outbox')
    .select(['id', 'to_address', 'subject'])
    .where('lead_id', '=', leadId)
    .where('category', '=', category)
    .orderBy('id')
    .execute()

describe('picking the due leads', () => {
  it('claims those whose time came, oldest due first, up to the batch, with a lease no other claimant takes until it ends', async () => {
    const db = database()
    const ids = [await addLead('2026-12-09T09:03'), await addLead('2026-12-09T09:01'), await addLead('2026-12-09T09:02'), await addLead('2026-12-09T09:30')]
    const now = at('2026-12-09T09:10')
    expect(await claimDueLeads(db, 'process-a', now, true, 2)).toEqual([ids[1], ids[2]])
    expect(await leadRow(ids[1]!)).toMatchObject({ dispatch_claimed_by: 'process-a', dispatch_due_at: new Date(now.getTime() + LEASE_MS).toISOString() })
    expect(await claimDueLeads(db, 'process-b', now, true)).toEqual([ids[0]])
    expect(await claimDueLeads(db, 'process-c', now, true)).toEqual([])
    // Past the lease, a lead whose claimant died is due again.
    const later = new Date(now.getTime() + LEASE_MS)
    expect((await claimDueLeads(db, 'process-c', later, true)).sort((a, b) => a - b)).toEqual([ids[0], ids[1], ids[2]].sort((a, b) => a! - b!))
  })

  it('takes early a lead in a round whose every offer was declined, only while the office is open', async () => {
    const db = database()
    const [first, second] = await addArtisans(2, 'Idraulico', 'Rho')
    const leadId = await addLead('2026-12-09T09:00', quoteIn('Idraulico', 'Rho'))
    expect(await sweep('2026-12-09T09:00:30')).toEqual({ offered: 1 })
    const offers = await offersOf(leadId)
    expect(offers.map((o) => o.artisan_id)).toEqual([first, second])
    for (const o of offers)
      await declineOffer(db, { assignmentId: o.id, leadId, artisanId: o.artisan_id, offerNumber: o.offer_number }, null, at('2026-12-09T10:00'))
    expect(await claimDueLeads(db, 'process-a', at('2026-12-09T10:01'), false)).toEqual([])
    expect(await claimDueLeads(db, 'process-a', at('2026-12-09T10:01'), true)).toEqual([leadId])
    // Claimed: not taken early again by another process.
    expect(await claimDueLeads(db, 'process-b', at('2026-12-09T10:02'), true)).toEqual([])
  })

  it('gives two processes claiming at once different leads', async () => {
    const db = database()
    const ids: number[] = []
    for (let i = 0; i < 6; i++) ids.push(await addLead('2026-12-09T09:00'))
    const now = at('2026-12-09T09:10')
    const [a, b] = await Promise.all([claimDueLeads(db, 'process-a', now, true, 3), claimDueLeads(db, 'process-b', now, true, 3)])
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(ids)
    const claims = await db.selectFrom('leads').select(['id', 'dispatch_claimed_by']).orderBy('id').execute()
    expect(claims.filter((row) => row.dispatch_claimed_by === 'process-a').map((row) => row.id)).toEqual([...a].sort((x, y) => x - y))
    expect(claims.filter((row) => row.dispatch_claimed_by === 'process-b').map((row) => row.id)).toEqual([...b].sort((x, y) => x - y))
  })

  it('lets go of every due lead in batches with dispatch off, and leaves those not yet due', async () => {
    const db = database()
    const due = [await addLead('2026-12-09T09:00'), await addLead('2026-12-09T09:01'), await addLead('2026-12-09T09:02')]
    const notYet = await addLead('2026-12-09T11:00')
    expect(await releaseAllDue(db, at('2026-12-09T10:00'), 2)).toBe(3)
    for (const leadId of due) expect(await leadRow(leadId)).toMatchObject({ dispatch_due_at: null, dispatch_claimed_by: null })
    expect((await leadRow(notYet)).dispatch_due_at).toBe(at('2026-12-09T11:00').toISOString())
    expect(await releaseAllDue(db, at('2026-12-09T10:00'), 2)).toBe(0)
  })

  it('never picks a lead the office took by hand, which keeps the time it was first taken', async () => {
    const db = database()
    const leadId = await addLead('2026-12-09T09:00')
    await claimDueLeads(db, 'process-a', at('2026-12-09T09:01'), true)
    await markTakenByHand(db, leadId, at('2026-12-09T09:02'))
    await markTakenByHand(db, leadId, at('2026-12-09T09:05'))
    expect(await leadRow(leadId)).toMatchObject({
      taken_by_hand_at: at('2026-12-09T09:02').toISOString(),
      dispatch_due_at: null,
      dispatch_claimed_by: null,
    })
    expect(await claimDueLeads(db, 'process-b', at('2026-12-10T09:00'), true)).toEqual([])
  })
})

describe('rounds of offers', () => {
  it('offers the best matches, takes back the silent ones at the round’s end, offers the next, then flags the lead for the office', async () => {
    const db = database()
    const artisans = await addArtisans(5, 'Elettricista', 'Legnano')
    const leadId = await addLead('2026-12-09T08:30', { comuneSlug: 'legnano', placeId: 'comune-legnano', locationLabel: 'Legnano' })
    // Before the office opens: due again at the opening.
    expect(await sweep('2026-12-09T08:31')).toEqual({ later: 1 })
    expect(await leadRow(leadId)).toMatchObject({ dispatch_due_at: at('2026-12-09T09:00').toISOString(), dispatch_claimed_by: null, dispatch_round: 0 })

    expect(await sweep('2026-12-09T09:00')).toEqual({ offered: 1 })
    const first = await offersOf(leadId)
    expect(first.map((o) => [o.artisan_id, o.assigned_by, o.offer_number])).toEqual([
      [artisans[0], DISPATCHER, 1],
      [artisans[1], DISPATCHER, 1],
    ])
    expect(first.every((o) => o.email_outbox_id !== null)).toBe(true)
    expect(await leadRow(leadId)).toMatchObject({
      status: 'assegnato',
      dispatch_round: 1,
      dispatch_due_at: at('2026-12-09T13:00').toISOString(),
      dispatch_claimed_by: null,
    })
    expect((await mailsAbout(leadId, 'lead-offer')).map((mail) => mail.to_address)).toEqual([
      `artigiano${fixtures.serial - 5}@artigiani.example`,
      `artigiano${fixtures.serial - 4}@artigiani.example`,
    ])

    await declineOffer(db, { assignmentId: first[0]!.id, leadId, artisanId: first[0]!.artisan_id, offerNumber: 1 }, null, at('2026-12-09T10:00'))
    expect(await sweep('2026-12-09T12:59')).toEqual({})
    expect(await sweep('2026-12-09T13:00')).toEqual({ offered: 1 })
    const second = await offersOf(leadId)
    expect(second.map((o) => [o.artisan_id, o.response, o.revoked_at])).toEqual([
      [artisans[0], 'declined', null],
      [artisans[1], null, at('2026-12-09T13:00').toISOString()],
      [artisans[2], null, null],
      [artisans[3], null, null],
    ])
    expect((await leadRow(leadId)).dispatch_round).toBe(2)

    for (const o of second.slice(2))
      await declineOffer(db, { assignmentId: o.id, leadId, artisanId: o.artisan_id, offerNumber: 1 }, null, at('2026-12-09T14:00'))
    expect(await sweep('2026-12-09T14:01')).toEqual({ flagged: 1 })
    expect(await leadRow(leadId)).toMatchObject({
      no_artisan_reason: 'all_declined',
      no_artisan_at: at('2026-12-09T14:01').toISOString(),
      dispatch_due_at: null,
    })
    expect(await mailsAbout(leadId, 'no-artisan')).toEqual([
      expect.objectContaining({ subject: `Nessun artigiano disponibile: preventivo n. ${leadId} (Elettricista a Legnano)` }),
    ])
    const events = await db.selectFrom('lead_events').select(['kind', 'actor']).where('lead_id', '=', leadId).orderBy('id').execute()
    expect(events.filter((event) => event.actor === 'sistema').map((event) => event.kind)).toEqual([
      'assigned',
      'status_changed',
      'assigned',
      'revoked',
      'assigned',
      'assigned',
      'no_artisan',
    ])
    expect(await sweep('2026-12-10T10:00')).toEqual({})
    expect(await unassignedLeads(db)).toMatchObject({ leads: [{ id: leadId, no_artisan_reason: 'all_declined' }], total: 1 })
  })

  it('stops at the first acceptance', async () => {
    const db = database()
    const [taker] = await addArtisans(2, 'Idraulico', 'Rho')
    const leadId = await addLead('2026-12-09T09:00', quoteIn('Idraulico', 'Rho'))
    expect(await sweep('2026-12-09T09:00:30', 'test-dispatcher', { ...ON, perRequest: 1, rounds: 3 })).toEqual({ offered: 1 })
    const [offer] = await offersOf(leadId)
    expect(offer!.artisan_id).toBe(taker)
    await db
      .updateTable('lead_assignments')
      .set({ response: 'accepted', responded_at: at('2026-12-09T10:00').toISOString() })
      .where('id', '=', offer!.id)
      .execute()
    expect(await sweep('2026-12-09T13:00:30', 'test-dispatcher', { ...ON, perRequest: 1, rounds: 3 })).toEqual({ accepted: 1 })
    expect(await offersOf(leadId)).toHaveLength(1)
    expect(await leadRow(leadId)).toMatchObject({ dispatch_due_at: null, no_artisan_reason: null })
  })

  it('flags an unknown service or comune, a comune nobody covers and craftsmen all paused, each with its reason', async () => {
    const db = database()
    const unknown = await addLead('2026-12-09T09:30', {
      serviceId: 'altro',
      serviceName: 'Altro',
      comuneSlug: null,
      placeId: null,
      locationLabel: 'Lugano, Svizzera',
    })
    const uncovered = await addLead('2026-12-09T09:30', quoteIn('Tapparellista', 'Vizzolo Predabissi'))
    const [paused] = await addArtisans(1, 'Falegname', 'Abbiategrasso')
    await db.updateTable('artisans').set({ paused_until: '2026-12-31' }).where('id', '=', paused!).execute()
    const resting = await addLead('2026-12-09T09:30', quoteIn('Falegname', 'Abbiategrasso'))
    expect(await sweep('2026-12-09T09:31')).toEqual({ flagged: 3 })
    expect((await leadRow(unknown)).no_artisan_reason).toBe('unmatched')
    expect((await leadRow(uncovered)).no_artisan_reason).toBe('no_coverage')
    expect((await leadRow(resting)).no_artisan_reason).toBe('all_paused')
    for (const leadId of [unknown, uncovered, resting]) expect(await offersOf(leadId)).toEqual([])
    expect((await unassignedLeads(db)).leads.map((lead) => [lead.id, lead.no_artisan_reason])).toEqual([
      [unknown, 'unmatched'],
      [uncovered, 'no_coverage'],
      [resting, 'all_paused'],
    ])
  })

  it('leaves alone a lead whose status the office set or that it offered by hand, and one anonymised', async () => {
    const db = database()
    await addArtisans(2, 'Elettricista', 'Cormano')
    const cormano = { comuneSlug: 'cormano', placeId: 'comune-cormano', locationLabel: 'Cormano' }
    const statusByHand = await addLead('2026-12-09T10:10', cormano)
    await db
      .updateTable('leads')
      .set({ status: 'contattato', status_set_by_hand_at: at('2026-12-09T10:10').toISOString() })
      .where('id', '=', statusByHand)
      .execute()
    const offeredByHand = await addLead('2026-12-09T10:10', cormano)
    await db
      .insertInto('lead_assignments')
      .values({
        lead_id: offeredByHand,
        artisan_id: (await addArtisans(1, 'Elettricista', 'Milano'))[0]!,
        assigned_at: at('2026-12-09T10:10').toISOString(),
        assigned_by: '1',
      })
      .execute()
    const anonymised = await addLead('2026-12-09T10:10', cormano)
    await db.updateTable('leads').set({ email: '', email_normalized: '' }).where('id', '=', anonymised).execute()
    expect(await sweep('2026-12-09T10:11')).toEqual({ by_hand: 2, closed: 1 })
    expect(await offersOf(statusByHand)).toEqual([])
    expect(await offersOf(anonymised)).toEqual([])
    expect(await offersOf(offeredByHand)).toHaveLength(1)
    for (const leadId of [statusByHand, offeredByHand, anonymised])
      expect(await leadRow(leadId)).toMatchObject({ dispatch_due_at: null, dispatch_claimed_by: null })
  })

  it('an offer by hand at the moment the dispatcher commits a round: never more than the limit, and the dispatcher stops', async () => {
    const db = database()
    const artisans = await addArtisans(4, 'Elettricista', 'Paderno Dugnano')
    const leadId = await addLead('2026-12-09T09:50', { comuneSlug: 'paderno-dugnano', placeId: 'comune-paderno-dugnano', locationLabel: 'Paderno Dugnano' })
    const byHandArtisan = await db.selectFrom('artisans').select(['id', 'contact_name', 'email']).where('id', '=', artisans[3]!).executeTakeFirstOrThrow()
    const lead = await db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow()
    // As the office's "Assegna" does (server/routers/admin/leads.ts): the lead marked first, the limit read inside.
    const assignByHand = () =>
      db.transaction().execute(async (trx) => {
        await markTakenByHand(trx, leadId, at('2026-12-09T09:51'))
        const open = await openOfferArtisanIds(trx, leadId)
        if (open.includes(byHandArtisan.id)) return
        if (open.length + 1 > MAX_ARTISANS_PER_REQUEST) throw new Error('too many')
        await offerLead(
          trx,
          { env, secret: SECRET },
          { lead, attachmentNames: [], artisan: byHandArtisan, offeredTo: open.length + 1, assignedBy: '1', actor: 'ufficio@artigianimilano.it' },
          at('2026-12-09T09:51'),
        )
      })
    const [dispatched, byHand] = await Promise.allSettled([sweep('2026-12-09T09:51', 'test-dispatcher', { ...ON, perRequest: 3 }), assignByHand()])
    expect(dispatched.status).toBe('fulfilled')
    const offers = await offersOf(leadId)
    expect(offers.filter((o) => o.revoked_at === null).length).toBeLessThanOrEqual(MAX_ARTISANS_PER_REQUEST)
    expect(new Set(offers.map((o) => o.artisan_id)).size).toBe(offers.length)
    if (byHand.status === 'rejected') {
      // The dispatcher's round committed first and filled the lead: the office's assignment is refused whole, its mark
      // on the lead included, as the router's transaction is.
      expect((byHand.reason as Error).message).toBe('too many')
      expect(offers.filter((o) => o.assigned_by === DISPATCHER)).toHaveLength(3)
      expect((await leadRow(leadId)).taken_by_hand_at).toBeNull()
      return
    }
    expect(offers.map((o) => o.artisan_id)).toContain(byHandArtisan.id)
    expect((await leadRow(leadId)).taken_by_hand_at).not.toBeNull()
    // Taken by hand: the dispatcher never offers it again.
    const after = await offersOf(leadId)
    expect(await sweep('2026-12-11T17:00', 'test-dispatcher', { ...ON, perRequest: 3 })).toEqual({})
    expect(await offersOf(leadId)).toEqual(after)
    expect((await leadRow(leadId)).dispatch_due_at).toBeNull()
  })

  it('two dispatchers sweeping at once offer each lead once, to each craftsman once', async () => {
    await addArtisans(4, 'Elettricista', 'Cinisello Balsamo')
    const place = { comuneSlug: 'cinisello-balsamo', placeId: 'comune-cinisello-balsamo', locationLabel: 'Cinisello Balsamo' }
    const leads = [await addLead('2026-12-09T10:20', place), await addLead('2026-12-09T10:20', place), await addLead('2026-12-09T10:20', place)]
    const [a, b] = await Promise.all([sweep('2026-12-09T10:21', 'process-a'), sweep('2026-12-09T10:21', 'process-b')])
    expect((a.offered ?? 0) + (b.offered ?? 0)).toBe(3)
    for (const leadId of leads) {
      expect((await offersOf(leadId)).map((o) => o.offer_number)).toEqual([1, 1])
      expect(await mailsAbout(leadId, 'lead-offer')).toHaveLength(2)
      expect((await leadRow(leadId)).dispatch_round).toBe(1)
    }
  })
})

describe('the setting', () => {
  it('turned on leaves to the office the leads that came while it was off; new office hours make the waiting ones due from their arrival', async () => {
    const db = database()
    const admin = { actorId: '1', actorEmail: 'ufficio@artigianimilano.it' }
    const waiting = await addLead('2026-12-05T11:00')
    const inRound = await addLead('2026-12-05T11:00')
    await db.updateTable('leads').set({ dispatch_round: 1 }).where('id', '=', inRound).execute()
    expect(await writeDispatchSettings(db, ON, admin, at('2026-12-05T11:01'))).toMatchObject({ before: { enabled: false }, after: ON })
    expect(await readDispatchSettings(db)).toEqual(ON)
    expect((await leadRow(waiting)).dispatch_due_at).toBeNull()
    expect((await leadRow(inRound)).dispatch_due_at).toBe(at('2026-12-05T11:00').toISOString())

    // A Saturday quote waiting for Wednesday's opening, and one a dispatcher holds.
    const saturday = await addLead('2026-12-05T12:00')
    const held = await addLead('2026-12-05T12:00')
    await db
      .updateTable('leads')
      .set({ dispatch_due_at: at('2026-12-09T09:00').toISOString() })
      .where('id', 'in', [saturday, held])
      .execute()
    await db.updateTable('leads').set({ dispatch_claimed_by: 'process-a' }).where('id', '=', held).execute()
    const withSaturday = { ...ON, officeHours: { ...ON.officeHours, days: [1, 2, 3, 4, 5, 6] } }
    await writeDispatchSettings(db, withSaturday, admin, at('2026-12-05T12:01'))
    expect((await leadRow(saturday)).dispatch_due_at).toBe(at('2026-12-05T12:00').toISOString())
    expect((await leadRow(held)).dispatch_due_at).toBe(at('2026-12-09T09:00').toISOString())
    expect(await readDispatchSettings(db)).toEqual(withSaturday)
    const audit = await db.selectFrom('audit_log').select(['actor_email', 'action', 'entity_type', 'entity_id']).orderBy('id').execute()
    expect(audit).toEqual([
      { actor_email: 'ufficio@artigianimilano.it', action: 'update', entity_type: 'dispatch_settings', entity_id: 'dispatch' },
      { actor_email: 'ufficio@artigianimilano.it', action: 'update', entity_type: 'dispatch_settings', entity_id: 'dispatch' },
    ])
  })
})

describe('the dashboard’s leads without a craftsman', () => {
  it('lists the flagged leads still waiting for the office, oldest flag first, up to the limit, with how many there are', async () => {
    const db = database()
    const flag = async (rome: string, change: Record<string, string | null> = {}) => {
      const leadId = await addLead('2026-12-09T09:00')
      await db
        .updateTable('leads')
        .set({ no_artisan_reason: 'no_coverage', no_artisan_at: at(rome).toISOString(), dispatch_due_at: null, ...change })
        .where('id', '=', leadId)
        .execute()
      return leadId
    }
    const later = await flag('2026-12-09T11:00')
    const earliest = await flag('2026-12-09T09:30')
    const sameTime = await flag('2026-12-09T11:00')
    await flag('2026-12-09T09:00', { taken_by_hand_at: at('2026-12-09T09:10').toISOString() })
    await flag('2026-12-09T09:00', { status: 'perso' })
    await addLead('2026-12-09T09:00')
    expect(await unassignedLeads(db)).toEqual({
      leads: [
        expect.objectContaining({ id: earliest, no_artisan_reason: 'no_coverage', no_artisan_at: at('2026-12-09T09:30').toISOString(), status: 'nuovo' }),
        expect.objectContaining({ id: later }),
        expect.objectContaining({ id: sameTime }),
      ],
      total: 3,
    })
    expect(await unassignedLeads(db, 2)).toMatchObject({ leads: [{ id: earliest }, { id: later }], total: 3 })
  })
})

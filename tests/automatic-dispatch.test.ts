import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { nextOfficeTime } from '#shared/office-hours.ts'
import { MAX_ARTISANS_PER_REQUEST } from '#shared/promise.ts'
import {
  CLOCK_MESSAGE,
  DAYS_MESSAGE,
  type DispatchSettings,
  HOURS_ORDER_MESSAGE,
  NO_ARTISAN_REASON_LABELS,
  PER_REQUEST_MESSAGE,
  ROUNDS_MESSAGE,
} from '#shared/schemas/dispatch.ts'
import { claimDueLeads, dispatchLead, runDispatch } from '#server/dispatch/dispatcher.ts'
import { DISPATCHER } from '#server/repositories/offers.ts'
import { readDispatchSettings } from '#server/dispatch/settings.ts'
import { leadLinks } from '#server/leads/links.ts'
import { sendOfferSummaries } from '#server/leads/offer-summary.ts'
import { declineOffer } from '#server/repositories/offers.ts'
import { errorOf, serveSignedIn } from './helpers/admin.ts'
import { startApp } from './helpers/app.ts'
import { at, dispatchFixtures, quoteIn } from './helpers/dispatch.ts'
import { publicClient, solveCaptcha, validQuote } from './helpers/requests.ts'

const ADMIN = { email: 'ufficio@artigianimilano.it', password: 'password sicura 2026' }
// The app's own dispatcher runs on a clock stopped before every time below: the tests take each step themselves,
// except the one about the worker loop, which moves it.
let appClock = new Date('2026-01-01T00:00:00Z')
// One office day (09:00-18:00) is 9 hours: a round of 4 office hours is easy to follow across nights and holidays.
const site = serveSignedIn(ADMIN, { LEAD_RESPONSE_HOURS: '4' }, (env) => startApp(env, { now: () => appClock }))

const db = () => site.server.db
let secret: string
beforeAll(async () => {
  secret = await leadLinks(site.server.db, site.server.env).secret()
})
const deps = () => ({ db: db(), env: site.server.env, secret })
/** One sweep of a dispatcher process, at a time on the Italian clock ('2026-12-09T09:00' is a Wednesday in winter, UTC+1). */
const sweep = (rome: string, claimant = 'test-dispatcher') => runDispatch(deps(), claimant, at(rome))

const ON: DispatchSettings = { enabled: true, perRequest: 2, rounds: 2, officeHours: { days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' } }
const setDispatch = (settings: DispatchSettings) => site.trpc.admin.dispatch.update.mutate(settings)

// Nothing one test leaves due reaches the next one's sweeps.
afterEach(async () => {
  await db().updateTable('leads').set({ dispatch_due_at: null, dispatch_claimed_by: null }).execute()
})

const fixtures = dispatchFixtures(db)
const { addLead, addArtisans, leadRow } = fixtures

const offersOf = (leadId: number) =>
  db()
    .selectFrom('lead_assignments')
    .select(['id', 'artisan_id', 'assigned_by', 'offer_number', 'response', 'revoked_at', 'assigned_at'])
    .where('lead_id', '=', leadId)
    .orderBy('id')
    .execute()
const mailsAbout = (leadId: number, category: string) =>
  db()
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'template_props'])
    .where('lead_id', '=', leadId)
    .where('category', '=', category)
    .orderBy('id')
    .execute()
const decline = (leadId: number, offer: { id: number; artisan_id: number; offer_number: number }, rome: string) =>
  declineOffer(db(), { assignmentId: offer.id, leadId, artisanId: offer.artisan_id, offerNumber: offer.offer_number }, null, at(rome))

describe('the setting', () => {
  it('is off until the office turns it on: nothing is dispatched, and leads of the off period stay the office’s', async () => {
    expect(await readDispatchSettings(db())).toMatchObject({ enabled: false })
    await addArtisans(2)
    const leadId = await addLead('2026-12-09T10:00')
    expect(await sweep('2026-12-09T10:00:30')).toEqual({ off: 1 })
    expect(await offersOf(leadId)).toEqual([])
    expect((await leadRow(leadId)).dispatch_due_at).toBeNull()

    const waiting = await addLead('2026-12-09T10:01')
    const saved = await setDispatch(ON)
    expect(saved).toMatchObject({ ...ON, responseHours: 4 })
    expect(await site.trpc.admin.dispatch.settings.query()).toEqual({ ...ON, responseHours: 4 })
    // The lead that came while dispatch was off is the office's: turning it on offers only what comes from now on.
    expect(await sweep('2026-12-09T10:02')).toEqual({})
    expect(await offersOf(waiting)).toEqual([])

    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor_email', 'action', 'entity_type', 'details'])
      .where('entity_type', '=', 'dispatch_settings')
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actor_email: ADMIN.email, action: 'update', entity_type: 'dispatch_settings' })
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({ from: { enabled: false }, to: ON })

    // Off again: the office offers by hand as it always did.
    await setDispatch({ ...ON, enabled: false })
    const later = await addLead('2026-12-09T11:00')
    expect(await sweep('2026-12-09T11:00:30')).toEqual({ off: 1 })
    expect(await offersOf(later)).toEqual([])
  })

  it('refuses a number of craftsmen or rounds out of range and office hours that end before they start, storing nothing', async () => {
    await setDispatch(ON)
    const before = await db().selectFrom('app_settings').select('value').where('key', '=', 'dispatch').executeTakeFirstOrThrow()
    const auditBefore = await db().selectFrom('audit_log').select('id').where('entity_type', '=', 'dispatch_settings').execute()
    const bad: [Record<string, unknown>, string][] = [
      [{ perRequest: 0 }, PER_REQUEST_MESSAGE],
      [{ perRequest: MAX_ARTISANS_PER_REQUEST + 1 }, PER_REQUEST_MESSAGE],
      [{ perRequest: 1.5 }, PER_REQUEST_MESSAGE],
      [{ rounds: 0 }, ROUNDS_MESSAGE],
      [{ rounds: 6 }, ROUNDS_MESSAGE],
      [{ officeHours: { ...ON.officeHours, start: '18:00', end: '09:00' } }, HOURS_ORDER_MESSAGE],
      [{ officeHours: { ...ON.officeHours, start: '09:00', end: '09:00' } }, HOURS_ORDER_MESSAGE],
      [{ officeHours: { ...ON.officeHours, start: '9:00' } }, CLOCK_MESSAGE],
      [{ officeHours: { ...ON.officeHours, end: '24:30' } }, CLOCK_MESSAGE],
      [{ officeHours: { ...ON.officeHours, days: [] } }, DAYS_MESSAGE],
      [{ officeHours: { ...ON.officeHours, days: [0, 8] } }, DAYS_MESSAGE],
    ]
    expect(PER_REQUEST_MESSAGE).toBe('Scegli da 1 a 3 artigiani per richiesta.')
    expect(HOURS_ORDER_MESSAGE).toBe("L'orario di fine deve venire dopo quello di inizio, nello stesso giorno.")
    for (const [change, message] of bad) {
      const error = await errorOf(setDispatch({ ...ON, ...change } as DispatchSettings))
      expect({ change, code: error.code, message: error.message }).toEqual({ change, code: 'BAD_REQUEST', message })
    }
    expect(await db().selectFrom('app_settings').select('value').where('key', '=', 'dispatch').executeTakeFirstOrThrow()).toEqual(before)
    expect(await db().selectFrom('audit_log').select('id').where('entity_type', '=', 'dispatch_settings').execute()).toEqual(auditBefore)
  })
})

describe('rounds of offers in office time', () => {
  it('offers a Saturday request on the next office day after the holidays, round after round, then flags it for the office', async () => {
    await setDispatch(ON)
    const artisans = await addArtisans(5, 'Elettricista', 'Legnano')
    // Saturday 5 December; Monday 7 (Sant'Ambrogio) and Tuesday 8 (Immacolata) are holidays in Milan.
    const leadId = await addLead('2026-12-05T11:00', { comuneSlug: 'legnano', placeId: 'comune-legnano', locationLabel: 'Legnano' })
    expect(await sweep('2026-12-05T11:00:30')).toEqual({ later: 1 })
    expect(await offersOf(leadId)).toEqual([])
    expect((await leadRow(leadId)).dispatch_due_at).toBe(at('2026-12-09T09:00').toISOString())
    expect(await sweep('2026-12-07T10:00')).toEqual({})

    // Wednesday at opening: the two best matches, by the dispatcher, the round due 4 office hours later.
    expect(await sweep('2026-12-09T09:00')).toEqual({ offered: 1 })
    const first = await offersOf(leadId)
    expect(first.map((o) => [o.artisan_id, o.assigned_by, o.offer_number])).toEqual([
      [artisans[0], DISPATCHER, 1],
      [artisans[1], DISPATCHER, 1],
    ])
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
    expect(JSON.parse((await mailsAbout(leadId, 'lead-offer'))[0]!.template_props!)).toMatchObject({ offeredTo: 2 })

    // One declines: the other may still answer until the round ends.
    await decline(leadId, first[0]!, '2026-12-09T10:00')
    expect(await sweep('2026-12-09T12:59')).toEqual({})
    // The round ends without an acceptance: the silent offer is taken back, the next two get it.
    expect(await sweep('2026-12-09T13:00')).toEqual({ offered: 1 })
    const second = await offersOf(leadId)
    expect(second.map((o) => [o.artisan_id, o.response, o.revoked_at !== null])).toEqual([
      [artisans[0], 'declined', false],
      [artisans[1], null, true],
      [artisans[2], null, false],
      [artisans[3], null, false],
    ])
    // Never two offers of one lead to one craftsman.
    expect(second.every((o) => o.offer_number === 1)).toBe(true)
    expect((await leadRow(leadId)).dispatch_round).toBe(2)

    // Both decline before the round ends: nothing to wait for, and no round left: the office is told.
    await decline(leadId, second[2]!, '2026-12-09T14:00')
    await decline(leadId, second[3]!, '2026-12-09T14:30')
    expect(await sweep('2026-12-09T14:31')).toEqual({ flagged: 1 })
    expect(await leadRow(leadId)).toMatchObject({
      no_artisan_reason: 'all_declined',
      no_artisan_at: at('2026-12-09T14:31').toISOString(),
      dispatch_due_at: null,
    })
    expect(await offersOf(leadId)).toHaveLength(4)
    const [alert] = await mailsAbout(leadId, 'no-artisan')
    expect(alert).toMatchObject({ to_address: '', subject: `Nessun artigiano disponibile: preventivo n. ${leadId} (Elettricista a Legnano)` })
    expect(JSON.parse(alert!.template_props!)).toMatchObject({ reason: NO_ARTISAN_REASON_LABELS.all_declined })

    const unassigned = await site.trpc.admin.dashboard.unassigned.query()
    expect(unassigned.leads.find((lead) => lead.id === leadId)).toMatchObject({ no_artisan_reason: 'all_declined' })
    const detail = await site.trpc.admin.leads.byId.query({ id: leadId })
    expect(detail).toMatchObject({ no_artisan_reason: 'all_declined' })
    expect(detail.timeline.filter((entry) => entry.actor === 'sistema').map((entry) => entry.kind)).toEqual([
      'assigned',
      'status_changed',
      'assigned',
      'revoked',
      'assigned',
      'assigned',
      'no_artisan',
    ])
    // Nothing more from the dispatcher; the office takes it over and the flag leaves the dashboard.
    expect(await sweep('2026-12-10T10:00')).toEqual({})
    await site.trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [artisans[4]!] })
    expect((await site.trpc.admin.dashboard.unassigned.query()).leads.map((lead) => lead.id)).not.toContain(leadId)
  })

  it('offers a quote waiting for the opening at once when the office adds the hours it came in', async () => {
    await setDispatch(ON)
    const [artisanId] = await addArtisans(1, 'Idraulico', 'Rozzano')
    const saturday = await addLead('2026-12-05T11:00', quoteIn('Idraulico', 'Rozzano'))
    expect(await sweep('2026-12-05T11:00:30')).toEqual({ later: 1 })
    await setDispatch({ ...ON, officeHours: { days: [1, 2, 3, 4, 5, 6], start: '09:00', end: '18:00' } })
    expect(await sweep('2026-12-05T11:01')).toEqual({ offered: 1 })
    expect((await offersOf(saturday)).map((o) => o.artisan_id)).toEqual([artisanId])
  })

  it('stops at the first acceptance, and counts a Friday evening round across the weekend and the holidays', async () => {
    await setDispatch({ ...ON, perRequest: 1, rounds: 3 })
    const artisans = await addArtisans(2, 'Idraulico', 'Rho')
    const leadId = await addLead('2026-12-04T16:00', quoteIn('Idraulico', 'Rho'))
    expect(await sweep('2026-12-04T16:00:30')).toEqual({ offered: 1 })
    // Two office hours on Friday, then Wednesday 9 at 11:00:30 (weekend, Sant'Ambrogio and the Immacolata skipped).
    expect((await leadRow(leadId)).dispatch_due_at).toBe(at('2026-12-09T11:00:30').toISOString())
    const [offer] = await offersOf(leadId)
    expect(offer!.artisan_id).toBe(artisans[0])
    await db()
      .updateTable('lead_assignments')
      .set({ response: 'accepted', responded_at: at('2026-12-09T10:00').toISOString() })
      .where('id', '=', offer!.id)
      .execute()
    expect(await sweep('2026-12-09T11:00:30')).toEqual({ accepted: 1 })
    expect(await offersOf(leadId)).toHaveLength(1)
    expect(await leadRow(leadId)).toMatchObject({ dispatch_due_at: null, no_artisan_reason: null })
  })

  it('mails its offer at once to a craftsman on the morning summary alone, whose summary says the hour the round ends', async () => {
    await setDispatch({ ...ON, perRequest: 1, rounds: 3 })
    const [summaryOnly] = await addArtisans(1, 'Idraulico', 'Bollate')
    await db().updateTable('artisans').set({ offer_mail: 'summary' }).where('id', '=', summaryOnly!).execute()
    const leadId = await addLead('2026-12-09T09:00', quoteIn('Idraulico', 'Bollate'))
    expect(await sweep('2026-12-09T09:00:30')).toEqual({ offered: 1 })
    // Taken back at 13:00:30 if unanswered: a mail the next morning would come too late, so it goes now.
    expect((await mailsAbout(leadId, 'lead-offer')).map((mail) => mail.to_address)).toEqual([`artigiano${fixtures.serial - 1}@artigiani.example`])
    // Had the summary gone out meanwhile, it would name the round's end, as the area does, not the links' seven days.
    expect(await sendOfferSummaries(db(), site.server.env, at('2026-12-09T10:00'))).toBe(1)
    const summary = await db()
      .selectFrom('email_outbox')
      .select('template_props')
      .where('category', '=', 'offer-summary')
      .where('to_address', '=', `artigiano${fixtures.serial - 1}@artigiani.example`)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(summary.template_props!).offers).toEqual([expect.objectContaining({ leadId, answerBy: '9 dic 2026, 13:00' })])
  })

  it('keeps a lead in the middle of a round off the dashboard’s waiting list until the dispatcher gives it to the office', async () => {
    await setDispatch(ON)
    await addArtisans(2, 'Muratore', 'Segrate')
    // A Friday afternoon (in the past, so that the dashboard's real clock sees days of waiting): the round ends on Monday.
    const leadId = await addLead('2026-11-20T16:50', quoteIn('Muratore', 'Segrate'))
    expect(await sweep('2026-11-20T17:00:30')).toEqual({ offered: 1 })
    expect((await leadRow(leadId)).dispatch_due_at).toBe(at('2026-11-23T12:00:30').toISOString())
    const waitingIds = async () => (await site.trpc.admin.dashboard.responses.query()).waiting.leads.map((lead) => lead.id)
    // Offered days ago in real hours, but the dispatcher counts office hours and offers it on by itself: not the office's to chase.
    expect(await waitingIds()).not.toContain(leadId)
    // With dispatch off the lead is the office's again, and waits like any other.
    await setDispatch({ ...ON, enabled: false })
    expect(await waitingIds()).toContain(leadId)
    await setDispatch(ON)
    expect(await waitingIds()).not.toContain(leadId)
    // Monday at the round's end nobody else covers Segrate: the lead is flagged, the office's, and waiting again.
    expect(await sweep('2026-11-23T12:01')).toEqual({ flagged: 1 })
    const { waiting } = await site.trpc.admin.dashboard.responses.query()
    expect(waiting.leads.find((lead) => lead.id === leadId)).toMatchObject({ pending: 0, service_name: 'Muratore' })
  })
})

describe('why a lead is flagged', () => {
  it('names an unknown service or comune, a comune nobody covers, and craftsmen all paused', async () => {
    await setDispatch(ON)
    const unknown = await addLead('2026-12-09T09:30', {
      serviceId: 'altro',
      serviceName: 'Altro',
      comuneSlug: null,
      placeId: null,
      locationLabel: 'Lugano, Svizzera',
    })
    const uncovered = await addLead('2026-12-09T09:30', quoteIn('Tapparellista', 'Vizzolo Predabissi'))
    const [paused] = await addArtisans(1, 'Falegname', 'Abbiategrasso')
    await db().updateTable('artisans').set({ paused_until: '2026-12-31' }).where('id', '=', paused!).execute()
    const resting = await addLead('2026-12-09T09:30', quoteIn('Falegname', 'Abbiategrasso'))
    expect(await sweep('2026-12-09T09:31')).toEqual({ flagged: 3 })
    expect((await leadRow(unknown)).no_artisan_reason).toBe('unmatched')
    expect((await leadRow(uncovered)).no_artisan_reason).toBe('no_coverage')
    expect((await leadRow(resting)).no_artisan_reason).toBe('all_paused')
    for (const leadId of [unknown, uncovered, resting]) expect(await offersOf(leadId)).toEqual([])
    const listed = (await site.trpc.admin.dashboard.unassigned.query()).leads
    expect(
      listed
        .filter((lead) => [unknown, uncovered, resting].includes(lead.id))
        .map((lead) => lead.no_artisan_reason)
        .sort(),
    ).toEqual(['all_paused', 'no_coverage', 'unmatched'])
  })
})

describe('the office’s hand wins', () => {
  it('a claim taken, then an offer by hand, then the dispatcher’s commit: the dispatcher does nothing', async () => {
    await setDispatch(ON)
    const artisans = await addArtisans(3, 'Imbianchino', 'Bollate')
    const leadId = await addLead('2026-12-09T09:40', quoteIn('Imbianchino', 'Bollate'))
    expect(await claimDueLeads(db(), 'slow-dispatcher', at('2026-12-09T09:41'), true)).toEqual([leadId])
    await site.trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [artisans[2]!] })
    expect(await dispatchLead(deps(), leadId, 'slow-dispatcher', await readDispatchSettings(db()), at('2026-12-09T09:41'))).toBe('lost')
    expect((await offersOf(leadId)).map((o) => [o.artisan_id, o.assigned_by === DISPATCHER])).toEqual([[artisans[2], false]])
    expect((await leadRow(leadId)).taken_by_hand_at).not.toBeNull()
    expect(await sweep('2026-12-10T12:00')).toEqual({})
    expect(await offersOf(leadId)).toHaveLength(1)
  })

  it('an offer by hand at the moment the dispatcher commits a round: never more than the limit, and the dispatcher stops', async () => {
    await setDispatch({ ...ON, perRequest: 3 })
    const artisans = await addArtisans(4, 'Elettricista', 'Paderno Dugnano')
    const leadId = await addLead('2026-12-09T09:50', { comuneSlug: 'paderno-dugnano', placeId: 'comune-paderno-dugnano', locationLabel: 'Paderno Dugnano' })
    const [dispatched, byHand] = await Promise.allSettled([
      sweep('2026-12-09T09:51'),
      site.trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [artisans[3]!] }),
    ])
    const offers = await offersOf(leadId)
    const standing = offers.filter((o) => o.revoked_at === null)
    expect(standing.length).toBeLessThanOrEqual(MAX_ARTISANS_PER_REQUEST)
    expect(new Set(offers.map((o) => o.artisan_id)).size).toBe(offers.length)
    if (byHand.status === 'fulfilled') {
      // The hand came first (the dispatcher found it) or second (the round was committed and counted).
      expect(offers.map((o) => o.artisan_id)).toContain(artisans[3])
    } else {
      // The round took the three places first: the office is told there is no room (and can take an offer back).
      expect(dispatched).toMatchObject({ status: 'fulfilled' })
      expect(offers.filter((o) => o.assigned_by === DISPATCHER)).toHaveLength(3)
    }
    // Whichever came first, a status the office sets stops the dispatcher for good.
    await site.trpc.admin.leads.update.mutate({ id: leadId, status: 'sopralluogo fissato' })
    const after = await offersOf(leadId)
    await sweep('2026-12-11T17:00')
    expect(await offersOf(leadId)).toEqual(after)
    expect((await leadRow(leadId)).dispatch_due_at).toBeNull()
  })

  it('leaves alone a lead whose status the office set by hand, and one anonymised', async () => {
    await setDispatch(ON)
    await addArtisans(2, 'Elettricista', 'Cormano')
    const leadId = await addLead('2026-12-09T10:10', { comuneSlug: 'cormano', placeId: 'comune-cormano', locationLabel: 'Cormano' })
    await site.trpc.admin.leads.update.mutate({ id: leadId, status: 'contattato' })
    // And one anonymised by retention meanwhile: no contact left for a craftsman.
    const anonymised = await addLead('2026-12-09T10:10', { comuneSlug: 'cormano', placeId: 'comune-cormano', locationLabel: 'Cormano' })
    await db().updateTable('leads').set({ email: '', email_normalized: '' }).where('id', '=', anonymised).execute()
    expect(await sweep('2026-12-09T10:11')).toEqual({ by_hand: 1, closed: 1 })
    expect(await offersOf(leadId)).toEqual([])
    expect(await offersOf(anonymised)).toEqual([])
  })
})

describe('several dispatchers and restarts', () => {
  it('two dispatchers sweeping at once offer each lead once, to each craftsman once', async () => {
    await setDispatch(ON)
    await addArtisans(4, 'Elettricista', 'Cinisello Balsamo')
    const leads = await Promise.all(
      [0, 1, 2].map(() =>
        addLead('2026-12-09T10:20', { comuneSlug: 'cinisello-balsamo', placeId: 'comune-cinisello-balsamo', locationLabel: 'Cinisello Balsamo' }),
      ),
    )
    const [a, b] = await Promise.all([sweep('2026-12-09T10:21', 'process-a'), sweep('2026-12-09T10:21', 'process-b')])
    expect((a.offered ?? 0) + (b.offered ?? 0)).toBe(3)
    for (const leadId of leads) {
      const offers = await offersOf(leadId)
      expect(offers.map((o) => o.offer_number)).toEqual([1, 1])
      expect(await mailsAbout(leadId, 'lead-offer')).toHaveLength(2)
      expect((await leadRow(leadId)).dispatch_round).toBe(1)
    }
  })

  it('a process that dies holding a claim gives it back after the lease; a new process takes the round where it was', async () => {
    await setDispatch(ON)
    const artisans = await addArtisans(4, 'Elettricista', 'Bresso')
    const leadId = await addLead('2026-12-09T10:30', { comuneSlug: 'bresso', placeId: 'comune-bresso', locationLabel: 'Bresso' })
    expect(await sweep('2026-12-09T10:30:30', 'first-process')).toEqual({ offered: 1 })
    // The round ends; a process claims the lead and dies before its commit.
    expect(await claimDueLeads(db(), 'dead-process', at('2026-12-09T14:30:30'), true)).toEqual([leadId])
    expect(await sweep('2026-12-09T14:31', 'restarted-process')).toEqual({})
    // Past the lease, the restarted process goes on with the second round from what the database says.
    expect(await sweep('2026-12-09T14:36', 'restarted-process')).toEqual({ offered: 1 })
    expect((await offersOf(leadId)).map((o) => [o.artisan_id, o.revoked_at !== null])).toEqual([
      [artisans[0], true],
      [artisans[1], true],
      [artisans[2], false],
      [artisans[3], false],
    ])
    // The dead process's late commit changes nothing.
    expect(await dispatchLead(deps(), leadId, 'dead-process', await readDispatchSettings(db()), at('2026-12-09T14:37'))).toBe('lost')
    expect(await offersOf(leadId)).toHaveLength(4)
  })

  it('the worker loop of the app offers a request sent from the site at once, with no office action', async () => {
    await setDispatch(ON)
    const [artisanId] = await addArtisans(1, 'Elettricista', 'Cusano Milanino')
    const client = publicClient(site.server.url)
    const captcha = await solveCaptcha(client)
    // The app's clock stands in office time just after the request is stored.
    appClock = nextOfficeTime(ON.officeHours, Date.now() + 60_000)
    const { leadId } = await client.requests.quote.mutate({
      ...validQuote({ comuneSlug: 'cusano-milanino', location: { label: 'Cusano Milanino', placeId: 'comune-cusano-milanino' } }),
      ...captcha,
    } as never)
    // Storing the quote wakes the dispatcher: the offer is made well before its next poll (every 30 seconds).
    await expect.poll(async () => (await offersOf(leadId)).map((o) => [o.artisan_id, o.assigned_by]), { timeout: 10_000 }).toEqual([[artisanId, DISPATCHER]])
    expect(await mailsAbout(leadId, 'lead-offer')).toHaveLength(1)
    appClock = new Date('2026-01-01T00:00:00Z')
  })
})

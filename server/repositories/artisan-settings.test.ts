import { describe, expect, it } from 'vitest'
import type { OfferMailMode } from '#shared/artisan-notifications.ts'
import { artisan, quoteLead } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { artisansDueSummary, claimSummary, findNotificationSettings, offerMailOf, openOffersOf, setNotificationSettings } from './artisan-settings.ts'
import { insertArtisan } from './artisans.ts'
import { insertLead } from './leads.ts'

const database = serveTestDatabase()

const CREATED = '2026-11-20T09:00:00.000Z'
const DAY = '2026-11-28'
/** The answer links' validity, as the summary reads it: offers made since then. */
const SINCE = '2026-11-21T06:45:00.000Z'

let serial = 0
async function newArtisan(offerMail: OfferMailMode = 'immediate', summarySentOn: string | null = null) {
  const { id } = await insertArtisan(database(), artisan({ email: `artigiano${++serial}@example.com`, contactName: `Artigiano ${serial}` }), CREATED)
  await database().updateTable('artisans').set({ offer_mail: offerMail, summary_sent_on: summarySentOn }).where('id', '=', id).execute()
  return id
}

type Offer = {
  at?: string
  response?: 'accepted' | 'declined'
  revoked?: boolean
  withdrawn?: boolean
  leadStatus?: 'nuovo' | 'assegnato' | 'acquisito' | 'perso'
}
/** An offer of a new lead (Sesto San Giovanni, electrician) to the craftsman; its id. */
async function offer(artisanId: number, { at = '2026-11-27T10:00:00.000Z', response, revoked, withdrawn, leadStatus = 'assegnato' }: Offer = {}) {
  const leadId = await insertLead(database(), quoteLead({ email: `cliente${++serial}@example.com` }), [], '2026-11-20T08:00:00.000Z')
  await database().updateTable('leads').set({ status: leadStatus }).where('id', '=', leadId).execute()
  const row = await database()
    .insertInto('lead_assignments')
    .values({
      lead_id: leadId,
      artisan_id: artisanId,
      assigned_at: at,
      assigned_by: null,
      email_outbox_id: null,
      response: response ?? null,
      responded_at: response ? at : null,
      revoked_at: revoked ? at : null,
      withdrawn_at: withdrawn ? at : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, leadId }
}

describe('Notifiche', () => {
  it('start as every offer at once and every other mail; saved, they return what they were, and a stop keeps its first time', async () => {
    const id = await newArtisan()
    const other = await newArtisan()
    expect(await findNotificationSettings(database(), id)).toEqual({ offerMail: 'immediate', otherMail: true })
    expect(await offerMailOf(database(), id)).toBe('immediate')

    expect(await setNotificationSettings(database(), id, { offerMail: 'summary', otherMail: false }, '2026-11-22T10:00:00.000Z')).toEqual({
      offerMail: 'immediate',
      otherMail: true,
    })
    expect(await findNotificationSettings(database(), id)).toEqual({ offerMail: 'summary', otherMail: false })
    expect(await offerMailOf(database(), id)).toBe('summary')
    const stored = () =>
      database().selectFrom('artisans').select(['offer_mail', 'other_mail_stopped_at', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(await stored()).toEqual({ offer_mail: 'summary', other_mail_stopped_at: '2026-11-22T10:00:00.000Z', updated_at: '2026-11-22T10:00:00.000Z' })

    expect(await setNotificationSettings(database(), id, { offerMail: 'both', otherMail: false }, '2026-11-23T10:00:00.000Z')).toEqual({
      offerMail: 'summary',
      otherMail: false,
    })
    expect(await stored()).toEqual({ offer_mail: 'both', other_mail_stopped_at: '2026-11-22T10:00:00.000Z', updated_at: '2026-11-23T10:00:00.000Z' })
    await setNotificationSettings(database(), id, { offerMail: 'both', otherMail: true }, '2026-11-24T10:00:00.000Z')
    expect(await stored()).toEqual({ offer_mail: 'both', other_mail_stopped_at: null, updated_at: '2026-11-24T10:00:00.000Z' })

    expect(await findNotificationSettings(database(), other)).toEqual({ offerMail: 'immediate', otherMail: true })
    expect(await setNotificationSettings(database(), other + 100, { offerMail: 'summary', otherMail: false })).toBeUndefined()
    expect(await findNotificationSettings(database(), other + 100)).toBeUndefined()
    expect(await offerMailOf(database(), other + 100)).toBe('immediate')
  })
})

describe('the morning summary', () => {
  it('lists a craftsman’s offers still waiting for an answer, oldest first: not answered, taken back, given back, closed or too old', async () => {
    const id = await newArtisan('summary')
    const newer = await offer(id, { at: '2026-11-27T10:00:00.000Z' })
    const older = await offer(id, { at: '2026-11-25T10:00:00.000Z' })
    const sameTime = await offer(id, { at: '2026-11-25T10:00:00.000Z', leadStatus: 'nuovo' })
    await offer(id, { response: 'declined' })
    await offer(id, { response: 'accepted' })
    await offer(id, { revoked: true })
    await offer(id, { response: 'accepted', withdrawn: true })
    await offer(id, { leadStatus: 'acquisito' })
    await offer(id, { leadStatus: 'perso' })
    await offer(id, { at: '2026-11-21T06:44:59.999Z' })
    const atTheLimit = await offer(id, { at: SINCE })
    await offer(await newArtisan('summary'))

    const open = await openOffersOf(database(), id, SINCE)
    expect(open.map((row) => row.id)).toEqual([atTheLimit.id, older.id, sameTime.id, newer.id])
    expect(open[1]).toEqual({
      id: older.id,
      lead_id: older.leadId,
      assigned_at: '2026-11-25T10:00:00.000Z',
      assigned_by: null,
      service_name: 'Elettricista',
      comune_slug: 'sesto-san-giovanni',
      location_label: 'Via Roma 10, Sesto San Giovanni MI, Italia',
      dispatch_round: 0,
      dispatch_due_at: '2026-11-20T08:00:00.000Z',
      dispatch_claimed_by: null,
    })
  })

  it('is due to the craftsmen who chose it, have an open offer and have not had today’s, in pages of ids', async () => {
    const summary = await newArtisan('summary')
    const both = await newArtisan('both', '2026-11-27')
    const immediate = await newArtisan('immediate')
    // Chose the summary, has no offer.
    await newArtisan('summary')
    const answered = await newArtisan('summary')
    const alreadyToday = await newArtisan('summary', DAY)
    const onlyOld = await newArtisan('both')
    const last = await newArtisan('summary')
    for (const id of [summary, both, immediate, alreadyToday, last]) await offer(id)
    await offer(answered, { response: 'accepted' })
    await offer(onlyOld, { at: '2026-11-01T10:00:00.000Z' })

    const due = async (afterId: number, limit: number) => (await artisansDueSummary(database(), DAY, SINCE, afterId, limit)).map((row) => row.id)
    expect(await due(0, 50)).toEqual([summary, both, last])
    expect(await due(0, 2)).toEqual([summary, both])
    expect(await due(both, 2)).toEqual([last])
    expect(await due(last, 2)).toEqual([])
  })

  it('is claimed once a day per craftsman, however many claim it at once; never for one who wants each offer at once', async () => {
    const id = await newArtisan('both')
    const immediate = await newArtisan('immediate')
    await offer(id)
    const claim = (day: string) =>
      database()
        .transaction()
        .execute((trx) => claimSummary(trx, id, day))
    const [first, second] = await Promise.all([claim(DAY), claim(DAY)])
    expect([first, second].filter(Boolean)).toEqual([
      { id, contact_name: expect.stringMatching(/^Artigiano \d+$/), email: expect.any(String), offer_mail: 'both' },
    ])
    expect(await claim(DAY)).toBeUndefined()
    // An earlier day, run late, is not sent after today's.
    expect(await claim('2026-11-27')).toBeUndefined()
    expect(await artisansDueSummary(database(), DAY, SINCE, 0, 50)).toEqual([])
    expect(await claim('2026-11-29')).toMatchObject({ id })
    expect(await database().selectFrom('artisans').select('summary_sent_on').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      summary_sent_on: '2026-11-29',
    })

    expect(await claimSummary(database(), immediate, DAY)).toBeUndefined()
    expect(await database().selectFrom('artisans').select('summary_sent_on').where('id', '=', immediate).executeTakeFirstOrThrow()).toEqual({
      summary_sent_on: null,
    })
  })
})

import { describe, expect, it } from 'vitest'
import type { NewsletterTargetGroup } from '#shared/enums.ts'
import type { Segment } from '#shared/schemas/newsletter.ts'
import { changeSoftOptIn } from '#server/newsletter/audience.ts'
import { artisan, quoteLead } from '#tests/helpers/admin-leads.ts'
import { createCampaign } from '#tests/helpers/campaigns.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { setNotificationSettings } from './artisan-settings.ts'
import { insertArtisan } from './artisans.ts'
import { insertLead } from './leads.ts'
import { countSegmentRecipients, insertSegmentDeliveries } from './newsletter-segments.ts'
import { suppressEmail, suppressForFeedback } from './suppressions.ts'

const database = serveTestDatabase()
const OWNER = { actorId: 'admin-1', actorEmail: 'redazione@artigianimilano.it' }

async function lead(fullName: string, email: string, serviceId: string, comuneSlug: string, createdAt: string, consent = true) {
  await insertLead(
    database(),
    quoteLead({
      fullName,
      email,
      serviceId,
      serviceName: serviceId,
      comuneSlug,
      placeId: `comune-${comuneSlug}`,
      ...(consent ? {} : { marketingConsentAt: null, marketingConsentText: null }),
    }),
    [],
    createdAt,
  )
}

/** The requesters of tests/newsletter-segments.test.ts, and two leads either side of midnight in Rome. */
async function requesters() {
  await lead('Anna', 'a@example.com', 'imbianchino', 'sesto-san-giovanni', '2026-03-10T10:00:00.000Z')
  await lead('Bruno', 'b@example.com', 'imbianchino', 'sesto-san-giovanni', '2025-06-10T10:00:00.000Z')
  await lead('Carla', 'c@example.com', 'imbianchino', 'rho', '2026-05-10T10:00:00.000Z')
  await lead('Dario', 'd@example.com', 'elettricista', 'sesto-san-giovanni', '2026-05-10T10:00:00.000Z')
  // The same person twice: one recipient, with the latest spelling and name.
  await lead('Elena', 'e@example.com', 'idraulico', 'milano', '2026-01-01T10:00:00.000Z')
  await lead('Elena Esposito', 'E@Example.com ', 'idraulico', 'milano', '2026-02-01T10:00:00.000Z')
  // 00:30 on 11 May in Rome, and midnight of 10 May in Rome.
  await lead('Franco', 'f@example.com', 'elettricista', 'rho', '2026-05-10T22:30:00.000Z')
  await lead('Gina', 'g@example.com', 'elettricista', 'rho', '2026-05-09T22:00:00.000Z')
  await lead('Escluso', 'suppressed@example.com', 'imbianchino', 'sesto-san-giovanni', '2026-04-01T10:00:00.000Z')
  await suppressForFeedback(database(), 'suppressed@example.com', 'bounced', null, 'Permanent/General', '2026-04-02T00:00:00.000Z')
}

async function addSegmentArtisans() {
  const add = (email: string, sector: string, zone: string, status: 'active' | 'inactive' = 'active') =>
    insertArtisan(database(), artisan({ contactName: email.split('@')[0]!, email, specializationSectors: [sector], operativeZones: [zone], status }))
  await add('el-rho@example.com', 'Elettricista', 'Rho')
  await add('el-milano@example.com', 'Elettricista', 'Milano')
  await add('el-rho-off@example.com', 'Elettricista', 'Rho', 'inactive')
  await add('fabbro-rho@example.com', 'Fabbro', 'Rho')
  // Neither gets the newsletter: one stopped every mail but the offers, one bounced.
  const { id } = await add('basta-mail@example.com', 'Elettricista', 'Rho')
  await setNotificationSettings(database(), id, { offerMail: 'immediate', otherMail: false }, '2026-04-01T10:00:00.000Z')
  await add('rimbalzo@example.com', 'Elettricista', 'Rho')
  await suppressForFeedback(database(), 'rimbalzo@example.com', 'bounced', null, 'Permanent/General', '2026-04-02T00:00:00.000Z')
}

/** Writes the deliveries of a new campaign to the group and segment; its rows in id order. */
async function prepared(group: NewsletterTargetGroup, segment: Partial<Segment>) {
  const job = {
    id: await createCampaign(database(), { subject: 'Offerte di primavera', bodyHtml: '<p>Testo</p>', targetGroup: group, segment }, OWNER.actorEmail),
  }
  await insertSegmentDeliveries(database(), job.id, group, segment)
  return { jobId: job.id, rows: await deliveriesOf(job.id) }
}
const deliveriesOf = (jobId: number) =>
  database().selectFrom('newsletter_deliveries').select(['email', 'email_normalized', 'name', 'status']).where('job_id', '=', jobId).orderBy('id').execute()
const addresses = (rows: { email_normalized: string }[]) => rows.map((row) => row.email_normalized)

describe("a requesters' segment", () => {
  it('counts each address once by service, category, town and Italian days, suppressed ones left out', async () => {
    await requesters()
    const count = (segment: Partial<Segment>) => countSegmentRecipients(database(), 'users', segment)
    expect(await count({})).toBe(7)
    expect(await count({ services: ['imbianchino'] })).toBe(3)
    expect(await count({ services: ['imbianchino'], towns: ['sesto-san-giovanni'] })).toBe(2)
    expect(await count({ services: ['imbianchino'], towns: ['sesto-san-giovanni'], from: '2026-01-01', to: '2026-12-31' })).toBe(1)
    expect(await count({ towns: ['milano'] })).toBe(1)
    expect(await count({ categories: ['servizi-casa'] })).toBe(3)
    expect(await count({ categories: ['manutenzione-riparazioni'] })).toBe(4)
    // A category adds its services to the chosen ones.
    expect(await count({ services: ['idraulico'], categories: ['servizi-casa'] })).toBe(4)
    expect(await count({ towns: ['rho'], from: '2026-05-10', to: '2026-05-10' })).toBe(2)
    expect(await count({ towns: ['rho'], from: '2026-05-11' })).toBe(1)
    expect(await count({ towns: ['rho'], to: '2026-05-09' })).toBe(0)
    expect(await count({ services: ['elettricista'], towns: ['milano'] })).toBe(0)
  })

  it('prepares exactly the recipients it counts, in the order of the requesters, with the latest spelling and name; preparing again adds nobody', async () => {
    await requesters()
    const segments: Partial<Segment>[] = [
      {},
      { services: ['imbianchino'] },
      { towns: ['sesto-san-giovanni'], from: '2026-01-01' },
      { categories: ['servizi-casa'], to: '2026-04-30' },
      { towns: ['rho'], from: '2026-05-10', to: '2026-05-10' },
    ]
    const expected = [
      ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com', 'f@example.com', 'g@example.com'],
      ['a@example.com', 'b@example.com', 'c@example.com'],
      ['a@example.com', 'd@example.com'],
      ['a@example.com', 'b@example.com'],
      ['c@example.com', 'g@example.com'],
    ]
    for (const [i, segment] of segments.entries()) {
      const { rows } = await prepared('users', segment)
      expect(addresses(rows), JSON.stringify(segment)).toEqual(expected[i])
      expect(rows.length).toBe(await countSegmentRecipients(database(), 'users', segment))
    }
    const { jobId, rows } = await prepared('users', { services: ['idraulico'] })
    expect(rows).toEqual([{ email: 'E@Example.com', email_normalized: 'e@example.com', name: 'Elena Esposito', status: 'pending' }])
    await insertSegmentDeliveries(database(), jobId, 'users', {})
    await insertSegmentDeliveries(database(), jobId, 'users', {})
    expect(addresses(await deliveriesOf(jobId))).toEqual(['e@example.com', ...expected[0]!.filter((email) => email !== 'e@example.com')])
  })

  it('reaches by default only those who ticked the consent on some request, and the others too with the soft opt-in; an unsubscribed address never', async () => {
    const glazier = (email: string, consent: boolean, createdAt = '2026-06-01T10:00:00.000Z') =>
      lead(email.split('@')[0]!, email, 'vetraio', 'milano', createdAt, consent)
    await glazier('con.consenso@example.com', true)
    await glazier('senza.consenso@example.com', false)
    // A second request with the box ticked is consent enough.
    await glazier('poi.consenso@example.com', false)
    await glazier('poi.consenso@example.com', true, '2026-06-02T10:00:00.000Z')
    await glazier('disiscritto@example.com', true)
    await suppressEmail(database(), 'disiscritto@example.com', 'unsubscribed')
    const glaziers = { services: ['vetraio'] }

    for (const segment of [glaziers, {}]) {
      expect(await countSegmentRecipients(database(), 'users', segment)).toBe(2)
      expect(addresses((await prepared('users', segment)).rows)).toEqual(['con.consenso@example.com', 'poi.consenso@example.com'])
    }
    expect(await changeSoftOptIn(database(), true, OWNER, new Date('2026-06-03T10:00:00.000Z'))).toBe(true)
    for (const segment of [glaziers, {}]) {
      expect(await countSegmentRecipients(database(), 'users', segment)).toBe(3)
      expect(addresses((await prepared('users', segment)).rows)).toEqual(['con.consenso@example.com', 'senza.consenso@example.com', 'poi.consenso@example.com'])
    }
    // The same choice again changes and records nothing; turning it off is recorded and takes the others out again.
    expect(await changeSoftOptIn(database(), true, OWNER, new Date('2026-06-03T11:00:00.000Z'))).toBe(false)
    expect(await changeSoftOptIn(database(), false, OWNER, new Date('2026-06-04T10:00:00.000Z'))).toBe(true)
    expect(await countSegmentRecipients(database(), 'users', glaziers)).toBe(2)
    expect(
      await database()
        .selectFrom('audit_log')
        .select(['action', 'actor_email', 'created_at'])
        .where('entity_type', '=', 'app_setting')
        .where('entity_id', '=', 'newsletter_soft_opt_in')
        .orderBy('id')
        .execute(),
    ).toEqual([
      { action: 'soft_opt_in_on', actor_email: OWNER.actorEmail, created_at: '2026-06-03T10:00:00.000Z' },
      { action: 'soft_opt_in_off', actor_email: OWNER.actorEmail, created_at: '2026-06-04T10:00:00.000Z' },
    ])
  })
})

describe("a craftsmen's segment", () => {
  it('counts by any of the sectors, zones however typed and statuses, without those who stopped other mail or are suppressed', async () => {
    await addSegmentArtisans()
    const count = (segment: Partial<Segment>) => countSegmentRecipients(database(), 'artisans', segment)
    expect(await count({})).toBe(4)
    expect(await count({ sectors: ['Elettricista'], zones: ['Rho'], statuses: ['active'] })).toBe(1)
    expect(await count({ sectors: ['Elettricista'], zones: ['rho '] })).toBe(2)
    expect(await count({ zones: ['Rho'] })).toBe(3)
    expect(await count({ zones: ['RHO', 'Milano'] })).toBe(4)
    expect(await count({ sectors: ['Fabbro', 'Elettricista'], statuses: ['inactive'] })).toBe(1)
    expect(await count({ sectors: ['Idraulico'] })).toBe(0)
  })

  it('prepares exactly the recipients it counts, a mailbox shared by two craftsmen once, in the order of the craftsmen', async () => {
    await addSegmentArtisans()
    // The same mailbox, spelled another way, on a second craftsman.
    await insertArtisan(
      database(),
      artisan({ contactName: 'Seconda sede', email: ' EL-RHO@Example.com ', specializationSectors: ['Fabbro'], operativeZones: ['Rho'] }),
    )
    expect(await countSegmentRecipients(database(), 'artisans', {})).toBe(4)
    const { jobId, rows } = await prepared('artisans', {})
    expect(rows).toEqual([
      { email: 'el-rho@example.com', email_normalized: 'el-rho@example.com', name: 'el-rho', status: 'pending' },
      { email: 'el-milano@example.com', email_normalized: 'el-milano@example.com', name: 'el-milano', status: 'pending' },
      { email: 'el-rho-off@example.com', email_normalized: 'el-rho-off@example.com', name: 'el-rho-off', status: 'pending' },
      { email: 'fabbro-rho@example.com', email_normalized: 'fabbro-rho@example.com', name: 'fabbro-rho', status: 'pending' },
    ])
    await insertSegmentDeliveries(database(), jobId, 'artisans', {})
    expect(await deliveriesOf(jobId)).toEqual(rows)
    const segments: Partial<Segment>[] = [{ zones: ['Rho'] }, { sectors: ['Elettricista'], statuses: ['active'] }, { sectors: ['Fabbro'] }]
    for (const segment of segments) {
      const prepare = await prepared('artisans', segment)
      expect(prepare.rows.length, JSON.stringify(segment)).toBe(await countSegmentRecipients(database(), 'artisans', segment))
    }
    expect(addresses((await prepared('artisans', { sectors: ['Fabbro'] })).rows)).toEqual(['fabbro-rho@example.com', 'el-rho@example.com'])
  })
})

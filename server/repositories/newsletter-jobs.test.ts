import { describe, expect, it } from 'vitest'
import { changeSoftOptIn } from '#server/newsletter/audience.ts'
import { artisan, quoteLead } from '#tests/helpers/admin-leads.ts'
import { campaignFields, createCampaign } from '#tests/helpers/campaigns.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { setNotificationSettings } from './artisan-settings.ts'
import { insertArtisan } from './artisans.ts'
import { insertLead } from './leads.ts'
import {
  type CampaignFields,
  countNewsletterRecipients,
  createNewsletterJob,
  findEditableJob,
  findNewsletterJob,
  findNewsletterJobSummary,
  listNewsletterJobs,
  nextRunnableJob,
  releaseDueCampaigns,
  transitionNewsletterJob,
  updateDraftJob,
} from './newsletter-jobs.ts'
import { suppressEmail, suppressErasedEmail, suppressForFeedback } from './suppressions.ts'

const database = serveTestDatabase()
const OWNER = { actorId: 'admin-1', actorEmail: 'redazione@artigianimilano.it' }

const fields = (overrides: Partial<CampaignFields> = {}): CampaignFields =>
  campaignFields({ bodyHtml: '<html><body><h1>Novità di dicembre</h1></body></html>', ...overrides })

/** A campaign as the form creates it, with a key of its own; its id. */
const campaign = (overrides: Partial<CampaignFields> = {}) => createCampaign(database(), fields(overrides), OWNER.actorEmail)

const statusOf = async (id: number) => (await findNewsletterJob(database(), id))?.status

describe('a campaign created from the form', () => {
  it('is stored once for one idempotency key, even when the same form arrives twice at once: the second gets the first back', async () => {
    const input = {
      ...fields({ targetGroup: 'artisans', subject: 'Doppio clic', segment: { sectors: ['Elettricista'], zones: ['Rho'] } }),
      idempotencyKey: 'doppio-clic',
      createdBy: OWNER.actorEmail,
    }
    const [first, second] = await Promise.all([createNewsletterJob(database(), input), createNewsletterJob(database(), input)])
    expect(first.job).toEqual(second.job)
    expect([first.created, second.created].sort()).toEqual([false, true])
    // A third try with another subject still gets the stored campaign, unchanged.
    const third = await createNewsletterJob(database(), { ...input, subject: 'Altro oggetto' })
    expect(third).toEqual({ job: first.job, created: false })
    expect(await database().selectFrom('newsletter_jobs').select(['id', 'subject', 'idempotency_key']).execute()).toEqual([
      { id: first.job.id, subject: 'Doppio clic', idempotency_key: 'doppio-clic' },
    ])
    expect(first.job).toMatchObject({
      subject: 'Doppio clic',
      target_group: 'artisans',
      status: 'pending_preparation',
      total_recipients: 0,
      sent_count: 0,
      failed_count: 0,
      skipped_count: 0,
      unconfirmed_count: 0,
      error: null,
      created_by: OWNER.actorEmail,
      started_at: null,
      finished_at: null,
      scheduled_at: null,
      editor: 'html',
    })
    expect(JSON.parse(first.job.filters)).toEqual({ sectors: ['Elettricista'], zones: ['Rho'] })
    expect(first.job.updated_at).toBe(first.job.created_at)
    expect(await findNewsletterJobSummary(database(), first.job.id)).toEqual(first.job)
    expect(await findNewsletterJob(database(), first.job.id)).toMatchObject({
      ...first.job,
      body_html: '<html><body><h1>Novità di dicembre</h1></body></html>',
      body_source: null,
      idempotency_key: 'doppio-clic',
      paused_at: null,
      cancelled_at: null,
    })
    expect(await findNewsletterJob(database(), first.job.id + 1)).toBeUndefined()
    expect(await findNewsletterJobSummary(database(), first.job.id + 1)).toBeUndefined()
  })

  it('lists in the history newest first, without the bodies, up to the limit', async () => {
    const ids = []
    for (const subject of ['Prima', 'Seconda', 'Terza']) ids.push(await campaign({ subject }))
    const history = await listNewsletterJobs(database(), 2)
    expect(history.map((job) => [job.id, job.subject])).toEqual([
      [ids[2], 'Terza'],
      [ids[1], 'Seconda'],
    ])
    expect(Object.keys(history[0]!)).not.toContain('body_html')
    expect((await listNewsletterJobs(database(), 50)).map((job) => job.subject)).toEqual(['Terza', 'Seconda', 'Prima'])
  })
})

describe('the mailable recipients of each group', () => {
  it('are the requester addresses once however spelled and the craftsmen who take the newsletter, suppressed ones left out; without the soft opt-in only those who consented', async () => {
    const db = database()
    const lead = (fullName: string, email: string, consent = true) =>
      insertLead(
        db,
        quoteLead({ fullName, email, ...(consent ? {} : { marketingConsentAt: null, marketingConsentText: null }) }),
        [],
        '2026-11-20T10:00:00.000Z',
      )
    // Two requests from one person, spelled differently: one recipient.
    await lead('Mario Rossi', 'Mario.Rossi@Example.com')
    await lead('Mario Rossi', 'mario.rossi@example.com')
    await lead('Giulia Bianchi', 'giulia.bianchi@example.com')
    await lead('Luca Verdi', 'luca.verdi@example.com')
    await lead('Anna Neri', 'anna.neri@example.com')
    await lead('Senza Consenso', 'senza.consenso@example.com', false)
    await suppressErasedEmail(db, 'anna.neri@example.com', '2026-11-21T10:00:00.000Z')
    await insertArtisan(db, artisan({ contactName: 'Paolo Fabbri', email: 'paolo@fabbri.it' }))
    // The same mailbox on two craftsmen: one recipient.
    await insertArtisan(db, artisan({ contactName: 'Sara Vetri', email: ' Sara@Vetri.it ' }))
    await insertArtisan(db, artisan({ contactName: 'Sara Vetri', email: 'sara@vetri.it' }))
    const { id: stopped } = await insertArtisan(db, artisan({ contactName: 'Niente Newsletter', email: 'niente@example.com' }))
    await setNotificationSettings(db, stopped, { offerMail: 'immediate', otherMail: false }, '2026-11-21T10:00:00.000Z')
    await insertArtisan(db, artisan({ contactName: 'Rimbalzato', email: 'rimbalzo@example.com' }))
    await suppressForFeedback(db, 'rimbalzo@example.com', 'bounced', null, 'Permanent/General', '2026-11-21T10:00:00.000Z')

    expect(await countNewsletterRecipients(db)).toEqual({ users: 3, artisans: 2 })
    await suppressEmail(db, 'giulia.bianchi@example.com', 'unsubscribed')
    expect(await countNewsletterRecipients(db)).toEqual({ users: 2, artisans: 2 })
    await changeSoftOptIn(db, true, OWNER, new Date('2026-11-22T10:00:00.000Z'))
    expect(await countNewsletterRecipients(db)).toEqual({ users: 3, artisans: 2 })
  })
})

describe('the worker', () => {
  it('takes the oldest campaign still to prepare or send, never a draft, a scheduled, a paused or a finished one', async () => {
    const draft = await campaign({ status: 'draft' })
    const scheduled = await campaign({ status: 'scheduled', scheduledAt: '2026-12-01T08:30:00.000Z' })
    const toPrepare = await campaign()
    const sending = await campaign()
    expect(await transitionNewsletterJob(database(), sending, ['pending_preparation'], 'sending')).toBe(true)
    const done = await campaign()
    await transitionNewsletterJob(database(), done, ['pending_preparation'], 'completed')

    expect(await nextRunnableJob(database())).toMatchObject({ id: toPrepare, status: 'pending_preparation', body_html: fields().bodyHtml })
    await transitionNewsletterJob(database(), toPrepare, ['pending_preparation'], 'preparing')
    expect((await nextRunnableJob(database()))?.id).toBe(toPrepare)
    await transitionNewsletterJob(database(), toPrepare, ['preparing'], 'preparation_failed', { error: 'statement timeout' })
    expect(await nextRunnableJob(database())).toMatchObject({ id: sending, status: 'sending' })
    await transitionNewsletterJob(database(), sending, ['sending'], 'paused')
    expect(await nextRunnableJob(database())).toBeUndefined()
    expect(await Promise.all([draft, scheduled, toPrepare, sending, done].map(statusOf))).toEqual([
      'draft',
      'scheduled',
      'preparation_failed',
      'paused',
      'completed',
    ])
    expect((await findNewsletterJob(database(), toPrepare))?.error).toBe('statement timeout')
  })

  it('starts the scheduled campaigns whose time has come, at that time and not before', async () => {
    const at = '2026-12-01T08:30:00.000Z'
    const early = await campaign({ status: 'scheduled', scheduledAt: '2026-12-01T08:29:59.999Z' })
    const onTime = await campaign({ status: 'scheduled', scheduledAt: at })
    const later = await campaign({ status: 'scheduled', scheduledAt: '2026-12-01T08:30:00.001Z' })
    const draft = await campaign({ status: 'draft' })
    expect(await releaseDueCampaigns(database(), '2026-12-01T08:00:00.000Z')).toBe(0)
    expect(await releaseDueCampaigns(database(), at)).toBe(2)
    expect(await releaseDueCampaigns(database(), at)).toBe(0)
    const rows = await database().selectFrom('newsletter_jobs').select(['id', 'status', 'updated_at', 'scheduled_at']).orderBy('id').execute()
    expect(rows.map(({ id, status }) => [id, status])).toEqual([
      [early, 'pending_preparation'],
      [onTime, 'pending_preparation'],
      [later, 'scheduled'],
      [draft, 'draft'],
    ])
    expect(rows.slice(0, 2).map((row) => row.updated_at)).toEqual([at, at])
    expect(rows[1]!.scheduled_at).toBe(at)
    expect(await releaseDueCampaigns(database(), '2026-12-01T08:30:00.001Z')).toBe(1)
    expect(await statusOf(later)).toBe('pending_preparation')
  })
})

describe("an operator's action on a campaign", () => {
  it('moves it only from the statuses the action starts from, stamping when it paused, was cancelled or finished', async () => {
    const id = await campaign()
    expect(await transitionNewsletterJob(database(), id, ['sending'], 'paused')).toBe(false)
    expect(await statusOf(id)).toBe('pending_preparation')
    await transitionNewsletterJob(database(), id, ['pending_preparation'], 'sending', { filters: '{"towns":["rho"]}' })
    expect(await transitionNewsletterJob(database(), id, ['sending'], 'paused')).toBe(true)
    const paused = (await findNewsletterJob(database(), id))!
    expect(paused).toMatchObject({ status: 'paused', filters: '{"towns":["rho"]}', paused_at: paused.updated_at, cancelled_at: null, finished_at: null })
    expect(await transitionNewsletterJob(database(), id, ['sending'], 'paused')).toBe(false)
    expect(await transitionNewsletterJob(database(), id, ['paused', 'send_failed'], 'sending')).toBe(true)
    expect(await transitionNewsletterJob(database(), id, ['sending'], 'send_failed', { error: 'every delivery failed' })).toBe(true)
    const failed = (await findNewsletterJob(database(), id))!
    expect(failed).toMatchObject({ status: 'send_failed', error: 'every delivery failed', paused_at: paused.paused_at, finished_at: failed.updated_at })
    expect(await transitionNewsletterJob(database(), id, ['paused', 'send_failed'], 'sending', { error: null })).toBe(true)
    expect(await findNewsletterJob(database(), id)).toMatchObject({ status: 'sending', error: null })
    expect(await transitionNewsletterJob(database(), id + 1, ['sending'], 'paused')).toBe(false)
  })

  it('happens once when two administrators cancel at once, and a finished campaign cannot be cancelled', async () => {
    const id = await campaign()
    const cancel = () => transitionNewsletterJob(database(), id, ['pending_preparation', 'preparing', 'sending', 'paused', 'send_failed'], 'cancelled')
    expect((await Promise.all([cancel(), cancel()])).sort()).toEqual([false, true])
    const cancelled = (await findNewsletterJob(database(), id))!
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_at: cancelled.updated_at, finished_at: cancelled.updated_at, paused_at: null })

    const completed = await campaign()
    await transitionNewsletterJob(database(), completed, ['pending_preparation'], 'completed')
    const before = await findNewsletterJob(database(), completed)
    expect(await transitionNewsletterJob(database(), completed, ['pending_preparation', 'preparing', 'sending', 'paused', 'send_failed'], 'cancelled')).toBe(
      false,
    )
    expect(await findNewsletterJob(database(), completed)).toEqual(before)
    expect(before).toMatchObject({ status: 'completed', finished_at: before!.updated_at, cancelled_at: null })
  })
})

describe('a draft', () => {
  it('reopens as written, is changed, scheduled, unscheduled and sent; once it has left, it is no longer changed', async () => {
    const id = await campaign({
      status: 'draft',
      editor: 'visual',
      bodySource: '<h1>Titolo</h1>',
      bodyHtml: '<table><tr><td><h1>Titolo</h1></td></tr></table>',
      segment: { towns: ['sesto-san-giovanni'] },
    })
    expect(await findEditableJob(database(), id)).toEqual({
      id,
      subject: 'Novità di dicembre',
      body_html: '<table><tr><td><h1>Titolo</h1></td></tr></table>',
      body_source: '<h1>Titolo</h1>',
      editor: 'visual',
      target_group: 'users',
      filters: '{"towns":["sesto-san-giovanni"]}',
      status: 'draft',
      scheduled_at: null,
    })
    const scheduled = fields({ subject: 'Programmata', status: 'scheduled', scheduledAt: '2027-07-01T07:30:00.000Z', targetGroup: 'artisans', segment: {} })
    expect(await updateDraftJob(database(), id, scheduled)).toBe(true)
    expect(await findEditableJob(database(), id)).toEqual({
      id,
      subject: 'Programmata',
      body_html: fields().bodyHtml,
      body_source: null,
      editor: 'html',
      target_group: 'artisans',
      filters: '{}',
      status: 'scheduled',
      scheduled_at: '2027-07-01T07:30:00.000Z',
    })
    // Unscheduled: back to a draft, once.
    expect(await transitionNewsletterJob(database(), id, ['scheduled'], 'draft')).toBe(true)
    expect(await transitionNewsletterJob(database(), id, ['scheduled'], 'draft')).toBe(false)
    expect(await updateDraftJob(database(), id, fields({ subject: 'Ora si parte' }))).toBe(true)
    expect(await findNewsletterJobSummary(database(), id)).toMatchObject({ subject: 'Ora si parte', status: 'pending_preparation', scheduled_at: null })

    const before = await findNewsletterJob(database(), id)
    expect(await updateDraftJob(database(), id, fields({ subject: 'Troppo tardi', status: 'draft' }))).toBe(false)
    expect(await findNewsletterJob(database(), id)).toEqual(before)
    expect(await updateDraftJob(database(), id + 1, fields())).toBe(false)
    expect(await findEditableJob(database(), id + 1)).toBeUndefined()
  })
})

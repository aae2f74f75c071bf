import { describe, expect, it } from 'vitest'
import type { EmailEventKind } from '#db/schema.ts'
import type { MailRef, SesFeedback } from '#server/mail/ses-events.ts'
import { createCampaign } from '#tests/helpers/campaigns.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import {
  campaignReport,
  campaignReportRows,
  mailHealth,
  pruneSnsMessages,
  recordSesFeedback,
  SOFT_BOUNCES_TO_SUPPRESS,
  staleUnconfirmedDeliveries,
} from './mail-feedback.ts'
import { transitionNewsletterJob } from './newsletter-jobs.ts'
import { enqueueEmail, markEmailSent, OFFICE_INBOX } from './outbox.ts'
import { suppressEmail, suppressForFeedback } from './suppressions.ts'

const database = serveTestDatabase()
const OFFICE = 'richieste@artigianimilano.it'
const SENT_AT = '2026-11-20T10:00:00.000Z'
const RECEIVED_AT = '2026-11-21T10:00:00.000Z'

/** A campaign that went out to `recipients` at SENT_AT, their SES message ids `<prefix>-1`, `<prefix>-2`, …; its id. */
async function mailedCampaign(subject: string, recipients: string[], prefix = 'ses') {
  const job = { id: await createCampaign(database(), { subject }) }
  await transitionNewsletterJob(database(), job.id, ['pending_preparation'], 'completed')
  // Deliveries as the worker leaves them, at a fixed time (its own functions stamp the clock's).
  await database()
    .insertInto('newsletter_deliveries')
    .values(
      recipients.map((email, i) => ({
        job_id: job.id,
        email,
        email_normalized: email,
        name: null,
        status: 'sent' as const,
        attempts: 1,
        sent_at: SENT_AT,
        message_id: `${prefix}-${i + 1}`,
      })),
    )
    .execute()
  await database().updateTable('newsletter_jobs').set({ total_recipients: recipients.length, sent_count: recipients.length }).where('id', '=', job.id).execute()
  return job.id
}

/** A delivery a crash left unconfirmed, with no SES message id; its id. */
async function unconfirmedDelivery(jobId: number, email: string, sentAt: string | null = SENT_AT) {
  const { id } = await database()
    .insertInto('newsletter_deliveries')
    .values({ job_id: jobId, email, email_normalized: email, status: 'unconfirmed', attempts: 1, sent_at: sentAt, message_id: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  await database()
    .updateTable('newsletter_jobs')
    .set((eb) => ({ total_recipients: eb('total_recipients', '+', 1), unconfirmed_count: eb('unconfirmed_count', '+', 1) }))
    .where('id', '=', jobId)
    .execute()
  return id
}

/** An outbox mail SES accepted at `at`; its id. */
async function outboxMail(to: string | typeof OFFICE_INBOX, messageId: string, at = SENT_AT) {
  const id = await enqueueEmail(database(), { category: 'quote-confirmation', to, subject: 'Richiesta ricevuta', html: '<p>Ciao</p>', text: 'Ciao' }, at)
  await markEmailSent(database(), id, messageId, at)
  return id
}

let snsIds = 0
/** One SNS message about one mail, recorded as the webhook does (in a transaction). */
function report(
  messageId: string,
  events: { kind: EmailEventKind; email: string; detail?: string | null; occurredAt?: string }[],
  options: { ref?: MailRef | null; snsMessageId?: string; receivedAt?: string; officeInbox?: string | null } = {},
) {
  const feedback: SesFeedback = {
    messageId,
    ref: options.ref ?? null,
    events: events.map((event) => ({ detail: null, occurredAt: RECEIVED_AT, ...event })),
  }
  return database()
    .transaction()
    .execute((trx) =>
      recordSesFeedback(trx, {
        snsMessageId: options.snsMessageId ?? `sns-${++snsIds}`,
        feedback,
        officeInbox: options.officeInbox === undefined ? ` ${OFFICE.toUpperCase()} ` : options.officeInbox,
        receivedAt: options.receivedAt ?? RECEIVED_AT,
      }),
    )
}

const suppressions = () =>
  database()
    .selectFrom('email_suppressions')
    .select(['email_normalized', 'reason', 'detail', 'created_at', 'source_job_id'])
    .orderBy('email_normalized')
    .execute()
const events = () =>
  database()
    .selectFrom('email_events')
    .select(['kind', 'email_normalized', 'job_id', 'delivery_id', 'outbox_id', 'detail', 'occurred_at', 'received_at'])
    .orderBy('id')
    .execute()
async function state() {
  return {
    events: await events(),
    suppressions: await suppressions(),
    snsMessages: await database().selectFrom('sns_messages').selectAll().orderBy('message_id').execute(),
    deliveries: await database().selectFrom('newsletter_deliveries').selectAll().orderBy('id').execute(),
    jobs: await database().selectFrom('newsletter_jobs').select(['id', 'sent_count', 'unconfirmed_count']).orderBy('id').execute(),
  }
}
const deliveryId = async (messageId: string) =>
  (await database().selectFrom('newsletter_deliveries').select('id').where('message_id', '=', messageId).executeTakeFirstOrThrow()).id

describe("what SES reports about a campaign's mail", () => {
  it('a permanent bounce or a complaint records the event and suppresses the address with its reason, detail and campaign, once', async () => {
    const job = await mailedCampaign('Novità', ['mario.rossi@example.com', 'giulia.bianchi@example.com'])
    expect(
      await report('ses-1', [{ kind: 'bounce', email: 'mario.rossi@example.com', detail: 'Permanent/General', occurredAt: '2026-11-21T09:59:00.000Z' }]),
    ).toEqual({
      outcome: 'recorded',
      events: 1,
      suppressed: 1,
      confirmed: 0,
    })
    expect(await report('ses-2', [{ kind: 'complaint', email: 'giulia.bianchi@example.com', detail: 'abuse' }])).toEqual({
      outcome: 'recorded',
      events: 1,
      suppressed: 1,
      confirmed: 0,
    })
    // A second bounce (another SNS message) is recorded, the address already suppressed.
    expect(
      await report('ses-1', [{ kind: 'bounce', email: 'mario.rossi@example.com', detail: 'Permanent/NoEmail' }], { receivedAt: '2026-11-22T10:00:00.000Z' }),
    ).toMatchObject({ outcome: 'recorded', suppressed: 0 })
    expect(await suppressions()).toEqual([
      { email_normalized: 'giulia.bianchi@example.com', reason: 'complaint', detail: 'abuse', created_at: RECEIVED_AT, source_job_id: job },
      { email_normalized: 'mario.rossi@example.com', reason: 'bounced', detail: 'Permanent/General', created_at: RECEIVED_AT, source_job_id: job },
    ])
    const [mario, giulia] = [await deliveryId('ses-1'), await deliveryId('ses-2')]
    expect(await events()).toEqual([
      {
        kind: 'bounce',
        email_normalized: 'mario.rossi@example.com',
        job_id: job,
        delivery_id: mario,
        outbox_id: null,
        detail: 'Permanent/General',
        occurred_at: '2026-11-21T09:59:00.000Z',
        received_at: RECEIVED_AT,
      },
      {
        kind: 'complaint',
        email_normalized: 'giulia.bianchi@example.com',
        job_id: job,
        delivery_id: giulia,
        outbox_id: null,
        detail: 'abuse',
        occurred_at: RECEIVED_AT,
        received_at: RECEIVED_AT,
      },
      {
        kind: 'bounce',
        email_normalized: 'mario.rossi@example.com',
        job_id: job,
        delivery_id: mario,
        outbox_id: null,
        detail: 'Permanent/NoEmail',
        occurred_at: RECEIVED_AT,
        received_at: '2026-11-22T10:00:00.000Z',
      },
    ])
  })

  it(`transient bounces suppress at the ${SOFT_BOUNCES_TO_SUPPRESS}rd within 30 days, one exactly 30 days older no longer counting`, async () => {
    const job = await mailedCampaign('Novità', ['luca.verdi@example.com'])
    const soft = (occurredAt: string) =>
      report('ses-1', [{ kind: 'soft_bounce', email: 'luca.verdi@example.com', detail: 'Transient/MailboxFull', occurredAt }])
    expect(await soft('2026-10-01T10:00:00.000Z')).toMatchObject({ suppressed: 0 })
    expect(await soft('2026-10-20T10:00:00.000Z')).toMatchObject({ suppressed: 0 })
    expect(await soft('2026-10-31T10:00:00.000Z')).toMatchObject({ suppressed: 0 })
    expect(await suppressions()).toEqual([])
    expect(await soft('2026-11-01T10:00:00.000Z')).toEqual({ outcome: 'recorded', events: 1, suppressed: 1, confirmed: 0 })
    expect(await suppressions()).toEqual([
      { email_normalized: 'luca.verdi@example.com', reason: 'bounced', detail: '3 temporary bounces in 30 days', created_at: RECEIVED_AT, source_job_id: job },
    ])
    expect((await events()).map((event) => event.kind)).toEqual(['soft_bounce', 'soft_bounce', 'soft_bounce', 'soft_bounce'])
  })

  it('a Delivery turns a delivery a crash left unconfirmed, found by its header, into sent; of a sent one it only records the first arrival', async () => {
    const job = await mailedCampaign('Novità', ['mario.rossi@example.com'])
    const carla = await unconfirmedDelivery(job, 'carla@example.com')
    expect(
      await report('never-recorded', [{ kind: 'delivery', email: 'carla@example.com', occurredAt: '2026-11-20T10:00:05.000Z' }], {
        ref: { source: 'newsletter', id: carla },
      }),
    ).toEqual({
      outcome: 'recorded',
      events: 1,
      suppressed: 0,
      confirmed: 1,
    })
    const after = await state()
    expect(after.jobs).toEqual([{ id: job, sent_count: 2, unconfirmed_count: 0 }])
    expect(after.deliveries.find((d) => d.id === carla)).toMatchObject({
      status: 'sent',
      sent_at: '2026-11-20T10:00:05.000Z',
      delivered_at: '2026-11-20T10:00:05.000Z',
      last_error: null,
    })

    await report('ses-1', [{ kind: 'delivery', email: 'mario.rossi@example.com', occurredAt: '2026-11-20T10:00:02.000Z' }])
    expect(await report('ses-1', [{ kind: 'delivery', email: 'mario.rossi@example.com', occurredAt: '2026-11-20T10:09:00.000Z' }])).toMatchObject({
      outcome: 'recorded',
      confirmed: 0,
    })
    expect(
      await database().selectFrom('newsletter_deliveries').select(['status', 'sent_at', 'delivered_at']).where('message_id', '=', 'ses-1').execute(),
    ).toEqual([{ status: 'sent', sent_at: SENT_AT, delivered_at: '2026-11-20T10:00:02.000Z' }])
    expect((await state()).jobs).toEqual([{ id: job, sent_count: 2, unconfirmed_count: 0 }])
    expect(await suppressions()).toEqual([])
  })
})

describe("what SES reports about the outbox's mail", () => {
  it('a bounce suppresses the address whatever its case, without a campaign; the office inbox never, whatever it gets', async () => {
    const paolo = await outboxMail('Paolo@Example.com', 'ses-outbox-1')
    const office = await outboxMail(OFFICE_INBOX, 'ses-office-1')
    expect(await report('ses-outbox-1', [{ kind: 'bounce', email: 'paolo@example.com', detail: 'Permanent/General' }])).toMatchObject({ suppressed: 1 })
    for (const kind of ['bounce', 'complaint', 'soft_bounce', 'soft_bounce', 'soft_bounce'] as const) {
      expect(await report('ses-office-1', [{ kind, email: OFFICE }])).toEqual({ outcome: 'recorded', events: 1, suppressed: 0, confirmed: 0 })
    }
    // An office mail the header names, recorded before SES's id was: still the office inbox.
    const unsent = await enqueueEmail(
      database(),
      { category: 'quote-notification', to: OFFICE_INBOX, subject: 'Nuova richiesta', html: '', text: 't' },
      SENT_AT,
    )
    expect(await report('not-stored', [{ kind: 'bounce', email: OFFICE }], { ref: { source: 'outbox', id: unsent } })).toMatchObject({
      outcome: 'recorded',
      suppressed: 0,
    })
    expect(await suppressions()).toEqual([
      { email_normalized: 'paolo@example.com', reason: 'bounced', detail: 'Permanent/General', created_at: RECEIVED_AT, source_job_id: null },
    ])
    expect((await events()).map((event) => [event.kind, event.email_normalized, event.outbox_id, event.job_id, event.delivery_id])).toEqual([
      ['bounce', 'paolo@example.com', paolo, null, null],
      ['bounce', OFFICE, office, null, null],
      ['complaint', OFFICE, office, null, null],
      ['soft_bounce', OFFICE, office, null, null],
      ['soft_bounce', OFFICE, office, null, null],
      ['soft_bounce', OFFICE, office, null, null],
      ['bounce', OFFICE, unsent, null, null],
    ])
    // Without an office inbox configured, a mail to it names nobody.
    expect(await report('ses-office-1', [{ kind: 'bounce', email: OFFICE }], { officeInbox: null })).toEqual({ outcome: 'unknown' })
  })
})

describe('a report that is not about our mail, or came before', () => {
  it('is unknown and changes nothing: a message id we never sent, an address we never mailed, a header naming nothing or a delivery SES knows by another id', async () => {
    const job = await mailedCampaign('Novità', ['mario.rossi@example.com', 'giulia.bianchi@example.com'])
    await outboxMail('paolo@example.com', 'ses-outbox-1')
    const mario = await deliveryId('ses-1')
    const before = await state()
    const bounce = (email: string) => [{ kind: 'bounce' as const, email }]
    expect(await report('not-ours', bounce('mario.rossi@example.com'))).toEqual({ outcome: 'unknown' })
    expect(await report('ses-1', bounce('stranger@example.com'))).toEqual({ outcome: 'unknown' })
    expect(await report('ses-1', bounce('giulia.bianchi@example.com'))).toEqual({ outcome: 'unknown' })
    expect(await report('ses-outbox-1', bounce('mario.rossi@example.com'))).toEqual({ outcome: 'unknown' })
    expect(await report('other', bounce('mario.rossi@example.com'), { ref: { source: 'newsletter', id: mario } })).toEqual({ outcome: 'unknown' })
    expect(await report('other', bounce('mario.rossi@example.com'), { ref: { source: 'newsletter', id: mario + 1000 } })).toEqual({ outcome: 'unknown' })
    expect(await report('other', bounce('paolo@example.com'), { ref: { source: 'outbox', id: 999 } })).toEqual({ outcome: 'unknown' })
    expect(await state()).toEqual(before)
    expect(before.jobs).toEqual([{ id: job, sent_count: 2, unconfirmed_count: 0 }])
  })

  it('is a replay when its SNS message was handled, even when both copies arrive at once, and changes nothing', async () => {
    await mailedCampaign('Novità', ['mario.rossi@example.com'])
    const bounce = () => report('ses-1', [{ kind: 'bounce', email: 'mario.rossi@example.com', detail: 'Permanent/General' }], { snsMessageId: 'sns-uno' })
    const outcomes = (await Promise.all([bounce(), bounce()])).map((result) => result.outcome).sort()
    expect(outcomes).toEqual(['recorded', 'replay'])
    const before = await state()
    expect(before.events).toHaveLength(1)
    expect(before.suppressions).toHaveLength(1)
    expect(before.snsMessages).toEqual([{ message_id: 'sns-uno', received_at: RECEIVED_AT }])
    expect(await bounce()).toEqual({ outcome: 'replay' })
    expect(await state()).toEqual(before)
  })

  it('is forgotten once older than the pruning time, the newer ones kept', async () => {
    await mailedCampaign('Novità', ['mario.rossi@example.com'])
    for (const [i, receivedAt] of ['2026-11-01T10:00:00.000Z', '2026-11-10T10:00:00.000Z', '2026-11-20T10:00:00.000Z'].entries()) {
      await report('ses-1', [{ kind: 'open', email: 'mario.rossi@example.com' }], { snsMessageId: `sns-${i}`, receivedAt })
    }
    expect(await pruneSnsMessages(database(), '2026-11-01T10:00:00.000Z')).toBe(0)
    expect(await pruneSnsMessages(database(), '2026-11-10T10:00:00.001Z')).toBe(2)
    expect(await database().selectFrom('sns_messages').selectAll().execute()).toEqual([{ message_id: 'sns-2', received_at: '2026-11-20T10:00:00.000Z' }])
    expect(await pruneSnsMessages(database(), '2026-11-10T10:00:00.001Z')).toBe(0)
  })
})

describe("the dashboard's mail health", () => {
  it('counts the mails SES accepted in the window, outbox and campaigns, the bounces and complaints in it, and the latest problem of the office inbox', async () => {
    const since = '2026-11-20T10:00:00.000Z'
    await outboxMail('paolo@example.com', 'ses-outbox-old', '2026-11-20T09:59:59.999Z')
    await outboxMail('luisa@example.com', 'ses-outbox-1', since)
    await outboxMail(OFFICE_INBOX, 'ses-office-1', '2026-11-25T10:00:00.000Z')
    const job = await mailedCampaign('Novità', ['mario.rossi@example.com', 'giulia.bianchi@example.com', 'luca.verdi@example.com'])
    await unconfirmedDelivery(job, 'carla@example.com', '2026-11-21T10:00:00.000Z')
    await unconfirmedDelivery(job, 'dario@example.com', null)
    await report('ses-1', [{ kind: 'bounce', email: 'mario.rossi@example.com', occurredAt: '2026-11-19T10:00:00.000Z' }])
    await report('ses-2', [{ kind: 'bounce', email: 'giulia.bianchi@example.com', occurredAt: '2026-11-22T10:00:00.000Z' }])
    await report('ses-3', [{ kind: 'complaint', email: 'luca.verdi@example.com', occurredAt: '2026-11-23T10:00:00.000Z' }])
    await report('ses-3', [{ kind: 'soft_bounce', email: 'luca.verdi@example.com', occurredAt: '2026-11-23T11:00:00.000Z' }])
    await report('ses-outbox-1', [{ kind: 'complaint', email: 'luisa@example.com', occurredAt: since }])

    // The office inbox's problems, newest in the window first; a delivery is none.
    await report('ses-office-1', [{ kind: 'bounce', email: OFFICE, detail: 'Permanent/General', occurredAt: '2026-11-19T23:00:00.000Z' }])
    await report('ses-office-1', [{ kind: 'soft_bounce', email: OFFICE, detail: 'Transient/MailboxFull', occurredAt: '2026-11-25T10:00:00.000Z' }])
    await report('ses-office-1', [{ kind: 'complaint', email: OFFICE, detail: 'abuse', occurredAt: '2026-11-24T10:00:00.000Z' }])
    await report('ses-office-1', [{ kind: 'delivery', email: OFFICE, occurredAt: '2026-11-26T10:00:00.000Z' }])

    const health = await mailHealth(database(), since, ` ${OFFICE.toUpperCase()}`)
    // Two from the outbox and three of the campaign, and one a crash left unconfirmed (SES most likely accepted it).
    expect(health).toEqual({
      since,
      sent: 6,
      bounces: 1,
      complaints: 3,
      officeInboxProblem: { kind: 'soft_bounce', at: '2026-11-25T10:00:00.000Z', detail: 'Transient/MailboxFull' },
    })
    expect(await mailHealth(database(), '2026-11-27T00:00:00.000Z', OFFICE)).toEqual({
      since: '2026-11-27T00:00:00.000Z',
      sent: 0,
      bounces: 0,
      complaints: 0,
      officeInboxProblem: null,
    })
    expect(await mailHealth(database(), since, null)).toMatchObject({ sent: 6, officeInboxProblem: null })
  })
})

describe("a campaign's unconfirmed deliveries", () => {
  it('are listed for resending once sent before the given time, or never stamped, in their order, those of other campaigns and the sent ones left out', async () => {
    const job = await mailedCampaign('Novità', ['mario.rossi@example.com'])
    const other = await mailedCampaign('Altra', ['luca.verdi@example.com'], 'altra')
    const early = await unconfirmedDelivery(job, 'carla@example.com', '2026-11-20T08:00:00.000Z')
    await unconfirmedDelivery(job, 'dario@example.com', '2026-11-20T10:00:00.000Z')
    const unstamped = await unconfirmedDelivery(job, 'elena@example.com', null)
    await unconfirmedDelivery(other, 'franco@example.com', '2026-11-20T08:00:00.000Z')
    expect(await staleUnconfirmedDeliveries(database(), job, '2026-11-20T10:00:00.000Z')).toEqual([
      { id: early, email: 'carla@example.com', attempts: 1 },
      { id: unstamped, email: 'elena@example.com', attempts: 1 },
    ])
    expect((await staleUnconfirmedDeliveries(database(), job, '2026-11-20T10:00:00.001Z')).map((row) => row.email)).toEqual([
      'carla@example.com',
      'dario@example.com',
      'elena@example.com',
    ])
    expect(await staleUnconfirmedDeliveries(database(), job, '2026-11-20T07:00:00.000Z')).toEqual([{ id: unstamped, email: 'elena@example.com', attempts: 1 }])
  })
})

describe("a campaign's report", () => {
  it('counts what became of each recipient from the deliveries and SES, and lists the addresses behind each figure', async () => {
    const recipients = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com', 'f@example.com', 'g@example.com']
    const job = await mailedCampaign('Novità di dicembre', recipients)
    const later = await mailedCampaign('Promemoria', ['a@example.com', 'b@example.com', 'f@example.com'], 'later')
    await unconfirmedDelivery(job, 'h@example.com')
    await database()
      .updateTable('newsletter_deliveries')
      .set({ status: 'failed', last_error: 'MessageRejected: Email address is not verified.', sent_at: null, message_id: null })
      .where('message_id', '=', 'ses-6')
      .execute()
    await database()
      .updateTable('newsletter_deliveries')
      .set({ status: 'skipped', last_error: 'unsubscribed', sent_at: null, message_id: null })
      .where('message_id', '=', 'ses-7')
      .execute()

    await report('ses-1', [{ kind: 'delivery', email: 'a@example.com', occurredAt: '2026-11-20T10:00:01.000Z' }])
    await report('ses-1', [{ kind: 'open', email: 'a@example.com', occurredAt: '2026-11-20T12:00:00.000Z' }])
    await report('ses-1', [{ kind: 'open', email: 'a@example.com', occurredAt: '2026-11-20T11:00:00.000Z' }])
    await report('ses-1', [{ kind: 'click', email: 'a@example.com', occurredAt: '2026-11-20T11:01:00.000Z' }])
    await report('ses-2', [{ kind: 'bounce', email: 'b@example.com', detail: 'Permanent/General', occurredAt: '2026-11-20T10:00:02.000Z' }])
    await report('ses-3', [{ kind: 'complaint', email: 'c@example.com', detail: 'abuse', occurredAt: '2026-11-20T13:00:00.000Z' }])
    // Events of the other campaign count for it alone.
    await report('later-1', [{ kind: 'open', email: 'a@example.com', occurredAt: '2026-11-20T14:00:00.000Z' }])
    await report('later-2', [{ kind: 'delivery', email: 'b@example.com', occurredAt: '2026-11-20T14:00:00.000Z' }])
    // d unsubscribed with this campaign's link; e with a link naming no campaign, after this one reached it; f with the later campaign's link.
    await suppressEmail(database(), 'd@example.com', 'unsubscribed', job)
    await suppressForFeedback(database(), 'e@example.com', 'unsubscribed', null, null, '2026-11-20T10:00:00.000Z')
    await suppressEmail(database(), 'f@example.com', 'unsubscribed', later)

    expect(await campaignReport(database(), job)).toEqual({
      recipients: 8,
      sent: 5,
      unconfirmed: 1,
      delivered: 1,
      bounced: 1,
      complained: 1,
      unsubscribed: 2,
      failed: 1,
      skipped: 1,
      opened: 1,
      clicked: 1,
    })
    expect(await campaignReport(database(), later)).toMatchObject({ recipients: 3, sent: 3, delivered: 1, bounced: 0, opened: 1, unsubscribed: 1 })
    expect(await campaignReportRows(database(), job, 'recipients')).toHaveLength(8)
    expect((await campaignReportRows(database(), job, 'recipients')).map((row) => row.email)).toEqual([...recipients, 'h@example.com'])
    expect(await campaignReportRows(database(), job, 'opened')).toEqual([
      {
        email: 'a@example.com',
        name: null,
        status: 'sent',
        sent_at: SENT_AT,
        delivered_at: '2026-11-20T10:00:01.000Z',
        last_error: null,
        bounced_at: null,
        complained_at: null,
        opened_at: '2026-11-20T11:00:00.000Z',
        clicked_at: '2026-11-20T11:01:00.000Z',
        unsubscribed_at: null,
      },
    ])
    expect(await campaignReportRows(database(), job, 'bounced')).toMatchObject([
      { email: 'b@example.com', bounced_at: '2026-11-20T10:00:02.000Z', delivered_at: null },
    ])
    expect(await campaignReportRows(database(), job, 'complained')).toMatchObject([{ email: 'c@example.com', complained_at: '2026-11-20T13:00:00.000Z' }])
    expect((await campaignReportRows(database(), job, 'unsubscribed')).map((row) => [row.email, row.unsubscribed_at === null])).toEqual([
      ['d@example.com', false],
      ['e@example.com', false],
    ])
    expect(await campaignReportRows(database(), job, 'failed')).toMatchObject([
      { email: 'f@example.com', status: 'failed', last_error: 'MessageRejected: Email address is not verified.' },
    ])
    expect(await campaignReportRows(database(), job, 'skipped')).toMatchObject([{ email: 'g@example.com', status: 'skipped', last_error: 'unsubscribed' }])
    expect(await campaignReportRows(database(), job, 'unconfirmed')).toMatchObject([{ email: 'h@example.com', status: 'unconfirmed' }])
    expect(await campaignReportRows(database(), job + 1000, 'recipients')).toEqual([])
  })

  it('counts an unsubscribe through a link naming no campaign for the campaigns that reached the address before it, not after', async () => {
    const before = await mailedCampaign('Prima', ['luca.verdi@example.com'], 'prima')
    const after = await mailedCampaign('Dopo', ['luca.verdi@example.com'], 'dopo')
    await database().updateTable('newsletter_deliveries').set({ sent_at: '2026-11-22T10:00:00.000Z' }).where('job_id', '=', after).execute()
    await suppressForFeedback(database(), 'luca.verdi@example.com', 'unsubscribed', null, null, '2026-11-21T10:00:00.000Z')
    expect((await campaignReport(database(), before)).unsubscribed).toBe(1)
    expect((await campaignReport(database(), after)).unsubscribed).toBe(0)
    expect(await campaignReportRows(database(), before, 'unsubscribed')).toMatchObject([
      { email: 'luca.verdi@example.com', unsubscribed_at: '2026-11-21T10:00:00.000Z' },
    ])
  })
})

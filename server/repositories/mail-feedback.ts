import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { MailRef, SesFeedback } from '../mail/ses-events.ts'
import { suppressForFeedback, unsubscribedFromCampaign } from './suppressions.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** Transient bounces of one address within this window that suppress it as if one had been permanent. */
export const SOFT_BOUNCES_TO_SUPPRESS = 3
const SOFT_BOUNCE_WINDOW_MS = 30 * DAY_MS

type MailedRow = { source: 'outbox' | 'newsletter'; id: number; jobId: number | null; address: string; status: string }

/** The mail SES is talking about: by SES's message id, else by the id header it carried (a delivery a crash left without one). */
async function findMailed(db: DB, messageId: string, ref: MailRef | null, officeInbox: string | null): Promise<MailedRow | null> {
  const delivery = await db
    .selectFrom('newsletter_deliveries')
    .select(['id', 'job_id', 'email_normalized', 'status'])
    .where('message_id', '=', messageId)
    .executeTakeFirst()
  if (delivery) return { source: 'newsletter', id: delivery.id, jobId: delivery.job_id, address: delivery.email_normalized, status: delivery.status }
  const outbox = await db.selectFrom('email_outbox').select(['id', 'to_address', 'status']).where('message_id', '=', messageId).executeTakeFirst()
  if (outbox) return outboxRow(outbox, officeInbox)
  if (ref?.source === 'newsletter') {
    const row = await db
      .selectFrom('newsletter_deliveries')
      .select(['id', 'job_id', 'email_normalized', 'status', 'message_id'])
      .where('id', '=', ref.id)
      .executeTakeFirst()
    // A header naming a delivery that SES already gave another id is not this mail.
    if (row && (row.message_id === null || row.message_id === messageId)) {
      return { source: 'newsletter', id: row.id, jobId: row.job_id, address: row.email_normalized, status: row.status }
    }
  }
  if (ref?.source === 'outbox') {
    const row = await db.selectFrom('email_outbox').select(['id', 'to_address', 'status', 'message_id']).where('id', '=', ref.id).executeTakeFirst()
    if (row && (row.message_id === null || row.message_id === messageId)) return outboxRow(row, officeInbox)
  }
  return null
}

function outboxRow(row: { id: number; to_address: string; status: string }, officeInbox: string | null): MailedRow | null {
  const address = row.to_address ? row.to_address.trim().toLowerCase() : officeInbox
  return address ? { source: 'outbox', id: row.id, jobId: null, address, status: row.status } : null
}

export type FeedbackResult =
  | { outcome: 'recorded'; events: number; suppressed: number; confirmed: number }
  /** No mail of ours has that message id, or none of its recipients is the address we mailed. */
  | { outcome: 'unknown' }
  | { outcome: 'replay' }

/**
 * Records what SES said about one of our mails, once per SNS message: the events, the suppressions they cause (never
 * the office inbox), and a delivery a crash left unconfirmed becoming sent when SES confirms it.
 */
export async function recordSesFeedback(
  trx: DB,
  input: { snsMessageId: string; feedback: SesFeedback; officeInbox: string | null; receivedAt: string },
): Promise<FeedbackResult> {
  const { feedback, receivedAt } = input
  const officeInbox = input.officeInbox?.trim().toLowerCase() || null
  const mailed = await findMailed(trx, feedback.messageId, feedback.ref, officeInbox)
  if (!mailed) return { outcome: 'unknown' }
  const events = feedback.events.filter((event) => event.email === mailed.address)
  if (events.length === 0) return { outcome: 'unknown' }
  const fresh = await trx
    .insertInto('sns_messages')
    .values({ message_id: input.snsMessageId, received_at: receivedAt })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .executeTakeFirst()
  if (Number(fresh.numInsertedOrUpdatedRows ?? 0n) === 0) return { outcome: 'replay' }

  let suppressed = 0
  let confirmed = 0
  for (const event of events) {
    await trx
      .insertInto('email_events')
      .values({
        kind: event.kind,
        email_normalized: event.email,
        job_id: mailed.jobId,
        delivery_id: mailed.source === 'newsletter' ? mailed.id : null,
        outbox_id: mailed.source === 'outbox' ? mailed.id : null,
        detail: event.detail,
        occurred_at: event.occurredAt,
        received_at: receivedAt,
      })
      .execute()
    const isOffice = event.email === officeInbox
    if ((event.kind === 'bounce' || event.kind === 'complaint') && !isOffice) {
      suppressed += await suppressForFeedback(trx, event.email, event.kind === 'bounce' ? 'bounced' : 'complaint', mailed.jobId, event.detail, receivedAt)
    }
    if (event.kind === 'soft_bounce' && !isOffice) {
      const since = new Date(Date.parse(event.occurredAt) - SOFT_BOUNCE_WINDOW_MS).toISOString()
      const { n } = await trx
        .selectFrom('email_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email_normalized', '=', event.email)
        .where('kind', '=', 'soft_bounce')
        .where('occurred_at', '>', since)
        .where('occurred_at', '<=', event.occurredAt)
        .executeTakeFirstOrThrow()
      if (n >= SOFT_BOUNCES_TO_SUPPRESS) {
        suppressed += await suppressForFeedback(
          trx,
          event.email,
          'bounced',
          mailed.jobId,
          `${SOFT_BOUNCES_TO_SUPPRESS} temporary bounces in 30 days`,
          receivedAt,
        )
      }
    }
    if (event.kind === 'delivery' && mailed.source === 'newsletter') confirmed += await confirmDelivery(trx, mailed.id, event.occurredAt)
  }
  return { outcome: 'recorded', events: events.length, suppressed, confirmed }
}

/** SES delivered it: remembered on the delivery, and an unconfirmed one (a crash during its SES call) counts as sent. */
async function confirmDelivery(trx: DB, deliveryId: number, at: string): Promise<number> {
  const row = await trx.selectFrom('newsletter_deliveries').select(['status', 'job_id']).where('id', '=', deliveryId).executeTakeFirst()
  if (!row) return 0
  if (row.status !== 'unconfirmed') {
    await trx.updateTable('newsletter_deliveries').set({ delivered_at: at }).where('id', '=', deliveryId).where('delivered_at', 'is', null).execute()
    return 0
  }
  await trx.updateTable('newsletter_deliveries').set({ status: 'sent', delivered_at: at, sent_at: at, last_error: null }).where('id', '=', deliveryId).execute()
  await trx
    .updateTable('newsletter_jobs')
    .set((eb) => ({ sent_count: eb('sent_count', '+', 1), unconfirmed_count: eb('unconfirmed_count', '-', 1), updated_at: new Date().toISOString() }))
    .where('id', '=', row.job_id)
    .execute()
  return 1
}

/** Forgets SNS message ids older than any message the webhook still accepts. */
export async function pruneSnsMessages(db: DB, before: string): Promise<number> {
  const result = await db.deleteFrom('sns_messages').where('received_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export type MailHealth = {
  since: string
  sent: number
  bounces: number
  complaints: number
  /** The latest bounce or complaint of the office inbox itself, which is never suppressed. */
  officeInboxProblem: { kind: 'bounce' | 'soft_bounce' | 'complaint'; at: string; detail: string | null } | null
}

/** Mails accepted by SES in the window (outbox and campaigns) and the hard bounces and complaints SES reported in it. */
export async function mailHealth(db: DB, since: string, officeInbox: string | null): Promise<MailHealth> {
  const sent = await sql<{ n: number }>`
    select (select count(*) from email_outbox where sent_at >= ${since})
         + (select count(*) from newsletter_deliveries where sent_at >= ${since}) as n`.execute(db)
  const events = await db
    .selectFrom('email_events')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', 'in', ['bounce', 'complaint'])
    .where('occurred_at', '>=', since)
    .groupBy('kind')
    .execute()
  const count = (kind: string) => Number(events.find((row) => row.kind === kind)?.n ?? 0)
  const office = officeInbox
    ? await db
        .selectFrom('email_events')
        .select(['kind', 'occurred_at', 'detail'])
        .where('email_normalized', '=', officeInbox.trim().toLowerCase())
        .where('kind', 'in', ['bounce', 'soft_bounce', 'complaint'])
        .where('occurred_at', '>=', since)
        .orderBy('occurred_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined
  return {
    since,
    sent: Number(sent.rows[0]?.n ?? 0),
    bounces: count('bounce'),
    complaints: count('complaint'),
    officeInboxProblem: office ? { kind: office.kind as 'bounce' | 'soft_bounce' | 'complaint', at: office.occurred_at, detail: office.detail } : null,
  }
}

/** Deliveries a crash left unconfirmed that SES has not confirmed after `before`: shown to the administrator to resend. */
export async function staleUnconfirmedDeliveries(db: DB, jobId: number, before: string) {
  return db
    .selectFrom('newsletter_deliveries')
    .select(['id', 'email', 'attempts'])
    .where('job_id', '=', jobId)
    .where('status', '=', 'unconfirmed')
    .where((eb) => eb.or([eb('sent_at', '<', before), eb('sent_at', 'is', null)]))
    .orderBy('id')
    .limit(1000)
    .execute()
}

/** What a campaign's report counts; each figure is also a list of addresses (CSV). */
export const REPORT_FIGURES = [
  'recipients',
  'sent',
  'unconfirmed',
  'delivered',
  'bounced',
  'complained',
  'unsubscribed',
  'failed',
  'skipped',
  'opened',
  'clicked',
] as const
export type ReportFigure = (typeof REPORT_FIGURES)[number]

/** Each recipient of a campaign with what became of the mail, from the deliveries and SES's events. */
function reportRows(db: DB, jobId: number) {
  const firstEvent = (kind: string) =>
    sql<
      string | null
    >`(select min(e.occurred_at) from email_events e where e.job_id = d.job_id and e.kind = ${kind} and e.email_normalized = d.email_normalized)`
  return db
    .selectFrom('newsletter_deliveries as d')
    .innerJoin('newsletter_jobs as j', 'j.id', 'd.job_id')
    .select([
      'd.email',
      'd.name',
      'd.status',
      'd.sent_at',
      'd.delivered_at',
      'd.last_error',
      firstEvent('bounce').as('bounced_at'),
      firstEvent('complaint').as('complained_at'),
      firstEvent('open').as('opened_at'),
      firstEvent('click').as('clicked_at'),
      unsubscribedFromCampaign().as('unsubscribed_at'),
    ])
    .where('d.job_id', '=', jobId)
    .orderBy('d.id')
}

export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>['execute']>>[number]

const inFigure: Record<ReportFigure, (row: ReportRow) => boolean> = {
  recipients: () => true,
  sent: (row) => row.status === 'sent',
  unconfirmed: (row) => row.status === 'unconfirmed',
  delivered: (row) => row.delivered_at !== null,
  bounced: (row) => row.bounced_at !== null,
  complained: (row) => row.complained_at !== null,
  unsubscribed: (row) => row.unsubscribed_at !== null,
  failed: (row) => row.status === 'failed',
  skipped: (row) => row.status === 'skipped',
  opened: (row) => row.opened_at !== null,
  clicked: (row) => row.clicked_at !== null,
}

/** The recipients behind one figure of a campaign's report. */
export async function campaignReportRows(db: DB, jobId: number, figure: ReportFigure): Promise<ReportRow[]> {
  return (await reportRows(db, jobId).execute()).filter(inFigure[figure])
}

/** Every figure of a campaign's report. */
export async function campaignReport(db: DB, jobId: number): Promise<Record<ReportFigure, number>> {
  const rows = await reportRows(db, jobId).execute()
  return Object.fromEntries(REPORT_FIGURES.map((figure) => [figure, rows.filter(inFigure[figure]).length])) as Record<ReportFigure, number>
}

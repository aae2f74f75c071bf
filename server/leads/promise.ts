import type { DB } from '#db/client.ts'
import { formatLongDay, formatWeekdayTime, italianTimestamp } from '#shared/italian-time.ts'
import { addOfficeHours, workingDaysOf } from '#shared/office-hours.ts'
import type { DispatchSettings } from '#shared/schemas/dispatch.ts'
import { PROMISE_OFFICE_HOURS } from '#shared/promise.ts'
import { shortPlace } from '#shared/text.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import { notifyOutbox } from '../mail/worker.ts'
import { recordLeadEvent } from '../repositories/lead-timeline.ts'
import { CLOSED_STATUSES } from '../repositories/offers.ts'
import { enqueueEmails, OFFICE_INBOX, type OutboxEmail } from '../repositories/outbox.ts'
import { confirmationQueued, markPromiseMissed, missedPromises, offerCounts } from '../repositories/promise.ts'
import { isEmailSuppressed } from '../repositories/suppressions.ts'
import { startSweeps } from './sweeps.ts'

/**
 * When a request stored at `at` should have been accepted by: PROMISE_OFFICE_HOURS of working days later, the working
 * days of the dispatch settings' office hours, whole, whether automatic dispatch is on or off (docs/decisions/056).
 */
export function promiseDueAt(settings: Pick<DispatchSettings, 'officeHours'>, at: Date): Date {
  return addOfficeHours(workingDaysOf(settings.officeHours), at, PROMISE_OFFICE_HOURS)
}

/** The promise's deadline as the requester reads it: "mercoledì 2 dicembre alle 14:00". */
export const formatPromiseDue = (due: Date) => formatWeekdayTime(due)

/** Tells the requester and the office, within a minute of its time, of each request no craftsman accepted in time. */
export function startMissedPromises({ db, env }: { db: DB; env: Env }, logger: Logger, clock: () => Date = () => new Date()): { stop(): Promise<void> } {
  return startSweeps({ log: logger.child({ component: 'promise' }), job: 'missed promises', sweep: () => sendMissedPromises(db, env, clock()) })
}

/**
 * For every request past its promise with no acceptance: one mail to the requester (unless the address is suppressed,
 * or its confirmation was not sent, so a stranger's address typed in many forms gets no more from us than the daily
 * confirmations), one alert to the office, one step in the lead's timeline, all in the transaction that settles the
 * lead, so each is sent once across processes and restarts. A lead the office closed meanwhile is settled silently.
 */
export async function sendMissedPromises(
  db: DB,
  env: Pick<Env, 'PUBLIC_URL' | 'NOTIFY_EMAIL'>,
  now = new Date(),
  batch = 50,
): Promise<{ told: number; closed: number }> {
  const at = now.toISOString()
  let told = 0
  let closed = 0
  for (;;) {
    const due = await missedPromises(db, at, batch)
    if (!due.length) break
    for (const lead of due) {
      const outcome = await db.transaction().execute(async (trx) => {
        const status = await markPromiseMissed(trx, lead.id, at)
        if (!status) return 'taken'
        if (CLOSED_STATUSES.includes(status)) return 'closed'
        const requesterTold = (await confirmationQueued(trx, lead.id)) && !(await isEmailSuppressed(trx, lead.email_normalized))
        const place = lead.location_label ? shortPlace(lead.location_label) : null
        const counts = await offerCounts(trx, lead.id)
        const mails: OutboxEmail[] = [
          {
            to: OFFICE_INBOX,
            subject: `Preventivo n. ${lead.id} ancora senza artigiano: ${lead.service_name}`,
            category: 'promise-missed-alert',
            leadId: lead.id,
            template: {
              name: 'promise-missed-alert',
              props: {
                leadId: lead.id,
                serviceName: lead.service_name,
                place,
                receivedAt: italianTimestamp(new Date(lead.created_at)),
                dueAt: italianTimestamp(new Date(lead.promise_due_at!)),
                ...counts,
                requesterTold,
                leadUrl: `${env.PUBLIC_URL}/admin/leads?lead=${lead.id}`,
              },
            },
          },
        ]
        if (requesterTold) {
          mails.push({
            to: lead.email,
            replyTo: env.NOTIFY_EMAIL,
            subject: `La tua richiesta di ${lead.service_name}: non abbiamo ancora trovato un artigiano`,
            category: 'promise-missed',
            leadId: lead.id,
            template: {
              name: 'promise-missed',
              props: { clientName: lead.full_name, serviceName: lead.service_name, place, sentOn: formatLongDay(new Date(lead.created_at)) },
            },
          })
        }
        // Queued on the outbox's own clock, which sends what is due by the wall clock.
        await enqueueEmails(trx, mails)
        await recordLeadEvent(trx, { leadId: lead.id, kind: 'promise_missed', actor: 'sistema', details: { requesterTold } }, at)
        return 'told'
      })
      if (outcome === 'told') told++
      else if (outcome === 'closed') closed++
    }
    if (due.length < batch) break
  }
  if (told) notifyOutbox()
  return { told, closed }
}

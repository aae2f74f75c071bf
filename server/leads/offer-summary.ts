import type { DB } from '#db/client.ts'
import { SUMMARY_TIME } from '#shared/artisan-notifications.ts'
import { formatLongDay, formatMediumDateTime, italianTimestamp, romeDay, romeWallTime } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import { notifyOutbox } from '../mail/worker.ts'
import { answerDeadline } from '../repositories/area-offers.ts'
import { artisansDueSummary, claimSummary, openOffersOf } from '../repositories/artisan-settings.ts'
import { leadComune } from '../repositories/matching.ts'
import { enqueueEmail } from '../repositories/outbox.ts'
import { OFFER_LINK_DAYS } from './links.ts'
import { startSweeps } from './sweeps.ts'

const DAY_MS = 86_400_000
/** The summary is a morning mail: from SUMMARY_TIME until noon, Italian clock; a process down all morning skips a day. */
const SUMMARY_UNTIL = '12:00'

/** Whether `now` is in the morning window of the summaries, on the Italian clock. */
export function isSummaryTime(now: Date): boolean {
  const time = romeWallTime(now.toISOString()).slice(11)
  return time >= SUMMARY_TIME && time < SUMMARY_UNTIL
}

/**
 * Mails the morning summary of open offers to the craftsmen who chose it ('summary' or 'both'), once a day each, only
 * when they have an open offer: checked every minute of the morning by every process, claimed per craftsman and day.
 * `every` is the interval, for a test that wants the sweep without waiting.
 */
export function startOfferSummaries({
  db,
  env,
  logger,
  now = () => new Date(),
  every,
}: {
  db: DB
  env: Pick<Env, 'PUBLIC_URL'>
  logger: Logger
  now?: () => Date
  every?: number
}): { stop(): Promise<void> } {
  return startSweeps({
    log: logger.child({ component: 'offer-summary' }),
    job: 'offer summaries',
    every,
    sweep: () => {
      const at = now()
      return isSummaryTime(at) ? sendOfferSummaries(db, env, at).then((mailed) => ({ mailed })) : null
    },
  })
}

/** The day the links expire, or the hour a dispatcher's round ends: as the area's offers page says it. */
const answerByWords = ({ answerBy, reason }: ReturnType<typeof answerDeadline>) =>
  reason === 'round' ? formatMediumDateTime(answerBy.toISOString()) : `il ${formatLongDay(answerBy)}`

/**
 * One summary per craftsman due today, each in its own transaction with the claim of the day (claimSummary), so a
 * second run, another process or a restart sends none again. Lists every offer still open, oldest first, with when it
 * can be answered until and the link to the area. Returns how many were queued.
 */
export async function sendOfferSummaries(db: DB, env: Pick<Env, 'PUBLIC_URL'>, now = new Date(), batch = 50): Promise<number> {
  const day = romeDay(now.getTime())
  const since = new Date(now.getTime() - OFFER_LINK_DAYS * DAY_MS).toISOString()
  let mailed = 0
  let after = 0
  for (;;) {
    const due = await artisansDueSummary(db, day, since, after, batch)
    if (!due.length) break
    for (const { id } of due) {
      after = id
      const sent = await db.transaction().execute(async (trx) => {
        const offers = await openOffersOf(trx, id, since)
        if (!offers.length) return false
        const artisan = await claimSummary(trx, id, day)
        if (!artisan) return false
        await enqueueEmail(
          trx,
          {
            to: artisan.email,
            subject: `Riepilogo: ${countOf(offers.length, 'offerta aspetta', 'offerte aspettano')} la tua risposta`,
            category: 'offer-summary',
            template: {
              name: 'offer-summary',
              props: {
                artisanName: artisan.contact_name,
                offers: offers.map((offer) => ({
                  leadId: offer.lead_id,
                  serviceName: offer.service_name,
                  town: leadComune(offer)?.name ?? null,
                  offeredAt: italianTimestamp(new Date(offer.assigned_at)),
                  answerBy: answerByWords(answerDeadline(offer)),
                })),
                offersUrl: `${env.PUBLIC_URL}/artigiano/offerte`,
                settingsUrl: `${env.PUBLIC_URL}/artigiano/notifiche`,
              },
            },
          },
          now.toISOString(),
        )
        return true
      })
      if (sent) mailed++
    }
    if (due.length < batch) break
  }
  if (mailed) notifyOutbox()
  return mailed
}

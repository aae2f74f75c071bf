import { formatLongDay } from '#shared/italian-time.ts'
import type { Logger } from '../logger.ts'
import { mailboxAddress } from '../newsletter/index.ts'
import { createUnsubscribeToken, newsletterSecret } from '../newsletter/unsubscribe-token.ts'
import { acceptedArtisans } from '../repositories/offers.ts'
import { dueRatingRequests, markRatingRequested } from '../repositories/ratings.ts'
import { recordLeadEvent } from '../repositories/lead-timeline.ts'
import { isEmailSuppressed } from '../repositories/suppressions.ts'
import { enqueueEmail } from '../repositories/outbox.ts'
import { notifyOutbox } from '../mail/worker.ts'
import { createLeadLinkToken, type LeadLinks, ratingLinkExpiry, ratingUrl } from './links.ts'
import { startSweeps } from './sweeps.ts'

const wakers = new Set<() => void>()

/** Tells the scheduler that an acceptance was committed: with RATING_REQUEST_AFTER_HOURS=0 its request is due at once. */
export function notifyRatingRequests() {
  for (const wake of wakers) wake()
}

/** Mails each due "Com'è andata?" within a minute of its time (docs/decisions/024-the-marketplace-loop.md). */
export function startRatingRequests(links: LeadLinks, logger: Logger): { stop(): Promise<void> } {
  return startSweeps({ log: logger.child({ component: 'rating-requests' }), job: 'rating requests', sweep: () => sendDueRatingRequests(links), wakers })
}

/**
 * Mails "Com'è andata?" for every lead whose time has come: once per lead (the due date is cleared in the same
 * transaction), never to a suppressed address, and not at all when nobody still stands by the lead.
 */
export async function sendDueRatingRequests(links: LeadLinks, now = new Date(), batch = 50): Promise<{ mailed: number; skipped: number }> {
  const { db, env } = links
  // Read before the transactions below, which hold the database while they run.
  const secret = await links.secret()
  let mailed = 0
  let skipped = 0
  for (;;) {
    const due = await dueRatingRequests(db, now.toISOString(), batch)
    if (!due.length) break
    for (const lead of due) {
      const sent = await db.transaction().execute(async (trx) => {
        const artisans = await acceptedArtisans(trx, lead.id)
        if (!artisans.length || (await isEmailSuppressed(trx, lead.email_normalized))) {
          await markRatingRequested(trx, lead.id, false, now.toISOString())
          return false
        }
        if (!(await markRatingRequested(trx, lead.id, true, now.toISOString()))) return false
        const token = createLeadLinkToken(secret, { purpose: 'rate', leadId: lead.id, expiresAt: ratingLinkExpiry(now.getTime()) })
        const unsubscribe = `${env.PUBLIC_URL}/unsubscribe?token=${createUnsubscribeToken(await newsletterSecret(trx, env.NEWSLETTER_SECRET), lead.email_normalized)}`
        await enqueueEmail(
          trx,
          {
            to: lead.email,
            subject: `Com'è andata con la tua richiesta di ${lead.service_name}?`,
            category: 'rating-request',
            leadId: lead.id,
            headers: {
              'List-Unsubscribe': `<${unsubscribe}>${env.MAIL_FROM ? `, <mailto:${mailboxAddress(env.MAIL_FROM)}?subject=unsubscribe>` : ''}`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
            template: {
              name: 'rating-request',
              props: {
                clientName: lead.full_name,
                serviceName: lead.service_name,
                artisanNames: artisans.map((artisan) => artisan.company_name ?? artisan.contact_name),
                acceptedOn: formatLongDay(new Date(artisans[0]!.responded_at!)),
                rateUrl: ratingUrl(env, token),
                unsubscribeUrl: unsubscribe,
              },
            },
          },
          now.toISOString(),
        )
        await recordLeadEvent(trx, { leadId: lead.id, kind: 'rating_requested', actor: 'sistema' }, now.toISOString())
        return true
      })
      if (sent) mailed++
      else skipped++
    }
    if (due.length < batch) break
  }
  if (mailed) notifyOutbox()
  return { mailed, skipped }
}

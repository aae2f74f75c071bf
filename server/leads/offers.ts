import type { DB } from '#db/client.ts'
import type { Lead } from '#db/schema.ts'
import { leadAddress } from '#shared/address.ts'
import { answerLines, timingLabel } from '#shared/catalog/questions.ts'
import { mailsEachOffer } from '#shared/artisan-notifications.ts'
import type { DeclineReason } from '#shared/enums.ts'
import { WITHDRAW_HOURS } from '#shared/lead-responses.ts'
import { formatLongDay, formatMonth, italianTimestamp } from '#shared/italian-time.ts'
import { notifyOutbox } from '../mail/worker.ts'
import { offerMailOf } from '../repositories/artisan-settings.ts'
import { findArtisanById } from '../repositories/artisans.ts'
import {
  acceptedArtisans,
  acceptOffer,
  type AnswerOutcome,
  declineOffer,
  DISPATCHER,
  findOffer,
  type OfferRef,
  recordOffer,
  setOfferEmail,
  withdrawAcceptance,
} from '../repositories/offers.ts'
import { recordLeadEvent } from '../repositories/lead-timeline.ts'
import { leadComune } from '../repositories/matching.ts'
import { enqueueEmail, OFFICE_INBOX } from '../repositories/outbox.ts'
import type { Env } from '../env.ts'
import { answerUrl, createLeadLinkToken, type LeadLinks, offerLinkExpiry } from './links.ts'
import { notifyRatingRequests } from './rating-requests.ts'

const HOUR_MS = 3_600_000

/** "da marzo 2024", or "da 3 anni (marzo 2023)" once a year has passed. */
export function memberSince(createdAt: string, now = new Date()): string {
  const since = new Date(createdAt)
  const years = Math.floor((now.getTime() - since.getTime()) / (365.25 * 24 * HOUR_MS))
  const month = formatMonth(since)
  return years >= 1 ? `da ${years === 1 ? 'un anno' : `${years} anni`} (${month})` : `da ${month}`
}

/**
 * Offers a lead to a craftsman: records the offer and queues the e-mail with the job (no contact details) and the two
 * signed links, unless they chose the morning summary alone; call inside the transaction of the assignment. `offeredTo` counts this craftsman among the others.
 */
export async function offerLead(
  trx: DB,
  links: { env: Env; secret: string },
  offer: {
    lead: Pick<Lead, 'id' | 'service_id' | 'service_name' | 'comune_slug' | 'location_label' | 'description' | 'created_at' | 'answers' | 'timing'>
    attachmentNames: string[]
    artisan: { id: number; contact_name: string; email: string }
    offeredTo: number
    assignedBy: string
    actor: string
  },
  now = new Date(),
): Promise<void> {
  const { lead, artisan } = offer
  const { assignmentId, offerNumber } = await recordOffer(
    trx,
    { leadId: lead.id, artisanId: artisan.id, artisanName: artisan.contact_name, assignedBy: offer.assignedBy, actor: offer.actor },
    now.toISOString(),
  )
  // A craftsman who chose the morning summary alone gets the offer there, not by its own mail (offer-summary.ts); but an
  // offer of the dispatcher's is taken back when its round ends, hours away: it is mailed at once, or it could not be answered.
  if (offer.assignedBy !== DISPATCHER && !mailsEachOffer(await offerMailOf(trx, artisan.id))) return
  const { secret } = links
  const expiresAt = offerLinkExpiry(now.getTime())
  const token = (purpose: 'accept' | 'decline') =>
    createLeadLinkToken(secret, { purpose, leadId: lead.id, artisanId: artisan.id, assignmentId, offerNumber, expiresAt })
  const comuneName = leadComune(lead)?.name ?? null
  // The mail says how many of the others already accepted (docs/product.md §12).
  const acceptedSoFar = (await acceptedArtisans(trx, lead.id)).length
  const outboxId = await enqueueEmail(
    trx,
    {
      to: artisan.email,
      subject: `Nuovo lavoro: ${lead.service_name}${comuneName ? ` a ${comuneName}` : ''} (n. ${lead.id})`,
      category: 'lead-offer',
      leadId: lead.id,
      template: {
        name: 'lead-offer',
        props: {
          artisanName: artisan.contact_name,
          leadId: lead.id,
          serviceName: lead.service_name,
          town: comuneName,
          description: lead.description,
          answers: answerLines(lead.service_id, lead.answers),
          timing: timingLabel(lead.timing),
          attachmentNames: offer.attachmentNames,
          requestedAt: italianTimestamp(new Date(lead.created_at)),
          offeredTo: offer.offeredTo,
          acceptedSoFar,
          acceptUrl: answerUrl(links.env, 'accept', token('accept')),
          declineUrl: answerUrl(links.env, 'decline', token('decline')),
          validUntil: formatLongDay(expiresAt),
        },
      },
    },
    now.toISOString(),
  )
  await setOfferEmail(trx, assignmentId, outboxId)
}

/**
 * The craftsman accepts: the answer, the status, the craftsman's mail with the client's details and files, and the
 * requester's introduction are written in one transaction, so a replay or a concurrent click sends nothing twice.
 */
export async function acceptFromLink(links: LeadLinks, ref: OfferRef, acceptToken: string, now = new Date()): Promise<AnswerOutcome> {
  const { db, env } = links
  const outcome = await db.transaction().execute(async (trx) => {
    const { outcome } = await acceptOffer(trx, ref, env.RATING_REQUEST_AFTER_HOURS * HOUR_MS, now)
    if (outcome !== 'done') return outcome
    const offer = (await findOffer(trx, ref))!
    const artisan = (await findArtisanById(trx, ref.artisanId))!
    const at = now.toISOString()
    await enqueueEmail(
      trx,
      {
        to: offer.artisan_email,
        subject: `Lavoro accettato: ${offer.service_name} (n. ${offer.lead_id}) - contatti del cliente`,
        category: 'offer-accepted',
        leadId: offer.lead_id,
        attachLeadFiles: offer.attachments.length > 0,
        template: {
          name: 'offer-accepted',
          props: {
            artisanName: offer.contact_name,
            leadId: offer.lead_id,
            serviceName: offer.service_name,
            clientName: offer.full_name,
            clientPhone: offer.phone,
            clientEmail: offer.email,
            address: leadAddress(offer),
            description: offer.description,
            answers: answerLines(offer.service_id, offer.answers),
            timing: timingLabel(offer.timing),
            attachmentCount: offer.attachments.length,
            answerUrl: answerUrl(env, 'accept', acceptToken),
            withdrawUntil: italianTimestamp(new Date(now.getTime() + WITHDRAW_HOURS * HOUR_MS)),
          },
        },
      },
      at,
    )
    await enqueueEmail(
      trx,
      {
        to: offer.email,
        subject: `${artisan.company_name ?? artisan.contact_name} ha accettato la tua richiesta di ${offer.service_name}`,
        category: 'artisan-introduction',
        leadId: offer.lead_id,
        template: {
          name: 'artisan-introduction',
          props: {
            clientName: offer.full_name,
            leadId: offer.lead_id,
            serviceName: offer.service_name,
            companyName: artisan.company_name,
            contactName: artisan.contact_name,
            phone: artisan.phone,
            trades: artisan.specialization_sectors,
            memberSince: memberSince(artisan.created_at, now),
          },
        },
      },
      at,
    )
    await recordLeadEvent(
      trx,
      { leadId: ref.leadId, kind: 'introduced', artisanId: ref.artisanId, actor: 'sistema', details: { artisanName: artisan.contact_name } },
      at,
    )
    return outcome
  })
  if (outcome === 'done') {
    notifyOutbox()
    notifyRatingRequests()
  }
  return outcome
}

export function declineFromLink(links: LeadLinks, ref: OfferRef, reason: DeclineReason | null, now = new Date()): Promise<AnswerOutcome> {
  return declineOffer(links.db, ref, reason, now)
}

/** The craftsman gives the job back within 24 hours of accepting it; the office is told by e-mail. */
export async function withdrawFromLink(links: LeadLinks, ref: OfferRef, now = new Date()): Promise<AnswerOutcome> {
  const { db, env } = links
  const outcome = await db.transaction().execute(async (trx) => {
    const before = await findOffer(trx, ref)
    const outcome = await withdrawAcceptance(trx, ref, now)
    if (outcome !== 'done' || !before) return outcome
    const standing = await acceptedArtisans(trx, ref.leadId)
    await enqueueEmail(
      trx,
      {
        to: OFFICE_INBOX,
        subject: `Rinuncia: ${before.contact_name} lascia il preventivo n. ${before.lead_id}`,
        category: 'offer-withdrawn',
        leadId: before.lead_id,
        template: {
          name: 'offer-withdrawn',
          props: {
            leadId: before.lead_id,
            serviceName: before.service_name,
            town: leadComune(before)?.name ?? null,
            artisanName: before.contact_name,
            companyName: before.company_name,
            acceptedAt: italianTimestamp(new Date(before.responded_at!)),
            withdrawnAt: italianTimestamp(now),
            othersStanding: standing.length,
            leadUrl: `${env.PUBLIC_URL}/admin/leads?lead=${before.lead_id}`,
          },
        },
      },
      now.toISOString(),
    )
    return outcome
  })
  if (outcome === 'done') notifyOutbox()
  return outcome
}

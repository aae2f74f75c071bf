import { TRPCError } from '@trpc/server'
import { alreadyDeclinedMessage, OFFER_MESSAGES, withdrawnMessage } from '#server/leads/answer-messages.ts'
import { createLeadLinkToken, leadLinks } from '#server/leads/links.ts'
import { acceptFromLink, declineFromLink, withdrawFromLink } from '#server/leads/offers.ts'
import { acceptedJobs, findAreaOffer, offerExpiry, offerHistory, openOffers, setOfferOutcome } from '#server/repositories/area-offers.ts'
import type { AnswerOutcome, OfferRef } from '#server/repositories/offers.ts'
import { artisanProcedure, router } from '#server/trpc/init.ts'
import type { Context } from '#server/trpc/init.ts'
import { OFFER_NOT_FOUND, OUTCOME_NOT_ACCEPTED } from '#shared/area-offers.ts'
import { acceptedInput, declineInput, historyInput, offerRefInput, outcomeInput } from '#shared/schemas/area-offers.ts'

type AreaContext = Context & { artisan: NonNullable<Context['artisan']> }
type Action = 'accept' | 'decline' | 'withdraw'

/** This craftsman's offer by its row: another craftsman's, or one gone with its lead, is NOT_FOUND and nothing else is said. */
async function ownOffer(ctx: AreaContext, input: { assignmentId: number; offerNumber: number }) {
  const offer = await findAreaOffer(ctx.db, ctx.artisan.id, input.assignmentId)
  if (!offer) throw new TRPCError({ code: 'NOT_FOUND', message: OFFER_NOT_FOUND })
  const ref: OfferRef = { assignmentId: offer.id, leadId: offer.lead_id, artisanId: ctx.artisan.id, offerNumber: input.offerNumber }
  return { offer, ref }
}

/**
 * Why an answer was refused, in the words of the page the mail's link ends on for the same refusal (lead-answer-pages):
 * the offer is read again, as that page reads it after a conflict.
 */
async function refusal(ctx: AreaContext, ref: OfferRef, outcome: Exclude<AnswerOutcome, 'done'>, action: Action): Promise<TRPCError> {
  const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message })
  if (outcome === 'missing') return new TRPCError({ code: 'NOT_FOUND', message: OFFER_NOT_FOUND })
  if (outcome === 'superseded') return conflict(OFFER_MESSAGES.superseded)
  if (outcome === 'revoked') return conflict(OFFER_MESSAGES.reassigned)
  if (outcome === 'too_late') return conflict(OFFER_MESSAGES.withdrawTooLate)
  if (outcome === 'closed') return conflict(action === 'withdraw' ? OFFER_MESSAGES.withdrawClosed : OFFER_MESSAGES.closed)
  // Already answered: what the craftsman answered.
  const now = await findAreaOffer(ctx.db, ctx.artisan.id, ref.assignmentId)
  if (!now) return new TRPCError({ code: 'NOT_FOUND', message: OFFER_NOT_FOUND })
  if (now.revoked_at) return conflict(OFFER_MESSAGES.reassigned)
  if (now.withdrawn_at) return conflict(withdrawnMessage(ref.leadId, now.withdrawn_at))
  if (now.response === 'declined') return conflict(alreadyDeclinedMessage(ref.leadId))
  return conflict(action === 'decline' ? OFFER_MESSAGES.acceptedNotDeclined : OFFER_MESSAGES.alreadyAccepted)
}

/** An answer to an offer from the area: the same function as the mail's link, and its refusals with the same words. */
async function answer(ctx: AreaContext, action: Action, ref: OfferRef, run: () => Promise<AnswerOutcome>): Promise<{ ok: true }> {
  const outcome = await run()
  ctx.logger.info({ leadId: ref.leadId, artisanId: ref.artisanId, outcome, from: 'area' }, `offer ${action}`)
  if (outcome !== 'done') throw await refusal(ctx, ref, outcome, action)
  return { ok: true }
}

/** A waiting offer's links expire (server/leads/links.ts): past that, the area takes no answer either, as the mail's link. */
function refuseExpired(offer: { assigned_at: string; response: string | null; revoked_at: string | null }, now: Date) {
  if (!offer.response && !offer.revoked_at && offerExpiry(offer.assigned_at) <= now) {
    throw new TRPCError({ code: 'CONFLICT', message: OFFER_MESSAGES.expired })
  }
}

/** The craftsman's offers (/artigiano/offerte): the open ones, the accepted jobs, the history; answering as from the mail. */
export const offersRouter = router({
  open: artisanProcedure.query(({ ctx }) => openOffers(ctx.db, ctx.artisan.id)),

  accepted: artisanProcedure.input(acceptedInput).query(({ ctx, input }) => acceptedJobs(ctx.db, ctx.artisan.id, input.shown)),

  history: artisanProcedure.input(historyInput).query(({ ctx, input }) => offerHistory(ctx.db, ctx.artisan.id, input)),

  /** "Accetta": as the mail's link, with the mails it sends (the client's details to the craftsman, the craftsman to the requester). */
  accept: artisanProcedure.input(offerRefInput).mutation(async ({ ctx, input }) => {
    const { offer, ref } = await ownOffer(ctx, input)
    const now = new Date()
    refuseExpired(offer, now)
    const links = leadLinks(ctx.db, ctx.env)
    // The acceptance mail links back to the offer's page: the very link the offer mail carried.
    const token = createLeadLinkToken(await links.secret(), {
      purpose: 'accept',
      leadId: ref.leadId,
      artisanId: ref.artisanId,
      assignmentId: ref.assignmentId,
      offerNumber: input.offerNumber,
      expiresAt: offerExpiry(offer.assigned_at).getTime(),
    })
    return answer(ctx, 'accept', ref, () => acceptFromLink(links, ref, token, now))
  }),

  /** "Non sono disponibile", with the mail's reasons. */
  decline: artisanProcedure.input(declineInput).mutation(async ({ ctx, input }) => {
    const { offer, ref } = await ownOffer(ctx, input)
    const now = new Date()
    refuseExpired(offer, now)
    return answer(ctx, 'decline', ref, () => declineFromLink(leadLinks(ctx.db, ctx.env), ref, input.reason, now))
  }),

  /** "Rinuncio al lavoro": within 24 hours of accepting, as from the acceptance page; the office is told by e-mail. */
  withdraw: artisanProcedure.input(offerRefInput).mutation(async ({ ctx, input }) => {
    const { ref } = await ownOffer(ctx, input)
    return answer(ctx, 'withdraw', ref, () => withdrawFromLink(leadLinks(ctx.db, ctx.env), ref))
  }),

  /** "Com'è finita?" of an accepted job: changeable, the office reads it in the lead's dialog. */
  setOutcome: artisanProcedure.input(outcomeInput).mutation(async ({ ctx, input }) => {
    const result = await setOfferOutcome(ctx.db, ctx.artisan, { assignmentId: input.assignmentId, outcome: input.outcome, amountCents: input.amount })
    if (result === 'missing') throw new TRPCError({ code: 'NOT_FOUND', message: OFFER_NOT_FOUND })
    if (result === 'not_accepted') throw new TRPCError({ code: 'CONFLICT', message: OUTCOME_NOT_ACCEPTED })
    ctx.logger.info({ assignmentId: input.assignmentId, artisanId: ctx.artisan.id, outcome: input.outcome }, 'offer outcome set')
    return { ok: true as const }
  }),
})

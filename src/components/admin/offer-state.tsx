import { StarIcon } from 'lucide-react'
import type { DeclineReason, RatingOutcome } from '#shared/enums.ts'
import { DECLINE_REASON_LABELS, RATING_OUTCOME_LABELS } from '#shared/lead-responses.ts'
import { countOf } from '#shared/plural.ts'

/** How a craftsman answered an offer, as the lead dialog and the craftsman's page read it. */
type OfferAnswer = { response: string | null; decline_reason: string | null; withdrawn_at: string | null; revoked_at: string | null }

/** Where an offer stands: waiting, accepted, declined (and why), given back by the craftsman, or taken back by the office. */
export function offerState(offer: OfferAnswer): { label: string; variant: 'default' | 'success' | 'warning' | 'danger' | 'info' } {
  if (offer.revoked_at) return { label: 'Offerta ritirata', variant: 'default' }
  if (offer.withdrawn_at) return { label: 'Ha rinunciato', variant: 'danger' }
  if (offer.response === 'accepted') return { label: 'Accettato', variant: 'success' }
  if (offer.response === 'declined') {
    const reason = offer.decline_reason ? DECLINE_REASON_LABELS[offer.decline_reason as DeclineReason] : null
    return { label: reason ? `Rifiutato: ${reason}` : 'Rifiutato', variant: 'danger' }
  }
  return { label: 'In attesa di risposta', variant: 'warning' }
}

/** An offer the office can still take back: nobody answered it and it was not already taken back. */
export const isOpen = (offer: OfferAnswer) => !offer.response && !offer.revoked_at

export function OfferRating({ rating }: { rating: { stars: number; outcome: string; comment: string | null } }) {
  return (
    <div className="grid gap-0.5 rounded-md bg-gray-50 px-2 py-1.5 text-xs">
      <p className="flex flex-wrap items-center gap-1 text-ink">
        <span className="inline-flex" role="img" aria-label={`${countOf(rating.stars, 'stella', 'stelle')} su 5`}>
          {[1, 2, 3, 4, 5].map((n) => (
            <StarIcon key={n} aria-hidden className={`size-3.5 ${n <= rating.stars ? 'fill-amber-400 text-amber-500' : 'text-gray-300'}`} />
          ))}
        </span>
        <span>· {RATING_OUTCOME_LABELS[rating.outcome as RatingOutcome] ?? rating.outcome}</span>
      </p>
      {/* The requester's words, as text: React escapes them. */}
      {rating.comment ? <p className="whitespace-pre-wrap break-words text-muted">“{rating.comment}”</p> : null}
    </div>
  )
}

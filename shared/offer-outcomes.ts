/**
 * "Com'è finita?": what a craftsman says came of a job they accepted, set from their area and read by the office in the
 * lead's dialog. The amount is optional, in euro cents.
 */
export const OFFER_OUTCOMES = ['preventivo_inviato', 'acquisito', 'non_acquisito'] as const
export type OfferOutcome = (typeof OFFER_OUTCOMES)[number]

export const OFFER_OUTCOME_LABELS: Record<OfferOutcome, string> = {
  preventivo_inviato: 'Preventivo inviato',
  acquisito: 'Lavoro acquisito',
  non_acquisito: 'Lavoro non acquisito',
}

/** The largest amount a craftsman can give, in euros. */
export const MAX_OUTCOME_EUROS = 1_000_000

const euros = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' })
const wholeEuros = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always', maximumFractionDigits: 0 })

/** "1.250,50 €", or "1.250 €" for whole euros. */
export const formatEuroCents = (cents: number): string => (cents % 100 === 0 ? wholeEuros : euros).format(cents / 100)

/** The outcome as one line: "Lavoro acquisito · 1.250 €". */
export function outcomeText(outcome: OfferOutcome, amountCents: number | null): string {
  return amountCents === null ? OFFER_OUTCOME_LABELS[outcome] : `${OFFER_OUTCOME_LABELS[outcome]} · ${formatEuroCents(amountCents)}`
}

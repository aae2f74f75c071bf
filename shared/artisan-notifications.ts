/**
 * How a craftsman is told of new offers: one mail per offer as it comes ('immediate', as always),
 * a morning summary of the open ones instead ('summary'), or both. An offer is transactional: no switch stops it.
 */
export const OFFER_MAIL_MODES = ['immediate', 'summary', 'both'] as const
export type OfferMailMode = (typeof OFFER_MAIL_MODES)[number]

export const OFFER_MAIL_MODE_LABELS: Record<OfferMailMode, string> = {
  immediate: 'Subito',
  summary: 'Un riepilogo giornaliero',
  both: 'Entrambi',
}

/** Whether a new offer is mailed at once, and whether the craftsman is in the morning summary. */
export const mailsEachOffer = (mode: OfferMailMode) => mode !== 'summary'
export const wantsSummary = (mode: OfferMailMode) => mode !== 'immediate'

/** The summary goes out from this time of the morning, Italian clock, on days with open offers. */
export const SUMMARY_TIME = '07:30'

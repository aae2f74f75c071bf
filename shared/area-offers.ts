/**
 * The offers of the craftsmen's area (/artigiano/offerte): the messages the craftsman reads and the history's limits,
 * without zod, so the page's first screen does not load it (the schemas in shared/schemas/area-offers.ts come with the
 * first check of a form).
 */

export const OFFER_NOT_FOUND = 'Questa richiesta non è più disponibile: è stata ritirata o cancellata. Non devi fare nulla.'
export const DECLINE_REASON_INVALID = 'Scegli uno dei motivi proposti, oppure nessuno.'
export const OUTCOME_REQUIRED = "Scegli com'è finita."
export const OUTCOME_NOT_ACCEPTED = "Puoi dire com'è finita solo per un lavoro che hai accettato e che segui ancora."
export const AMOUNT_INVALID = "Scrivi l'importo in euro, ad esempio 1.250 oppure 1.250,50."
export const AMOUNT_NOT_POSITIVE = "L'importo deve essere maggiore di zero."
export const AMOUNT_TOO_LARGE = "L'importo può essere al massimo di 1.000.000 €."
export const MAX_SEARCH_LENGTH = 100
export const SEARCH_TOO_LONG = `La ricerca può contenere al massimo ${MAX_SEARCH_LENGTH} caratteri.`
/** Pages of the history a craftsman may ask for: far beyond any craftsman's record, small enough for an OFFSET. */
export const MAX_HISTORY_PAGE = 1000
export const PAGE_INVALID = `Pagina non valida: scegli una pagina da 1 a ${MAX_HISTORY_PAGE}.`
export const HISTORY_PAGE_SIZE = 15
/** Accepted jobs the page shows at first, and at most at once ("Mostra altri" adds as many again). */
export const ACCEPTED_SHOWN = 20
export const MAX_ACCEPTED_SHOWN = 1000

import type { DeclineReason, LeadEventKind, RatingOutcome } from './enums.ts'

/** Labels of a craftsman's reasons to decline, as the answer page and the back office show them. */
export const DECLINE_REASON_LABELS: Record<DeclineReason, string> = {
  troppo_lontano: 'Troppo lontano',
  troppo_impegnato: 'Troppo impegnato',
  non_mio_settore: 'Non è il mio settore',
  altro: 'Altro',
}

/** What the requester says of the job, as the rating page and the back office show it. */
export const RATING_OUTCOME_LABELS: Record<RatingOutcome, string> = {
  fatto: 'Il lavoro è stato fatto',
  non_ancora: 'Non ancora',
  non_contattato: 'Non mi hanno contattato',
}

/** Short names of the timeline's steps, for filters and exports. */
export const LEAD_EVENT_LABELS: Record<LeadEventKind, string> = {
  assigned: 'Assegnato',
  accepted: 'Accettato',
  declined: 'Rifiutato',
  withdrawn: 'Rinuncia',
  revoked: 'Offerta ritirata',
  introduced: 'Presentazione al cliente',
  rating_requested: 'Richiesta di valutazione',
  rated: 'Valutazione',
  status_changed: 'Stato',
  promise_missed: 'Promessa non mantenuta',
  no_artisan: 'Nessun artigiano disponibile',
}

/** Hours after acceptance during which a craftsman can give the job back from the answer page. */
export const WITHDRAW_HOURS = 24
export const MAX_RATING_COMMENT = 5000

export const RATING_STARS_INVALID = 'Scegli un voto da 1 a 5 stelle.'
export const RATING_OUTCOME_INVALID = 'Indica se il lavoro è stato fatto.'
export const RATING_COMMENT_TOO_LONG = `Il commento può contenere al massimo ${MAX_RATING_COMMENT} caratteri.`

import { countOf } from './plural.ts'

/**
 * Who receives a request (docs/product.md §12), written once. The office's limit and every sentence a page or a mail
 * says about it come from here, so the home page, the craftsmen's page and the mails cannot promise different things.
 */

/**
 * Craftsmen a request may stand offered to at once: waiting for their answer or accepted. One who declines, gives the
 * job back or whose offer the office takes back makes room for another, so the requester never has more than this many.
 */
export const MAX_ARTISANS_PER_REQUEST = 3

const craftsmen = countOf(MAX_ARTISANS_PER_REQUEST, 'artigiano selezionato', 'artigiani selezionati')
const quotes = countOf(MAX_ARTISANS_PER_REQUEST, 'preventivo', 'preventivi')

/** The rule as the requester reads it after asking: the thank-you page and the confirmation mail. */
export const REQUEST_PROMISE = `La tua richiesta va al massimo a ${craftsmen} della tua zona, mai all'asta: se uno non è disponibile, la proponiamo a un altro al suo posto. Puoi ricevere e confrontare fino a ${quotes}.`

/** The home page's "Nessuna gara al ribasso". */
export const HOME_PROMISE = `Al massimo ${craftsmen} per il tuo lavoro, mai un'asta tra sconosciuti.`

/**
 * Hours of working days (every hour of the office's days as the dispatch settings give them, shared/office-hours.ts
 * workingDaysOf) within which a craftsman should accept a request and call: each lead stores when that time is up (leads.promise_due_at), and the requester and
 * the office are told when it passes without an acceptance (server/leads/promise.ts; docs/decisions/056).
 */
export const PROMISE_OFFICE_HOURS = 24

/** "entro 24 ore lavorative". */
export const PROMISE_DEADLINE = `entro ${countOf(PROMISE_OFFICE_HOURS, 'ora lavorativa', 'ore lavorative')}`

/**
 * Who calls and when, as the thank-you page and the confirmation mail say it: the same whether the office offers the
 * request by hand or the dispatcher does (docs/product.md §12), so it never promises a call from the office.
 */
export const CALL_PROMISE = `Proponiamo la tua richiesta agli artigiani selezionati della tua zona: chi accetta ti chiama ${PROMISE_DEADLINE} per fissare un sopralluogo e un preventivo gratuiti.`

/** The promise's deadline as a date, beside CALL_PROMISE where it is known: "Cioè entro mercoledì 2 dicembre alle 14:00." */
export const promiseDueLine = (due: string) => `Cioè entro ${due}.`

/** What happens if nobody accepts in time, said where the promise is made. */
export const MISSED_PROMISE_NOTICE = 'Se in quel tempo nessun artigiano accetta, te lo scriviamo noi e ti diciamo come andiamo avanti.'

/**
 * Where a request's promise stands at `now`: kept when a craftsman accepted by its due time (as the dashboard counts
 * it), broken once the due time passed without that, open until then.
 */
export function promiseOutcome(dueAt: string, firstAcceptedAt: string | null, now: number): 'mantenuta' | 'non mantenuta' | 'in corso' {
  if (firstAcceptedAt !== null && firstAcceptedAt <= dueAt) return 'mantenuta'
  return Date.parse(dueAt) <= now ? 'non mantenuta' : 'in corso'
}

/** The home page's second step, "Un artigiano ti chiama". */
export const PROPOSAL_STEP = `Proponiamo il lavoro al massimo a ${craftsmen} della tua zona: chi accetta ti chiama ${PROMISE_DEADLINE} per un sopralluogo gratuito.`

/** The home page's last step, "Ricevi i preventivi". */
export const QUOTES_STEP = `Ogni artigiano che accetta ti presenta un preventivo chiaro e senza impegno: ne confronti fino a ${MAX_ARTISANS_PER_REQUEST} e decidi tu, con calma.`

/** The about page (/chi-siamo): its introduction and its "Risparmio di tempo". */
export const ABOUT_PROMISE = `Niente aste al ribasso, niente intermediari in fattura: al massimo ${craftsmen} per il tuo lavoro.`
export const SAVED_CALLS = `Una sola richiesta al posto di decine di telefonate: fino a ${quotes} di artigiani selezionati, da confrontare con calma.`
/** The about page's "Preventivi rapidi e trasparenti". */
export const QUICK_QUOTES = `Un artigiano che accetta ti chiama ${PROMISE_DEADLINE} e il preventivo è sempre chiaro e gratuito.`

/** The craftsmen's page (/area-artigiani): what a craftsman competes with. */
export const ARTISANS_PAGE_PROMISE = `Ogni richiesta va al massimo a ${craftsmen} per mestiere e zona, mai all'asta: conta la qualità, non lo sconto.`

/** The requester's mail introducing a craftsman who accepted. */
export const INTRODUCTION_PROMISE = `La tua richiesta va al massimo a ${craftsmen}: se anche un altro accetterà, te lo presenteremo allo stesso modo e potrai confrontare fino a ${quotes}.`

/** Under the job in the offer mail and on its page. */
export const OFFER_RULE = `Ogni richiesta va al massimo a ${craftsmen} alla volta: il cliente può ricevere e confrontare fino a ${quotes} e sceglie lui.`

/** To the craftsman who accepted, on the page and in the mail with the client's details (never "il lavoro è tuo"). */
export const ACCEPTED_RULE = `Il cliente può ricevere e confrontare fino a ${quotes} di artigiani della rete e sceglie lui.`

/** The offer's "Proposta a" row: the craftsmen the request stands offered to, this one included. */
export const offeredToLabel = (offeredTo: number) => (offeredTo <= 1 ? 'solo a te, per ora' : `${countOf(offeredTo, 'artigiano', 'artigiani')}, te compreso`)

/** The offer's "Accettata finora da" row: how many of them have accepted when the offer is made or looked at. */
export const acceptedSoFarLabel = (accepted: number) => (accepted === 0 ? 'nessuno, per ora' : countOf(accepted, 'artigiano', 'artigiani'))

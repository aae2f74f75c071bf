/**
 * The public rules of profiles and reviews (docs/product.md §11): the reasons moderation may hide a review for, the
 * reasons a visitor may report one for, and the limits of what the office and visitors type. Shared by the back office,
 * the public pages, the "Come verifichiamo le recensioni" page and the server, so the policy is written once.
 */

/** Why a review may be hidden: the only reasons, in the order the policy lists them. A negative opinion is never one. */
export const HIDE_REASONS = {
  insulti: 'Insulti o linguaggio offensivo',
  dati_personali: 'Dati personali (nomi completi, telefoni, indirizzi)',
  fuori_tema: 'Fuori tema: non parla del lavoro',
  conflitto_interessi: "Conflitto d'interessi (scritta dall'artigiano, da un concorrente o da chi lavora con loro)",
} as const
export type HideReason = keyof typeof HIDE_REASONS
export const HIDE_REASON_KEYS = Object.keys(HIDE_REASONS) as HideReason[]

/** Why a visitor may report a review: the policy's reasons, and anything else in their own words. */
export const REPORT_REASONS = { ...HIDE_REASONS, altro: 'Altro (spiega nella nota)' } as const
export type ReportReason = keyof typeof REPORT_REASONS
export const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as ReportReason[]

/** Days after the rating link was mailed during which a requester may review (the link's own validity). */
export const REVIEW_WINDOW_DAYS = 60
/** Reviews per page of a profile, newest first. */
export const REVIEWS_PER_PAGE = 10
/** Public craftsmen shown on a service, town or service-in-town page, best rated first. */
export const LANDING_ARTISANS = 6

/**
 * Reports one reporter may file in 24 hours. A visitor who finds an insult reports it, maybe two or three on the same
 * profile; five leave room for that, while one address cannot fill the office's queue (its reports beyond these are
 * refused, and a second report of the same review by the same reporter is refused whatever the count).
 */
export const REPORTS_PER_REPORTER_PER_DAY = 5

export const MAX_REPLY_LENGTH = 2000
export const MAX_REPORT_NOTE_LENGTH = 1000
export const MAX_PUBLIC_DESCRIPTION_LENGTH = 2000
export const MAX_PHOTO_CAPTION_LENGTH = 140
/** Portfolio photos per craftsman, and the largest upload accepted before resizing. */
export const MAX_PORTFOLIO_PHOTOS = 12
export const MAX_PHOTO_UPLOAD_BYTES = 10 * 1024 * 1024

/** Who wrote a review once the requester's data was erased. */
export const ERASED_AUTHOR = 'Cliente verificato'

/** The text a craftsman agrees to before the office publishes their profile; stored with the consent. */
export const PROFILE_CONSENT_TEXT =
  "Acconsento alla pubblicazione su Artigiani Milano del mio profilo pubblico: nome dell'impresa, settori, zone servite, anni nella rete, verifiche svolte, descrizione, foto dei lavori, valutazioni e recensioni dei clienti con le mie risposte. Telefono ed e-mail non sono pubblicati. Posso revocare il consenso in qualsiasi momento scrivendo all'ufficio: il profilo viene ritirato."

/** "Marco R." from "Marco Rossi": the first name and the initial of the last word; the first name alone without one. */
export function reviewAuthorLabel(fullName: string): string {
  const words = fullName.normalize('NFC').trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return ERASED_AUTHOR
  const first = words[0]!
  const firstName = first.charAt(0).toLocaleUpperCase('it') + first.slice(1).toLocaleLowerCase('it')
  if (words.length === 1) return firstName
  const initial = [...words[words.length - 1]!][0]!.toLocaleUpperCase('it')
  return `${firstName} ${initial}.`
}

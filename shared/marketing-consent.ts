/**
 * The words of the marketing checkbox on the quote and contact forms, stored as they were shown with the moment the
 * box was ticked (leads and contact_messages, marketing_consent_text): change them here and new consents keep the new
 * words, old ones their own. No zod here: the forms' checkbox reads this as it hydrates (its rule is in
 * shared/schemas/common.ts, marketingConsentField).
 */
export const MARKETING_CONSENT_TEXT = 'Voglio ricevere offerte e novità da Artigiani Milano via e-mail.'

/** The consent as stored: its moment and words when given, nulls when not. */
export const storedMarketingConsent = (given: boolean, now: string) =>
  given ? { marketingConsentAt: now, marketingConsentText: MARKETING_CONSENT_TEXT } : { marketingConsentAt: null, marketingConsentText: null }

/**
 * The soft opt-in of art. 130, comma 4, of the Codice privacy (d.lgs. 196/2003), as the back office shows it before
 * the owner turns it on and the privacy policy states it: requesters who did not tick the box may get newsletters about
 * services like those they asked for, each mail letting them refuse.
 */
export const SOFT_OPT_IN_NOTE =
  "Art. 130, comma 4, del Codice privacy (d.lgs. 196/2003): l'indirizzo e-mail che un cliente ci ha dato nel chiedere un preventivo può essere usato, anche senza il suo consenso, per proporgli servizi analoghi a quelli richiesti, purché sia stato informato e non si sia opposto; ogni e-mail deve ricordargli che può opporsi in ogni momento, gratuitamente (il link di disiscrizione in fondo a ogni newsletter). Vale solo per servizi analoghi: per altre offerte serve il consenso."

export const SOFT_OPT_IN_NOTE_UNREAD = 'Per attivare il soft opt-in conferma di aver letto la nota legale.'

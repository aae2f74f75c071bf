// The craftsmen's sign-in by e-mail: its limits and messages, without zod, so the sign-in page's first screen does not
// load it (the schemas in shared/schemas/artisan-sign-in.ts come with the first check of the form).
import { countOf } from './plural.ts'

/** How long a sign-in mail's link and code work, and how many wrong codes a mail takes before it stops working. */
export const SIGN_IN_VALID_MINUTES = 15
export const SIGN_IN_MAX_WRONG_CODES = 5

export const SIGN_IN_EMAIL_MISSING = 'Inserisci la tua email.'
export const SIGN_IN_EMAIL_INVALID = "Inserisci un'email valida."
export const SIGN_IN_CODE_FORMAT = 'Il codice è di 6 cifre: lo trovi nella stessa email del link.'
export const SIGN_IN_LINK_INVALID = 'Il link di accesso non è valido: controlla di averlo aperto intero dalla email, oppure chiedine uno nuovo.'
export const SIGN_IN_LINK_EXPIRED = `Il link di accesso è scaduto (vale ${SIGN_IN_VALID_MINUTES} minuti): chiedine uno nuovo.`
export const SIGN_IN_LINK_USED = 'Il link di accesso è già stato usato (vale una volta sola): chiedine uno nuovo.'
export const SIGN_IN_CODE_LOCKED = 'Hai inserito troppe volte un codice sbagliato: questo link non vale più. Chiedine uno nuovo.'
/** In the browser that asked, once its 15 minutes are over: no mail to check the code against. */
export const SIGN_IN_CODE_EXPIRED = 'Il codice è scaduto: chiedi un nuovo link di accesso.'
export const signInCodeWrong = (remaining: number) =>
  `Il codice non è corretto: ${remaining === 1 ? 'ti resta' : 'ti restano'} ${countOf(remaining, 'tentativo', 'tentativi')}.`

/** The office's "Invia link di accesso" for a craftsman outside the area (an applicant, a rejected one). */
export const signInLinkRefused = (statusLabel: string) =>
  `Il link di accesso si invia solo agli artigiani della rete (stato Attivo o Inattivo): questo artigiano è “${statusLabel}”.`

/** `?errore=` of /artigiano/accedi after a link that could not sign in, and what the page says. */
export const SIGN_IN_LINK_ERRORS = {
  'non-valido': SIGN_IN_LINK_INVALID,
  scaduto: SIGN_IN_LINK_EXPIRED,
  usato: SIGN_IN_LINK_USED,
  bloccato: SIGN_IN_CODE_LOCKED,
} as const
export type SignInLinkError = keyof typeof SIGN_IN_LINK_ERRORS

/** The token a sign-in link carries: 32 random bytes in base64url. */
export const SIGN_IN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

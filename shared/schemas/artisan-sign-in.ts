import { z } from 'zod'
import { countOf } from '../plural.ts'

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

export const signInRequestSchema = z.object({
  email: z
    .string({ error: SIGN_IN_EMAIL_MISSING })
    .trim()
    .min(1, SIGN_IN_EMAIL_MISSING)
    .max(254, SIGN_IN_EMAIL_INVALID)
    .pipe(z.email({ error: SIGN_IN_EMAIL_INVALID })),
  /** The page of the area the craftsman was sent away from, opened once signed in (only a page of the area). */
  redirect: z.string().max(2000).optional(),
})
export type SignInRequestInput = z.input<typeof signInRequestSchema>

export const signInCodeSchema = z.object({
  code: z
    .string({ error: SIGN_IN_CODE_FORMAT })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, SIGN_IN_CODE_FORMAT)),
})
export type SignInCodeInput = z.input<typeof signInCodeSchema>

/** The code typed in the browser that asked (its cookie names the mail), or in another one with the link's token. */
export const verifySignInCodeSchema = signInCodeSchema.extend({
  token: z.string().max(100, SIGN_IN_LINK_INVALID).regex(SIGN_IN_TOKEN_PATTERN, SIGN_IN_LINK_INVALID).optional(),
})

import { z } from 'zod'
import { CAPTCHA_WRONG, PROOF_OF_WORK_FAILED } from '../request-messages.ts'

// The guards' messages live in shared/request-messages.ts; importers of this module find them here too.
export * from '../request-messages.ts'

/** Longest single-line text we accept: a name or a subject, never a paragraph. */
export const MAX_NAME_LENGTH = 100
export const MAX_TEXT_LENGTH = 5000

// CR/LF in a value that ends up in a mail header would let it add headers of its own.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is refused with CR and LF
const SINGLE_LINE = /^[^\r\n\u0000]*$/

export function singleLine(required: string, label: string, max = MAX_NAME_LENGTH) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} può contenere al massimo ${max} caratteri.`)
    .regex(SINGLE_LINE, `${label} non può andare a capo.`)
}

export const emailField = z
  .string({ error: "Inserisci un'email valida." })
  .max(254, "Inserisci un'email valida.")
  .pipe(z.email({ error: "Inserisci un'email valida." }))

export const PHONE_PATTERN = /^\+?[0-9\s()./-]{6,30}$/

export const requiredPhone = z
  .string({ error: 'Il numero di telefono è obbligatorio.' })
  .trim()
  .min(1, 'Il numero di telefono è obbligatorio.')
  .max(30, 'Inserisci un numero di telefono valido.')
  .regex(PHONE_PATTERN, 'Inserisci un numero di telefono valido.')

export const longText = (required: string, label: string) =>
  z.string({ error: required }).trim().min(1, required).max(MAX_TEXT_LENGTH, `${label} può contenere al massimo ${MAX_TEXT_LENGTH} caratteri.`)

/** The answer to the server's captcha, and the signed challenge it answers. */
export const captchaFields = {
  captchaToken: z.string({ error: CAPTCHA_WRONG }).min(1, CAPTCHA_WRONG).max(512, CAPTCHA_WRONG),
  captchaAnswer: z
    .string({ error: "Inserisci il risultato dell'addizione." })
    .trim()
    .min(1, "Inserisci il risultato dell'addizione.")
    .regex(/^\d{1,3}$/, CAPTCHA_WRONG),
}

/** The ALTCHA payload the browser computes in the background: the proof of work beside the captcha. */
export const proofOfWorkField = {
  proofOfWork: z.string({ error: PROOF_OF_WORK_FAILED }).min(1, PROOF_OF_WORK_FAILED).max(4000, PROOF_OF_WORK_FAILED),
}

const utmValue = z.string().trim().max(200).optional()

/** Where the request came from: the page and the campaign parameters of the landing URL. */
export const trackingFields = {
  fromPage: z.string().max(2000).optional(),
  utm: z.object({ source: utmValue, medium: utmValue, campaign: utmValue, term: utmValue, content: utmValue }).optional(),
  /** The first page of the visit (its path) and the origin of the site that linked to it. */
  landing: z.object({ page: z.string().max(200).optional(), referrer: z.string().max(200).optional() }).optional(),
  /** Left empty by people: the field is hidden, only robots fill it in. */
  website: z.string().max(500).optional(),
}

/** The marketing checkbox of the quote and contact forms (shared/marketing-consent.ts): unticked unless the visitor ticks it; anything but a yes or no is refused. */
export const marketingConsentField = z.boolean({ error: 'Il consenso alle comunicazioni commerciali non è valido.' }).default(false)

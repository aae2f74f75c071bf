import { z } from 'zod'
import { slugify } from '../catalog/slug.ts'
import { isCalendarDay } from '../italian-time.ts'
import { MAX_PHOTO_CAPTION_LENGTH, MAX_PHOTO_UPLOAD_BYTES, MAX_PORTFOLIO_PHOTOS, MAX_PUBLIC_DESCRIPTION_LENGTH } from '../reviews.ts'

/** What the back office records about a craftsman's public profile (docs/product.md §11), checked by the forms and the server. */

export const SLUG_MIN_LENGTH = 3
export const SLUG_MAX_LENGTH = 60
export const MAX_INSURANCE_NOTE_LENGTH = 200

export const SLUG_LENGTH_MESSAGE = `L'indirizzo del profilo deve avere da ${SLUG_MIN_LENGTH} a ${SLUG_MAX_LENGTH} caratteri.`
export const SLUG_CHARACTERS_MESSAGE =
  "L'indirizzo del profilo può contenere solo lettere minuscole senza accenti, cifre e trattini singoli, non all'inizio né alla fine."
export const SLUG_TAKEN_MESSAGE = 'Questo indirizzo è già usato dal profilo di un altro artigiano: scegline un altro.'
export const SLUG_FROZEN_MESSAGE = "L'indirizzo non si può più cambiare: il profilo è già stato pubblicato e i link esistenti devono continuare a funzionare."
export const DESCRIPTION_TOO_LONG = `La descrizione pubblica può contenere al massimo ${MAX_PUBLIC_DESCRIPTION_LENGTH} caratteri.`
export const CAPTION_TOO_LONG = `La didascalia può contenere al massimo ${MAX_PHOTO_CAPTION_LENGTH} caratteri.`
export const INSURANCE_NOTE_REQUIRED = "Scrivi una breve nota sull'assicurazione (compagnia, massimale o scadenza)."
export const INSURANCE_NOTE_TOO_LONG = `La nota sull'assicurazione può contenere al massimo ${MAX_INSURANCE_NOTE_LENGTH} caratteri.`
export const DATE_INVALID = 'Indica una data valida, non futura.'
export const VAT_NOT_VALID =
  "La partita IVA dell'artigiano non è valida (servono 11 cifre con la cifra di controllo corretta): correggila da “Modifica” prima di segnarla come verificata."
export const PUBLISH_WITHOUT_CONSENT = "Non puoi pubblicare il profilo: manca il consenso dell'artigiano. Registra prima il consenso."
export const PUBLISH_NOT_ACTIVE = 'Puoi pubblicare solo il profilo di un artigiano con stato Attivo.'
export const TOO_MANY_PHOTOS = `Puoi caricare al massimo ${MAX_PORTFOLIO_PHOTOS} foto: rimuovine una per aggiungerne un'altra.`
export const PHOTO_TOO_BIG = `La foto supera la dimensione massima di ${MAX_PHOTO_UPLOAD_BYTES / 1024 / 1024} MB.`
export const PHOTO_NOT_AN_IMAGE = 'Il file non è una foto: puoi caricare immagini JPEG, PNG, WebP o AVIF.'
export const PHOTO_HEIC =
  "Le foto HEIC dell'iPhone non sono supportate: esportala in JPEG (su iPhone: Impostazioni › Fotocamera › Formati › Più compatibile) e caricala di nuovo."
export const PHOTO_UNREADABLE = 'La foto è danneggiata o non leggibile: prova con un altro file.'
export const PHOTO_TOO_MANY_PIXELS = 'La foto ha troppi pixel (al massimo 50 megapixel): riducila e caricala di nuovo.'
export const PHOTO_MISSING = 'Scegli una foto da caricare.'
export const PHOTO_NOT_FOUND = 'Foto non trovata.'

/** What the photo picker offers; the server sniffs the content whatever the name says. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif'

// Linear: each group starts with the dash that ends the previous one, so there is one way to match a string.
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export const slugSchema = z
  .string()
  .trim()
  .min(SLUG_MIN_LENGTH, SLUG_LENGTH_MESSAGE)
  .max(SLUG_MAX_LENGTH, SLUG_LENGTH_MESSAGE)
  .regex(SLUG_PATTERN, SLUG_CHARACTERS_MESSAGE)

/** The slug proposed for a craftsman: the company's name, else the contact's, as the catalog spells its slugs. */
export function proposedSlug(companyName: string | null, contactName: string): string {
  const base = slugify(companyName?.trim() || contactName)
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '')
  return base.length >= SLUG_MIN_LENGTH ? base : `artigiano-${base || 'milano'}`.replace(/-+$/, '')
}

/**
 * An Italian Partita IVA: 11 digits (an "IT" prefix and spaces allowed) whose last is the check digit of the other ten:
 * the digits in odd places added as they are, those in even places doubled (minus 9 above 9), the total's complement to 10.
 */
export function isValidPartitaIva(value: string | null): boolean {
  const digits = (value ?? '').replace(/\s+/g, '').replace(/^IT/i, '')
  if (!/^\d{11}$/.test(digits) || digits === '00000000000') return false
  let sum = 0
  for (let i = 0; i < 10; i++) {
    const digit = Number(digits[i])
    if (i % 2 === 0) sum += digit
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2
  }
  return (10 - (sum % 10)) % 10 === Number(digits[10])
}

const artisanId = z.number().int().positive()

/** A day of the office's records: YYYY-MM-DD, not in the future (checked by the server against its clock). */
const day = z.string().max(10, DATE_INVALID).refine(isCalendarDay, DATE_INVALID)

export const slugInput = z.object({ artisanId, slug: slugSchema })

export const consentInput = z.object({ artisanId, day: day.optional() })

export const descriptionInput = z.object({
  artisanId,
  description: z
    .string()
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(MAX_PUBLIC_DESCRIPTION_LENGTH, DESCRIPTION_TOO_LONG)),
})

export const VERIFICATIONS = {
  vat: 'Partita IVA verificata',
  identity: 'Identità verificata',
  insurance: 'Assicurazione registrata',
} as const
export type Verification = keyof typeof VERIFICATIONS

export const verificationInput = z.discriminatedUnion('checked', [
  z.object({ artisanId, kind: z.enum(['vat', 'identity', 'insurance']), checked: z.literal(false) }),
  z
    .object({
      artisanId,
      kind: z.enum(['vat', 'identity', 'insurance']),
      checked: z.literal(true),
      day: day.optional(),
      note: z.string().trim().max(MAX_INSURANCE_NOTE_LENGTH, INSURANCE_NOTE_TOO_LONG).optional(),
    })
    .refine((value) => value.kind !== 'insurance' || Boolean(value.note), { message: INSURANCE_NOTE_REQUIRED, path: ['note'] }),
])
export type VerificationInput = z.output<typeof verificationInput>

export const captionSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .pipe(z.string().max(MAX_PHOTO_CAPTION_LENGTH, CAPTION_TOO_LONG))

export const photoCaptionInput = z.object({ photoId: z.number().int().positive(), caption: captionSchema })
export const photoMoveInput = z.object({ photoId: z.number().int().positive(), direction: z.enum(['up', 'down']) })
export const photoInput = z.object({ photoId: z.number().int().positive() })
export const profileInput = z.object({ artisanId })

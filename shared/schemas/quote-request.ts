import { z } from 'zod'
import { findServiceName } from '../catalog/service-names.ts'
import { COMUNE_OUTSIDE, COMUNE_REQUIRED, MAX_STREET_LENGTH, STREET_REQUIRED } from '../address.ts'
import { findComune } from '../catalog/comuni.ts'
import { attachmentsField } from './attachments.ts'
import { answersField, answersFitService, timingField } from './service-answers.ts'
import { captchaFields, emailField, longText, marketingConsentField, requiredPhone, singleLine, proofOfWorkField, trackingFields } from './common.ts'

export const UNKNOWN_SERVICE = 'Seleziona un servizio valido.'

/** 'Via e numero civico': one line, at most 120 characters. */
const streetField = singleLine(STREET_REQUIRED, "L'indirizzo", MAX_STREET_LENGTH)

/** The slug of a comune of the catalogue (the 133 of the Città metropolitana di Milano); anything else is refused. */
const comuneSlugField = z
  .string({ error: COMUNE_REQUIRED })
  .min(1, COMUNE_REQUIRED)
  .max(100, COMUNE_OUTSIDE)
  .refine((slug) => findComune(slug) !== undefined, COMUNE_OUTSIDE)

/** The quote form's fields; the answers are checked against the service by the schemas below. */
const quoteRequestFields = z.object({
  fullName: singleLine('Il nome è obbligatorio.', 'Il nome'),
  email: emailField,
  phone: requiredPhone,
  serviceId: z.string({ error: UNKNOWN_SERVICE }).refine((id) => id === 'altro' || findServiceName(id) !== undefined, UNKNOWN_SERVICE),
  description: longText('La descrizione è obbligatoria.', 'La descrizione'),
  /** The answers to the service's questions (shared/catalog/questions.ts), by question id. */
  answers: answersField,
  /** "Quando?": leads.timing. */
  timing: timingField,
  /** 'Via e numero civico', kept apart from the comune: only the craftsman who accepts sees it (docs/product.md §3). */
  street: streetField,
  /** The comune of the address, one of the catalogue's: the page's, the place's, or chosen in the form. */
  comuneSlug: comuneSlugField,
  marketingConsent: marketingConsentField,
  /** The place picked in the address field (its label is what the lists show for leads sent before `street`). */
  location: z
    .object({
      label: z
        .string()
        .trim()
        .max(300)
        .regex(/^[^\r\n]*$/),
      placeId: z
        .string()
        .trim()
        .max(300)
        .regex(/^[^\r\n]*$/),
    })
    .nullable()
    .default(null),
  attachments: attachmentsField,
  /**
   * The slug of the profile the form was sent from ("Chiedi un preventivo a ..."): a preference the office sees, kept
   * only when it names a published profile. Anything else (too long, not a slug, not a string) is dropped, never refused:
   * the request itself is what matters.
   */
  preferredArtisan: z.string().max(100).optional().catch(undefined),
  ...captchaFields,
  ...proofOfWorkField,
  ...trackingFields,
})

/** The quote form of the service, town and service-in-town pages (docs/product.md §3, 5). */
export const quoteRequestSchema = quoteRequestFields.superRefine(answersFitService)

/** The fields the visitor fills: the proof of work is computed, and joins the values when they are sent. */
export const quoteFormSchema = quoteRequestFields.omit({ proofOfWork: true }).superRefine(answersFitService)

export type QuoteRequestInput = z.input<typeof quoteRequestSchema>
export type QuoteRequest = z.output<typeof quoteRequestSchema>

/** The name shown for a service id of the quote form: the catalog's, or 'Altro'. */
export function quoteServiceName(serviceId: string): string {
  return serviceId === 'altro' ? 'Altro' : (findServiceName(serviceId)?.name ?? 'Altro')
}

import { z } from 'zod'
import { captchaFields, emailField, longText, marketingConsentField, PHONE_PATTERN, singleLine, proofOfWorkField, trackingFields } from './common.ts'

// The name lives with the services' names in the catalog; importers of this module find it here too.
export { CONTACT_SERVICE_NAME } from '../catalog/service-names.ts'

/** The message form of /contattaci (docs/product.md §3, 5): phone is the only optional field. */
export const contactRequestSchema = z.object({
  fullName: singleLine('Il nome è obbligatorio.', 'Il nome'),
  email: emailField,
  phone: z
    .string()
    .trim()
    .max(30, 'Inserisci un numero di telefono valido.')
    .refine((phone) => phone === '' || PHONE_PATTERN.test(phone), 'Inserisci un numero di telefono valido.')
    .default(''),
  subject: singleLine("L'oggetto è obbligatorio.", "L'oggetto", 200),
  message: longText('Il messaggio è obbligatorio.', 'Il messaggio'),
  marketingConsent: marketingConsentField,
  ...captchaFields,
  ...proofOfWorkField,
  ...trackingFields,
})

export type ContactRequestInput = z.input<typeof contactRequestSchema>
export type ContactRequest = z.output<typeof contactRequestSchema>

/** The fields the visitor fills: the proof of work is computed, and joins the values when they are sent. */
export const contactFormSchema = contactRequestSchema.omit({ proofOfWork: true })

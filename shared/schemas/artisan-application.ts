import { z } from 'zod'
import { APPLICATION_SECTORS } from '../catalog/service-names.ts'
import { captchaFields, emailField, MAX_TEXT_LENGTH, proofOfWorkField, trackingFields } from './common.ts'

// The sectors live with the services' names in the catalog; importers of this module find them here too.
export { APPLICATION_SECTORS, registerSector } from '../catalog/service-names.ts'

const optionalLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} può contenere al massimo ${max} caratteri.`)
    .regex(/^[^\r\n]*$/, `${label} non può andare a capo.`)
    .default('')

/** The craftsman application (docs/product.md §3, 5), with the spec's messages and the same captcha as the other forms. */
export const artisanApplicationSchema = z.object({
  companyName: optionalLine('La ragione sociale', 200),
  vatNumber: optionalLine('La partita IVA', 30),
  contactName: z
    .string({ error: 'Il nome del referente è obbligatorio.' })
    .trim()
    .min(2, 'Il nome del referente è obbligatorio.')
    .max(100, 'Il nome del referente può contenere al massimo 100 caratteri.')
    .regex(/^[^\r\n]*$/, 'Il nome del referente non può andare a capo.'),
  email: emailField,
  phone: z
    .string({ error: 'Inserisci un numero di telefono valido.' })
    .trim()
    .min(9, 'Inserisci un numero di telefono valido.')
    .max(30, 'Inserisci un numero di telefono valido.')
    .regex(/^\+?[0-9\s()./-]+$/, 'Inserisci un numero di telefono valido.'),
  specializationSectors: z
    .array(
      z.string().refine((name) => APPLICATION_SECTORS.includes(name), 'Settore non valido.'),
      {
        error: 'Seleziona almeno un settore di specializzazione.',
      },
    )
    .min(1, 'Seleziona almeno un settore di specializzazione.')
    .max(APPLICATION_SECTORS.length),
  description: z
    .string()
    .trim()
    .max(MAX_TEXT_LENGTH, `La descrizione può contenere al massimo ${MAX_TEXT_LENGTH} caratteri.`)
    .refine((text) => text === '' || text.length >= 10, 'La descrizione deve contenere almeno 10 caratteri.')
    .default(''),
  operativeZones: z
    .string({ error: 'Indica almeno una zona operativa.' })
    .trim()
    .min(3, 'Indica almeno una zona operativa.')
    .max(1000, 'Le zone operative possono contenere al massimo 1000 caratteri.'),
  privacyConsent: z.boolean({ error: 'Il consenso alla privacy è obbligatorio.' }).refine((v) => v, 'Il consenso alla privacy è obbligatorio.'),
  ...captchaFields,
  ...proofOfWorkField,
  ...trackingFields,
})

export type ArtisanApplicationInput = z.input<typeof artisanApplicationSchema>
export type ArtisanApplication = z.output<typeof artisanApplicationSchema>

/** Zones are typed as comma-separated text: split, trimmed, empties dropped. */
/** The fields the craftsman fills: the proof of work is computed, and joins the values when they are sent. */
export const applicationFormSchema = artisanApplicationSchema.omit({ proofOfWork: true })

export function splitZones(text: string): string[] {
  return text
    .split(',')
    .map((zone) => zone.trim())
    .filter(Boolean)
}

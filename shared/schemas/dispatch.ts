import { z } from 'zod'
import { DEFAULT_OFFICE_HOURS, type OfficeHours } from '../office-hours.ts'
import { MAX_ARTISANS_PER_REQUEST } from '../promise.ts'

/**
 * Automatic dispatch (docs/product.md §12): whether the dispatcher offers each new quote by itself, to how many
 * craftsmen at once, in which office hours, and for how many rounds before it flags the lead for the office.
 * One schema for the back office's form and the procedure that stores it.
 */

/** Rounds of offers before a lead is flagged: each round waits LEAD_RESPONSE_HOURS of office time. */
export const MAX_DISPATCH_ROUNDS = 5

export const PER_REQUEST_MESSAGE = `Scegli da 1 a ${MAX_ARTISANS_PER_REQUEST} artigiani per richiesta.`
export const ROUNDS_MESSAGE = `Scegli da 1 a ${MAX_DISPATCH_ROUNDS} giri di offerte.`
export const DAYS_MESSAGE = 'Scegli almeno un giorno in cui le offerte partono.'
export const CLOCK_MESSAGE = "Scrivi l'orario come ore e minuti, ad esempio 09:00."
export const HOURS_ORDER_MESSAGE = "L'orario di fine deve venire dopo quello di inizio, nello stesso giorno."

/** 1 = Monday .. 7 = Sunday, as the office-hours arithmetic counts them. */
export const WEEKDAY_LABELS: Record<number, string> = {
  1: 'Lunedì',
  2: 'Martedì',
  3: 'Mercoledì',
  4: 'Giovedì',
  5: 'Venerdì',
  6: 'Sabato',
  7: 'Domenica',
}

const clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, CLOCK_MESSAGE)

export const officeHoursSchema = z
  .object({
    days: z
      .array(z.number().int().min(1, DAYS_MESSAGE).max(7, DAYS_MESSAGE))
      .min(1, DAYS_MESSAGE)
      .max(7, DAYS_MESSAGE)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    start: clock,
    end: clock,
  })
  .refine((hours) => hours.start < hours.end, { error: HOURS_ORDER_MESSAGE, path: ['end'] })

export const dispatchSettingsSchema = z.object({
  enabled: z.boolean(),
  perRequest: z.number({ error: PER_REQUEST_MESSAGE }).int(PER_REQUEST_MESSAGE).min(1, PER_REQUEST_MESSAGE).max(MAX_ARTISANS_PER_REQUEST, PER_REQUEST_MESSAGE),
  officeHours: officeHoursSchema,
  rounds: z.number({ error: ROUNDS_MESSAGE }).int(ROUNDS_MESSAGE).min(1, ROUNDS_MESSAGE).max(MAX_DISPATCH_ROUNDS, ROUNDS_MESSAGE),
})

export type DispatchSettingsInput = z.input<typeof dispatchSettingsSchema>

export type DispatchSettings = {
  enabled: boolean
  perRequest: 1 | 2 | 3
  officeHours: OfficeHours
  rounds: number
}

/** Until the office turns it on, leads wait for the office as they always did. */
export const DEFAULT_DISPATCH_SETTINGS: DispatchSettings = { enabled: false, perRequest: 3, officeHours: DEFAULT_OFFICE_HOURS, rounds: 2 }

/** Why the dispatcher gave a lead back to the office: "Nessun artigiano disponibile" and the reason. */
export const NO_ARTISAN_REASONS = ['unmatched', 'no_coverage', 'all_paused', 'all_declined'] as const
export type NoArtisanReason = (typeof NO_ARTISAN_REASONS)[number]

export const NO_ARTISAN_TITLE = 'Nessun artigiano disponibile'
export const NO_ARTISAN_REASON_LABELS: Record<NoArtisanReason, string> = {
  unmatched: 'servizio o comune non riconosciuti: scegli tu gli artigiani',
  no_coverage: 'nessun artigiano copre questo servizio in questo comune',
  all_paused: 'gli artigiani che coprono questa zona sono tutti in pausa',
  all_declined: 'tutti gli artigiani proposti hanno rifiutato o non hanno risposto in tempo',
}

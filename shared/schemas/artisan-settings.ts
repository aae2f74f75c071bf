import { z } from 'zod'
import { OFFER_MAIL_MODES } from '../artisan-notifications.ts'
import { ARTISAN_SECTORS, coverageFormSchema } from './artisan.ts'

export const TRADES_UNKNOWN = 'Scegli i mestieri dall’elenco.'
export const TRADES_EMPTY = 'Scegli almeno un mestiere.'
export const OFFER_MAIL_UNKNOWN = 'Scegli come ricevere le nuove offerte: subito, un riepilogo giornaliero o entrambi.'
/** A trade's coverage for a trade the craftsman did not choose above. */
export const tradeNotChosen = (sector: string) => `${sector} non è tra i tuoi mestieri: sceglilo sopra.`

const isTrade = (value: string): boolean => (ARTISAN_SECTORS as readonly string[]).includes(value)

/**
 * The craftsman's own trades (the catalogue's, as the office's list spells them) and, per trade, the same coverage the
 * office edits (coverageFormSchema, docs/product.md §13): saved together, in one transaction.
 */
export const areaCoverageSchema = z
  .object({
    sectors: z
      .array(z.string().max(100, TRADES_UNKNOWN))
      .min(1, TRADES_EMPTY)
      .max(ARTISAN_SECTORS.length, TRADES_UNKNOWN)
      .refine((sectors) => sectors.every(isTrade), TRADES_UNKNOWN)
      .transform((sectors) => [...new Set(sectors)]),
    coverage: coverageFormSchema.shape.coverage,
  })
  .superRefine((value, ctx) => {
    value.coverage.forEach((entry, index) => {
      if (!value.sectors.includes(entry.sector)) ctx.addIssue({ code: 'custom', path: ['coverage', index, 'sector'], message: tradeNotChosen(entry.sector) })
    })
  })
export type AreaCoverageValues = z.input<typeof areaCoverageSchema>

/** "Notifiche": how new offers reach the craftsman, and whether every other mail (the newsletter) does. */
export const notificationsFormSchema = z.object({
  offerMail: z.enum(OFFER_MAIL_MODES, OFFER_MAIL_UNKNOWN),
  otherMail: z.boolean('Indica se vuoi ricevere le altre email.'),
})
export type NotificationsFormValues = z.input<typeof notificationsFormSchema>

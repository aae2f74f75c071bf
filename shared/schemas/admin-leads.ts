import { z } from 'zod'
import { TIMINGS } from '../catalog/timing.ts'
import { LEAD_STATUSES } from '../enums.ts'
import { MAX_ARTISANS_PER_REQUEST } from '../promise.ts'

export const LEADS_PAGE_SIZE = 10

export const LEAD_NOT_FOUND = 'Preventivo non trovato.'
export const INVALID_STATUS = 'Stato non valido.'
export const ARTISAN_NOT_FOUND = 'Artigiano non trovato.'
/** An offer by hand goes only to a craftsman who works with us and is not on a pause (docs/product.md §13). */
export const artisanNotOfferable = (name: string, pausedUntil: string | null) =>
  pausedUntil
    ? `${name} è in pausa fino al ${pausedUntil.split('-').reverse().join('/')}: riprendi la sua disponibilità per proporgli il lavoro.`
    : `${name} non è un artigiano attivo: si propongono lavori solo agli artigiani attivi.`
export const TOO_MANY_ARTISANS = `Puoi assegnare al massimo ${MAX_ARTISANS_PER_REQUEST} artigiani a un preventivo.`
export const NO_NEXT_ARTISAN = 'Nessun altro artigiano adatto a questo preventivo: assegnalo a mano dalla scheda del preventivo.'
/** A request whose retention period ended (server/retention): its contact details are gone, so no craftsman can take it. */
export const LEAD_ANONYMISED = 'Questa richiesta è stata anonimizzata alla fine del periodo di conservazione: non si può più proporre agli artigiani.'
/** What the back office shows in place of an anonymised request's e-mail. */
export const ANONYMISED_CONTACT = 'Dati rimossi (conservazione scaduta)'
export const OFFER_NOT_REVOCABLE = "Questa offerta non si può ritirare: l'artigiano ha già risposto o non l'ha mai ricevuta."

/** Labels of the work states, in the order a lead goes through them. */
export const LEAD_STATUS_LABELS: Record<(typeof LEAD_STATUSES)[number], string> = {
  nuovo: 'Nuovo',
  assegnato: 'Assegnato',
  contattato: 'Contattato',
  'sopralluogo fissato': 'Sopralluogo fissato',
  'preventivo inviato': 'Preventivo inviato',
  acquisito: 'Acquisito',
  perso: 'Perso',
}

export const filterText = z.string().trim().max(100).optional().catch(undefined)
/** A day of a search param (YYYY-MM-DD), else undefined. */
export const filterDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined)

/** Filters of the leads list: the search params of /admin/leads, the input of admin.leads.list and of the CSV export. */
export const leadFiltersSchema = z.object({
  name: filterText,
  email: filterText,
  phone: filterText,
  service: filterText,
  location: filterText,
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  /** "Quando?" of the quote form (leads.timing). */
  timing: z.enum(TIMINGS).optional().catch(undefined),
  /** Days in Italian time, both included. */
  from: filterDay,
  to: filterDay,
})
export type LeadFilters = z.infer<typeof leadFiltersSchema>

export const pageField = z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1)

export const leadListInputSchema = leadFiltersSchema.extend({
  page: pageField,
})

/** The search params of /admin/leads: the list's, and `lead`, the request whose 'Dettagli Preventivo' dialog is open. */
export const leadListSearchSchema = leadListInputSchema.extend({
  lead: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
})

export const leadIdSchema = z.object({
  id: z.number({ error: LEAD_NOT_FOUND }).int().positive(LEAD_NOT_FOUND),
})

/** Working a lead in place: its state and the office's notes. */
export const leadWorkSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: INVALID_STATUS }),
  notes: z.string().trim().max(5000, 'Le note possono contenere al massimo 5000 caratteri.'),
})
export type LeadWork = z.infer<typeof leadWorkSchema>

export const leadUpdateSchema = leadIdSchema.extend({
  status: leadWorkSchema.shape.status.optional(),
  notes: leadWorkSchema.shape.notes.optional(),
})

export const assignArtisansSchema = leadIdSchema.extend({
  artisanIds: z.array(z.number().int().positive(ARTISAN_NOT_FOUND)).min(1, 'Seleziona almeno un artigiano.').max(MAX_ARTISANS_PER_REQUEST, TOO_MANY_ARTISANS),
})

export const revokeOfferSchema = leadIdSchema.extend({
  artisanId: z.number({ error: ARTISAN_NOT_FOUND }).int().positive(ARTISAN_NOT_FOUND),
})

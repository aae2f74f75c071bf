import { z } from 'zod'
import { filterText, pageField } from './admin-leads.ts'

export const REQUESTER_NOT_FOUND = 'Utente non trovato.'

/** Filters of the unique requesters list. */
export const requesterFiltersSchema = z.object({
  name: filterText,
  email: filterText,
  phone: filterText,
  location: filterText,
})
export type RequesterFilters = z.infer<typeof requesterFiltersSchema>
export const requesterListInputSchema = requesterFiltersSchema.extend({
  page: pageField,
})

export const requesterEmailSchema = z.object({
  email: z.string({ error: REQUESTER_NOT_FOUND }).trim().min(1, REQUESTER_NOT_FOUND).max(254, REQUESTER_NOT_FOUND),
})

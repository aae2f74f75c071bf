import { z } from 'zod'
import { filterDay, filterText, pageField } from './admin-leads.ts'

export const MESSAGES_PAGE_SIZE = 10
export const MESSAGE_NOT_FOUND = 'Messaggio non trovato.'

/** Where a message of /contattaci stands for the office: new until opened, then read, then answered. */
export const MESSAGE_STATES = ['nuovo', 'letto', 'risposto'] as const
export type MessageState = (typeof MESSAGE_STATES)[number]
export const MESSAGE_STATE_LABELS: Record<MessageState, string> = { nuovo: 'Da leggere', letto: 'Letto', risposto: 'Risposto' }

/** A message's state from its two moments. */
export const messageState = (message: { read_at: string | null; answered_at: string | null }): MessageState =>
  message.answered_at ? 'risposto' : message.read_at ? 'letto' : 'nuovo'

/** Filters of the Messaggi list, searched by the same rules as the leads' (substrings of name, e-mail, phone, subject). */
export const messageFiltersSchema = z.object({
  name: filterText,
  email: filterText,
  phone: filterText,
  subject: filterText,
  state: z.enum(MESSAGE_STATES).optional().catch(undefined),
  /** Days in Italian time, both included. */
  from: filterDay,
  to: filterDay,
})
export type MessageFilters = z.infer<typeof messageFiltersSchema>

export const messageListInputSchema = messageFiltersSchema.extend({ page: pageField })

/** The search params of /admin/messages: the list's, and `messaggio`, the message whose dialog is open. */
export const messageListSearchSchema = messageListInputSchema.extend({
  messaggio: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
})

export const messageIdSchema = z.object({
  id: z.number({ error: MESSAGE_NOT_FOUND }).int().positive(MESSAGE_NOT_FOUND),
})

/** The office marks a message answered (after replying by e-mail or phone), or takes the mark back. */
export const messageAnsweredSchema = messageIdSchema.extend({ answered: z.boolean() })

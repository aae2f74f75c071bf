import { z } from 'zod'
import { countOf } from '../plural.ts'
import { HIDE_REASON_KEYS, MAX_REPLY_LENGTH, MAX_REPORT_NOTE_LENGTH, REPORT_REASON_KEYS, REPORTS_PER_REPORTER_PER_DAY } from '../reviews.ts'
import { pageField } from './admin-leads.ts'

export const REVIEWS_PAGE_SIZE = 10
export const REVIEW_NOT_FOUND = 'Recensione non trovata.'
export const HIDE_REASON_REQUIRED = 'Scegli il motivo per cui nascondi la recensione.'
export const REPLY_REQUIRED = "Scrivi la risposta dell'artigiano."
export const REPLY_TOO_LONG = `La risposta può contenere al massimo ${MAX_REPLY_LENGTH} caratteri.`
export const REPLY_EXISTS = "Questa recensione ha già la risposta dell'artigiano: se ne pubblica una sola."
export const TEXT_ALREADY_REMOVED = 'Questa recensione non ha testo da rimuovere.'
export const NO_OPEN_REPORTS = 'Questa recensione non ha segnalazioni aperte.'

/** The public form's messages ("Segnala", /recensioni/<id>/segnala). */
export const REPORT_REASON_REQUIRED = 'Scegli il motivo della segnalazione.'
export const REPORT_NOTE_TOO_LONG = `La nota può contenere al massimo ${MAX_REPORT_NOTE_LENGTH} caratteri.`
export const REPORT_ALREADY_SENT = 'Hai già segnalato questa recensione: la stiamo esaminando. Non serve segnalarla di nuovo.'
export const REPORTS_TOO_MANY = `Hai inviato ${countOf(REPORTS_PER_REPORTER_PER_DAY, 'segnalazione', 'segnalazioni')} nelle ultime 24 ore, il massimo: riprova domani o scrivici dalla pagina Contattaci.`

export const REVIEW_STATUS_LABELS = { pending: 'Da moderare', published: 'Pubblicata', hidden: 'Nascosta' } as const
export const REVIEW_STATUSES = Object.keys(REVIEW_STATUS_LABELS) as (keyof typeof REVIEW_STATUS_LABELS)[]

/** Text the office types: line ends as one, spaces around trimmed. */
const typedText = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, required).max(max, tooLong))

export const reviewIdSchema = z.object({ id: z.number({ error: REVIEW_NOT_FOUND }).int().positive(REVIEW_NOT_FOUND).max(Number.MAX_SAFE_INTEGER) })

/** Pubblica, or Nascondi with one of the policy's reasons (never without one). */
export const moderateReviewSchema = z.discriminatedUnion('action', [
  reviewIdSchema.extend({ action: z.literal('publish') }),
  reviewIdSchema.extend({ action: z.literal('hide'), reason: z.enum(HIDE_REASON_KEYS, { error: HIDE_REASON_REQUIRED }) }),
])
export type ModerateReview = z.infer<typeof moderateReviewSchema>

/** The craftsman's reply, as the office received it. */
export const reviewReplySchema = reviewIdSchema.extend({ reply: typedText(MAX_REPLY_LENGTH, REPLY_REQUIRED, REPLY_TOO_LONG) })

/** Filters of the list of all reviews (search params of /admin/reviews). */
export const reviewFiltersSchema = z.object({
  status: z.enum(REVIEW_STATUSES).optional().catch(undefined),
  artisanId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
})
export type ReviewFilters = z.infer<typeof reviewFiltersSchema>
export const reviewListInputSchema = reviewFiltersSchema.extend({ page: pageField })

/** The public report: a reason of the policy (or 'altro') and an optional note. */
export const reviewReportSchema = z.object({
  motivo: z.enum(REPORT_REASON_KEYS, { error: REPORT_REASON_REQUIRED }),
  nota: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(MAX_REPORT_NOTE_LENGTH, REPORT_NOTE_TOO_LONG))
    .optional(),
})

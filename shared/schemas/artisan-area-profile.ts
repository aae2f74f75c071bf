import { z } from 'zod'
import { MAX_PUBLIC_DESCRIPTION_LENGTH, MAX_REPLY_LENGTH, MAX_REPORT_NOTE_LENGTH, REPORT_REASON_KEYS } from '../reviews.ts'
import { DESCRIPTION_TOO_LONG } from './artisan-profile.ts'
import { REPLY_TOO_LONG, REPORT_NOTE_TOO_LONG, REPORT_REASON_REQUIRED, REVIEW_NOT_FOUND } from './reviews.ts'

/**
 * What a craftsman proposes from their area (/artigiano/profilo, /artigiano/recensioni) and the office decides
 * (docs/product.md §11): the messages and the inputs, checked by the forms and the procedures.
 */

export const MAX_REFUSAL_REASON_LENGTH = 500

export const AREA_DESCRIPTION_REQUIRED = 'Scrivi la descrizione del tuo lavoro.'
export const AREA_REPLY_REQUIRED = 'Scrivi la tua risposta.'
export const REPLY_ALREADY_SENT = 'Hai già risposto a questa recensione: si può rispondere una sola volta.'
export const REPLY_ONLY_PUBLISHED = 'Puoi rispondere solo a una recensione pubblicata.'
export const REPORT_ONLY_PUBLISHED = 'Puoi segnalare solo una recensione pubblicata.'
export const CHANGE_NOT_FOUND = 'Modifica non trovata.'
export const CHANGE_DECIDED = 'Questa modifica è già stata decisa: aggiorna la pagina.'
export const REFUSAL_REASON_REQUIRED = "Scrivi il motivo del rifiuto: l'artigiano lo leggerà."
export const REFUSAL_REASON_TOO_LONG = `Il motivo può contenere al massimo ${MAX_REFUSAL_REASON_LENGTH} caratteri.`

/** What the office's queue and the craftsman's pages call each kind of change. */
export const PROFILE_CHANGE_KINDS = {
  description: 'Nuova descrizione',
  photo: 'Nuova foto',
  reply: 'Risposta a una recensione',
} as const

/** Text as typed: line ends as one, spaces around trimmed, within its limit. */
const typed = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, required).max(max, tooLong))

const id = (message: string) => z.number({ error: message }).int().positive(message).max(Number.MAX_SAFE_INTEGER)

export const proposeDescriptionInput = z.object({
  description: typed(MAX_PUBLIC_DESCRIPTION_LENGTH, AREA_DESCRIPTION_REQUIRED, DESCRIPTION_TOO_LONG),
})

export const areaPhotoInput = z.object({ photoId: id('Foto non trovata.') })
export const areaPhotoMoveInput = areaPhotoInput.extend({ direction: z.enum(['up', 'down']) })
export const changeIdInput = z.object({ changeId: id(CHANGE_NOT_FOUND) })

export const areaReplyInput = z.object({ reviewId: id(REVIEW_NOT_FOUND), reply: typed(MAX_REPLY_LENGTH, AREA_REPLY_REQUIRED, REPLY_TOO_LONG) })

/** "Segnala": a reason of the public policy (or 'altro') and an optional note, as the public form asks. */
export const areaReportInput = z.object({
  reviewId: id(REVIEW_NOT_FOUND),
  reason: z.enum(REPORT_REASON_KEYS, { error: REPORT_REASON_REQUIRED }),
  note: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(MAX_REPORT_NOTE_LENGTH, REPORT_NOTE_TOO_LONG))
    .optional(),
})

/** The office's Rifiuta: the reason is required, and the craftsman reads it. */
export const refuseChangeInput = changeIdInput.extend({
  reason: typed(MAX_REFUSAL_REASON_LENGTH, REFUSAL_REASON_REQUIRED, REFUSAL_REASON_TOO_LONG),
})

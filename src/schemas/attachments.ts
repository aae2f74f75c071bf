import { z } from 'zod'

export const MAX_ATTACHMENTS = 3
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024
/** What the file picker offers: images, PDF, .doc, .docx, .txt (SPEC 5). */
export const ATTACHMENT_ACCEPT = 'image/*,.pdf,.doc,.docx,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain'

export const TOO_MANY_FILES_TITLE = 'Troppi file selezionati'
export const TOO_MANY_FILES = 'Puoi caricare un massimo di 3 file.'
export const FILE_TOO_BIG_TITLE = 'File troppo grande'
export const fileTooBig = (file: string) => `Il file "${file}" supera la dimensione massima di 5MB.`
export const fileNotReadable = (file: string) => `Il file "${file}" non è leggibile: selezionalo di nuovo.`
export const fileTypeNotAllowed = (file: string) =>
  `Il file "${file}" non è di un tipo consentito: puoi allegare immagini, PDF, .doc, .docx e .txt.`

const DATA_URL = /^data:[\w.+-]*\/?[\w.+-]*(;[\w-]+=[\w.+-]+)*;base64,[A-Za-z0-9+/]*={0,2}$/

/** Bytes a base64 payload decodes to, without decoding it. */
export function base64Size(dataUrl: string): number {
  const payload = dataUrl.slice(dataUrl.indexOf(',') + 1)
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0
  return Math.floor((payload.length * 3) / 4) - padding
}

export const attachmentSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Il nome del file è obbligatorio.')
      .max(200, 'Il nome del file può contenere al massimo 200 caratteri.')
      .regex(/^[^\r\n\u0000/\\]+$/, 'Il nome del file contiene caratteri non validi.'),
    dataUrl: z.string(),
  })
  .superRefine((file, ctx) => {
    // Length first: a 7 MB string is never run through the pattern.
    if (file.dataUrl.length > Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 200 || base64Size(file.dataUrl) > MAX_ATTACHMENT_BYTES) {
      ctx.addIssue({ code: 'custom', path: ['dataUrl'], message: fileTooBig(file.name) })
    } else if (!DATA_URL.test(file.dataUrl) || file.dataUrl.length % 4 !== (file.dataUrl.indexOf(',') + 1) % 4) {
      ctx.addIssue({ code: 'custom', path: ['dataUrl'], message: fileNotReadable(file.name) })
    }
  })

export const attachmentsField = z.array(attachmentSchema).max(MAX_ATTACHMENTS, TOO_MANY_FILES).default([])

export type AttachmentInput = z.input<typeof attachmentSchema>

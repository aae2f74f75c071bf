import { z } from 'zod'
import { MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES, TOO_MANY_FILES, base64Size, fileNotReadable, fileTooBig, isBase64DataUrl } from '../attachments.ts'

// The rules' constants and messages live in shared/attachments.ts; importers of this module find them here too.
export * from '../attachments.ts'

export const attachmentSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Il nome del file è obbligatorio.')
      .max(200, 'Il nome del file può contenere al massimo 200 caratteri.')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a file name with NUL or a line break is refused
      .regex(/^[^\r\n\u0000/\\]+$/, 'Il nome del file contiene caratteri non validi.'),
    dataUrl: z.string(),
  })
  .superRefine((file, ctx) => {
    // Length first: a 7 MB string is never parsed.
    if (file.dataUrl.length > Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 200 || base64Size(file.dataUrl) > MAX_ATTACHMENT_BYTES) {
      ctx.addIssue({ code: 'custom', path: ['dataUrl'], message: fileTooBig(file.name) })
    } else if (!isBase64DataUrl(file.dataUrl)) {
      ctx.addIssue({ code: 'custom', path: ['dataUrl'], message: fileNotReadable(file.name) })
    }
  })

export const attachmentsField = z.array(attachmentSchema).max(MAX_ATTACHMENTS, TOO_MANY_FILES).default([])

export type AttachmentInput = z.input<typeof attachmentSchema>

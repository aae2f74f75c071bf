import { z } from 'zod'
import { singleLine } from './common.ts'

export const TARGET_GROUP_REQUIRED = 'Devi selezionare un gruppo target.'
export const SUBJECT_REQUIRED = "L'oggetto è obbligatorio."
export const BODY_REQUIRED = 'Il codice HTML del corpo è obbligatorio.'
export const MAX_BODY_BYTES = 1024 * 1024
export const BODY_TOO_LARGE = 'Il codice HTML del corpo non può superare 1 MB.'
export const MAX_SUBJECT_LENGTH = 200

const utf8 = new TextEncoder()

export const targetGroupField = z.enum(['users', 'artisans'], { error: TARGET_GROUP_REQUIRED })

/** The campaign's content, as the form and the procedures see it; the body is kept exactly as written. */
export const newsletterContentSchema = z.object({
  subject: singleLine(SUBJECT_REQUIRED, "L'oggetto", MAX_SUBJECT_LENGTH),
  bodyHtml: z
    .string({ error: BODY_REQUIRED })
    .refine((value) => value.trim().length > 0, BODY_REQUIRED)
    // Checked on the UTF-8 size: SES caps a message at 10 MB and a body this large is a mistake.
    .refine((value) => value.length <= MAX_BODY_BYTES && utf8.encode(value).length <= MAX_BODY_BYTES, BODY_TOO_LARGE),
})

/** 'Crea Nuova Campagna Newsletter': the key is minted by the form so a double submit creates one campaign. */
export const newsletterCampaignSchema = newsletterContentSchema.extend({
  targetGroup: targetGroupField,
  idempotencyKey: z.uuid(),
})

export type NewsletterContent = z.infer<typeof newsletterContentSchema>
export type NewsletterCampaignInput = z.infer<typeof newsletterCampaignSchema>

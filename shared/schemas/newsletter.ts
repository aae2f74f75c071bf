import { z } from 'zod'
import { singleLine } from './common.ts'
import { ARTISAN_STATUSES } from '../enums.ts'
import { categories, comuni, findService } from '../catalog/index.ts'
import { ARTISAN_SECTORS } from './artisan.ts'
import { PERIOD_INVALID, periodDay } from './statistics.ts'

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

export const SEGMENT_INVALID = 'Filtro del segmento non valido.'
export const SEGMENT_EMPTY = 'Il segmento scelto non ha destinatari: cambia i filtri.'
export const SCHEDULE_IN_PAST = "Scegli una data e un'ora future per l'invio programmato."
export const SCHEDULE_INVALID = "Indica data e ora dell'invio programmato."
export const SCHEDULE_TOO_FAR = "L'invio si può programmare al massimo un anno avanti."

const CATEGORY_SLUGS = categories.map((category) => category.slug) as [string, ...string[]]
const COMUNE_SLUGS = new Set(comuni.map((comune) => comune.slug))
const unique = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .max(max, SEGMENT_INVALID)
    .default([])
    .transform((list) => [...new Set(list)])

/**
 * Who a campaign goes to, within its group. Requesters: by the service of their request (or the services of a
 * category), the town, and the Italian days it arrived on. Craftsmen: by sector, zone and status. Empty means all.
 */
export const segmentSchema = z
  .object({
    services: unique(
      z.string().refine((id) => id === 'altro' || findService(id) !== undefined, SEGMENT_INVALID),
      100,
    ),
    categories: unique(z.enum(CATEGORY_SLUGS, { error: SEGMENT_INVALID }), CATEGORY_SLUGS.length),
    towns: unique(
      z.string().refine((slug) => COMUNE_SLUGS.has(slug), SEGMENT_INVALID),
      COMUNE_SLUGS.size,
    ),
    from: periodDay.optional(),
    to: periodDay.optional(),
    sectors: unique(z.enum(ARTISAN_SECTORS, { error: SEGMENT_INVALID }), ARTISAN_SECTORS.length),
    zones: unique(z.string().trim().min(1, SEGMENT_INVALID).max(100, SEGMENT_INVALID), 50),
    statuses: unique(z.enum(ARTISAN_STATUSES, { error: SEGMENT_INVALID }), ARTISAN_STATUSES.length),
  })
  .refine(({ from, to }) => !from || !to || from <= to, { message: PERIOD_INVALID, path: ['to'] })

export type Segment = z.infer<typeof segmentSchema>
export type SegmentInput = z.input<typeof segmentSchema>

/** The filters of a segment that apply to its group, the rest dropped: what the campaign keeps. */
export function segmentOf(group: 'users' | 'artisans', segment: Segment): Partial<Segment> {
  const pick = <K extends keyof Segment>(keys: K[]) =>
    Object.fromEntries(
      keys
        .filter((key) => segment[key] !== undefined && (!Array.isArray(segment[key]) || (segment[key] as unknown[]).length))
        .map((key) => [key, segment[key]]),
    )
  return group === 'users' ? pick(['services', 'categories', 'towns', 'from', 'to']) : pick(['sectors', 'zones', 'statuses'])
}

/** A date and time on the Italian clock, as the form's datetime-local field gives it: 2026-12-01T09:30. */
export const scheduleField = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, SCHEDULE_INVALID)

export const editorField = z.enum(['visual', 'html']).default('html')

/** 'Crea Nuova Campagna Newsletter': the key is minted by the form so a double submit creates one campaign. */
export const newsletterCampaignSchema = newsletterContentSchema.extend({
  targetGroup: targetGroupField,
  idempotencyKey: z.uuid(),
  segment: segmentSchema.default({ services: [], categories: [], towns: [], sectors: [], zones: [], statuses: [] }),
  editor: editorField,
  /** 'send' at once, 'schedule' at scheduledAt (Europe/Rome), or keep as a 'draft'. */
  action: z.enum(['send', 'schedule', 'draft']).default('send'),
  scheduledAt: scheduleField.optional(),
})

export type NewsletterContent = z.infer<typeof newsletterContentSchema>
export type NewsletterCampaignInput = z.infer<typeof newsletterCampaignSchema>

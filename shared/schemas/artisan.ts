import { z } from 'zod'
import { ARTISAN_STATUSES, type ArtisanStatus } from '../enums.ts'

/** The sector list offered in the back office (docs/product.md §3), spelled as the spec spells it. */
export const ARTISAN_SECTORS = [
  'Antennista',
  'Cartongessista',
  'Derattizzazione',
  'Disinfestazioni',
  'Domotica',
  'Elettricista',
  'Fabbro',
  'Falegname',
  'Idraulico',
  'Imbianchino',
  'Impianti Fotovoltaici',
  'Lattoniere',
  'Muratore',
  'Parquettista',
  'Piastrellista',
  'Porte Blindate',
  'Pulizie Condomini',
  'Restauratore',
  'Rimozione Muffa',
  'Serramentista',
  'Spazzacamino',
  'Spurghi',
  'Tapparellista',
  'Tapezziere',
  'Tecnico Caldaie',
  'Tecnico Climatizzatori',
  'Vetraio',
  'Videosorveglianza',
  'Zanzariere',
] as const

export const ARTISAN_STATUS_LABELS: Record<ArtisanStatus, string> = {
  active: 'Attivo',
  inactive: 'Inattivo',
  pending_review: 'In Revisione',
  rejected: 'Rifiutato',
}

/** Any other value is shown as it is (docs/product.md §4). */
export const artisanStatusLabel = (status: string) => ARTISAN_STATUS_LABELS[status as ArtisanStatus] ?? status

export const NOTES_MAX_LENGTH = 5000

const emptyToNull = (value: string) => (value === '' ? null : value)
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).transform(emptyToNull)

/** Zones are typed comma-separated: split, trimmed, empties dropped (docs/product.md §5). */
export const splitZones = (value: string) =>
  value
    .split(',')
    .map((zone) => zone.trim())
    .filter(Boolean)

const isWebUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * The artisan form (docs/product.md §2.4, 5), used by the form's resolver and by admin.artisans.create/update;
 * the form sends its raw values and the server applies the same transforms.
 */
export const artisanFormSchema = z.object({
  contact_name: z.string().trim().min(1, 'Il nome del referente è obbligatorio.').max(200, 'Il nome del referente può contenere al massimo 200 caratteri.'),
  company_name: optionalText(200, "Il nome dell'azienda può contenere al massimo 200 caratteri."),
  vat_number: optionalText(32, 'La partita IVA può contenere al massimo 32 caratteri.'),
  email: z.string().trim().max(254, 'Formato email non valido.').pipe(z.email('Formato email non valido.')),
  phone: z.string().trim().min(1, 'Il numero di telefono è obbligatorio.').max(40, 'Il numero di telefono può contenere al massimo 40 caratteri.'),
  specialization_sectors: z.array(z.string().trim().min(1).max(100)).max(60, 'Troppi settori selezionati.').default([]),
  operative_zones: z.string().max(2000, 'Le zone operative possono contenere al massimo 2000 caratteri.').default('').transform(splitZones),
  status: z.enum(ARTISAN_STATUSES, 'Stato non valido: scegli Attivo, Inattivo, In Revisione o Rifiutato.'),
  is_verified: z.boolean().default(false),
  profile_image_url: z
    .string()
    .trim()
    .max(2000, 'URL immagine profilo non valido')
    .refine((value) => value === '' || isWebUrl(value), 'URL immagine profilo non valido')
    .transform(emptyToNull),
  notes: optionalText(NOTES_MAX_LENGTH, `Le note interne possono contenere al massimo ${NOTES_MAX_LENGTH} caratteri.`),
})

export type ArtisanFormValues = z.input<typeof artisanFormSchema>
export type ArtisanFormOutput = z.output<typeof artisanFormSchema>

export const ARTISAN_PAGE_SIZE = 10

const filterText = z.string().trim().max(200).optional().catch(undefined)

/** The list's search parameters: the page and the filters, kept in the URL. */
export const artisanListSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  company: filterText,
  contact: filterText,
  email: filterText,
  phone: filterText,
  status: z.enum(ARTISAN_STATUSES).optional().catch(undefined),
  sector: filterText,
  zone: filterText,
})
export type ArtisanListSearch = z.infer<typeof artisanListSchema>

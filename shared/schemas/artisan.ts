import { z } from 'zod'
import { comuni, findComune } from '../catalog/index.ts'
import { MAX_PAUSE_DAYS, MAX_RADIUS_KM, MIN_RADIUS_KM, type SectorCoverage } from '../coverage.ts'
import { ARTISAN_STATUSES, type ArtisanStatus } from '../enums.ts'
import { addDays, isCalendarDay, romeDay } from '../italian-time.ts'

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

/** The modes of a sector's coverage: around a base comune within a radius, or a list of comuni. */
export const COVERAGE_MODES = ['radius', 'list'] as const

/**
 * One sector's coverage as the office edits it on the craftsman's page (docs/product.md §13): the base comune always
 * (distances are measured from it), then a radius in whole km or a list of comuni. The form's values; `toSectorCoverage`
 * gives the repository's shape.
 */
export const sectorCoverageSchema = z
  .object({
    sector: z.string().trim().min(1, 'Settore mancante.').max(100, 'Settore non valido.'),
    base: z
      .string()
      .max(100)
      .refine((slug) => findComune(slug) !== undefined, 'Scegli il comune di partenza dall’elenco dei comuni.'),
    mode: z.enum(COVERAGE_MODES, 'Scegli se indicare un raggio o un elenco di comuni.'),
    radius_km: z.number('Il raggio deve essere un numero di km.').nullable(),
    comuni: z.array(z.string().max(100)).max(comuni.length, 'Troppi comuni.'),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'radius') {
      const radius = value.radius_km
      if (radius === null || !Number.isFinite(radius)) ctx.addIssue({ code: 'custom', path: ['radius_km'], message: 'Indica il raggio in km.' })
      else if (!Number.isInteger(radius)) ctx.addIssue({ code: 'custom', path: ['radius_km'], message: 'Il raggio deve essere un numero intero di km.' })
      else if (radius < MIN_RADIUS_KM || radius > MAX_RADIUS_KM)
        ctx.addIssue({ code: 'custom', path: ['radius_km'], message: `Il raggio deve essere tra ${MIN_RADIUS_KM} e ${MAX_RADIUS_KM} km.` })
    } else if (value.comuni.length === 0) ctx.addIssue({ code: 'custom', path: ['comuni'], message: 'Scegli almeno un comune.' })
    else if (value.comuni.some((slug) => !findComune(slug))) ctx.addIssue({ code: 'custom', path: ['comuni'], message: 'Scegli i comuni dall’elenco.' })
  })
export type SectorCoverageValues = z.input<typeof sectorCoverageSchema>

/** The whole coverage of a craftsman: one entry per sector, each sector once. */
export const coverageFormSchema = z.object({
  coverage: z
    .array(sectorCoverageSchema)
    .max(60, 'Troppi settori.')
    .refine((entries) => new Set(entries.map((entry) => entry.sector)).size === entries.length, 'Ogni settore può comparire una sola volta.'),
})
export type CoverageFormValues = z.input<typeof coverageFormSchema>

/** The repository's shape of a sector's coverage: the list only in list mode, the radius only in radius mode. */
export const toSectorCoverage = (value: z.output<typeof sectorCoverageSchema>): SectorCoverage => ({
  sector: value.sector,
  base: value.base,
  radiusKm: value.mode === 'radius' ? value.radius_km : null,
  comuni: value.mode === 'list' ? [...new Set(value.comuni)] : [],
})

/**
 * A pause until an Italian calendar day (inclusive) with its reason: the day is today at the earliest and a year from
 * today at the latest. `today` reads the Italian day when a value is checked (romeDay), so the form and the server
 * agree and one schema serves every day.
 */
export const pauseFormSchema = (today: () => string = () => romeDay(Date.now())) =>
  z.object({
    until: z.string().superRefine((day, ctx) => {
      const message = !isCalendarDay(day)
        ? 'Indica la data di fine pausa.'
        : day < today()
          ? 'La data di fine pausa non può essere nel passato.'
          : day > addDays(today(), MAX_PAUSE_DAYS)
            ? 'La pausa può durare al massimo un anno.'
            : null
      if (message) ctx.addIssue({ code: 'custom', message })
    }),
    reason: z
      .string()
      .trim()
      .min(1, 'Indica il motivo della pausa.')
      .max(200, 'Il motivo può contenere al massimo 200 caratteri.')
      .refine((reason) => !/[\r\n]/.test(reason), 'Il motivo deve stare su una riga.'),
  })
export type PauseFormValues = z.input<ReturnType<typeof pauseFormSchema>>

import { findCategory, findComune, findService } from '#shared/catalog/index.ts'
import type { ArtisanStatus, NewsletterTargetGroup } from '#shared/enums.ts'
import { countOf, italianNumber, pluralOf } from '#shared/plural.ts'
import type { Segment } from '#shared/schemas/newsletter.ts'

export const ARTISAN_STATUS_LABELS: Record<ArtisanStatus, string> = {
  active: 'Attivo',
  inactive: 'Non attivo',
  pending_review: 'In revisione',
  rejected: 'Rifiutato',
}

const day = (iso: string) => iso.split('-').reverse().join('/')
const named = (values: string[] | undefined, one: string, other: string, name: (value: string) => string | undefined) =>
  values?.length ? `${pluralOf(values.length, one, other)} ${values.map((value) => name(value) ?? value).join(', ')}` : null

/**
 * A campaign's audience in words, as the administrator chose it: 'Tutti gli artigiani', or
 * 'Artigiani · settore Elettricista · stato Attivo', 'Utenti · servizi Imbianchino, Elettricista · comune Rho · richieste dal 01/11/2026'.
 */
export function segmentInWords(group: NewsletterTargetGroup, segment: Partial<Segment>): string {
  const filters =
    group === 'artisans'
      ? [
          named(segment.sectors, 'settore', 'settori', (sector) => sector),
          named(segment.zones, 'zona', 'zone', (zone) => zone),
          named(segment.statuses, 'stato', 'stati', (status) => ARTISAN_STATUS_LABELS[status as ArtisanStatus]),
        ]
      : [
          named(segment.categories, 'categoria', 'categorie', (slug) => findCategory(slug)?.name),
          named(segment.services, 'servizio', 'servizi', (id) => (id === 'altro' ? 'Altro' : findService(id)?.name)),
          named(segment.towns, 'comune', 'comuni', (slug) => findComune(slug)?.name),
          segment.from || segment.to
            ? ['richieste', segment.from ? `dal ${day(segment.from)}` : null, segment.to ? `al ${day(segment.to)}` : null].filter(Boolean).join(' ')
            : null,
        ]
  const chosen = filters.filter((filter) => filter !== null)
  if (chosen.length === 0) return group === 'artisans' ? 'Tutti gli artigiani' : 'Tutti gli utenti'
  return [group === 'artisans' ? 'Artigiani' : 'Utenti', ...chosen].join(' · ')
}

/** The segment a campaign kept (its `filters` column), in words; a column that cannot be read shows the whole group. */
export function storedSegmentInWords(group: NewsletterTargetGroup, filters: string): string {
  try {
    return segmentInWords(group, JSON.parse(filters) as Partial<Segment>)
  } catch {
    return segmentInWords(group, {})
  }
}

/** The confirmation's question: 'Inviare a 6.002 destinatari?'. */
export function sendQuestion(recipients: number): string {
  return `Inviare a ${italianNumber.format(recipients)} ${pluralOf(recipients, 'destinatario', 'destinatari')}?`
}

/**
 * How long a campaign of `recipients` takes at `ratePerSecond`, in words, at best: the outbox's mails go first
 * (decision 045), so a busy hour of requests makes it longer.
 */
export function sendingTime(recipients: number, ratePerSecond: number): string {
  const seconds = Math.ceil(recipients / ratePerSecond)
  if (seconds < 60) return 'meno di un minuto'
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 60) return `circa ${countOf(minutes, 'minuto', 'minuti')}`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return `circa ${countOf(hours, 'ora', 'ore')}${rest ? ` e ${countOf(rest, 'minuto', 'minuti')}` : ''}`
}

/** The configured rate in words: '1 email al secondo', '14 email al secondo', '0,5 email al secondo'. */
export function rateInWords(ratePerSecond: number): string {
  return `${ratePerSecond.toLocaleString('it-IT', { maximumFractionDigits: 2 })} email al secondo`
}

import { type Comune, comuni, findComune } from './catalog/comuni.ts'
import { stripAccents } from './text.ts'

// A quote's address is two things kept apart (docs/product.md §3): the street and number the requester types, which
// only the craftsman who accepts the job sees, and the comune of the province, which every craftsman offered the job
// sees and matching reads.

export const MAX_STREET_LENGTH = 120
export const STREET_REQUIRED = 'Inserisci via e numero civico.'
export const COMUNE_REQUIRED = "Scegli il comune dell'intervento."
export const COMUNE_OUTSIDE = 'Scegli uno dei comuni della Città metropolitana di Milano: i nostri artigiani lavorano solo lì.'

// The street's and the comune's rules are in shared/schemas/quote-request.ts: this module is read by the quote form as
// it hydrates, and holds no zod (which loads with the form's first validation, src/components/forms/lazy-resolver.ts).

const comparable = (text: string) => stripAccents(text).replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase()
const comuniByName = new Map(comuni.map((comune) => [comparable(comune.name), comune]))
// Google writes an Italian address as 'Via Roma, 1, 20099 Sesto San Giovanni MI, Italia': a postcode before the
// comune, the province's code after it or on its own.
const POSTCODE = /^\d{5}\s+/
const PROVINCE = /(?:^|\s)([A-Z]{2})$/

/**
 * The comune and the street of a place chosen in the address field: a catalogue place ('comune-{slug}') is its comune
 * and no street; an address from Google is read from the end, the part that is a comune's name being the comune and
 * what comes before it the street. No comune when the address names none, or names a province other than Milan's.
 */
export function placeAddress(place: { label: string; placeId: string }): { comune: Comune | undefined; street: string } {
  if (place.placeId.startsWith('comune-')) return { comune: findComune(place.placeId.slice('comune-'.length)), street: '' }
  const parts = place.label
    .slice(0, 500)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (parts.length && comparable(parts.at(-1)!) === 'italia') parts.pop()
  const provinces = parts.flatMap((part) => PROVINCE.exec(part)?.[1] ?? [])
  if (provinces.some((province) => province !== 'MI')) return { comune: undefined, street: '' }
  for (let index = parts.length - 1; index >= 0; index--) {
    const name = parts[index]!.replace(POSTCODE, '').replace(PROVINCE, '')
    const comune = comuniByName.get(comparable(name))
    if (comune) return { comune, street: parts.slice(0, index).join(', ').slice(0, MAX_STREET_LENGTH) }
  }
  return { comune: undefined, street: '' }
}

/**
 * The whole address of a lead, for the craftsman who accepted it and the requester's own mail: 'Via Roma 10, Sesto
 * San Giovanni'; a lead sent before the street was asked keeps the label of its place.
 */
export function leadAddress(lead: { street: string | null; comune_slug: string | null; location_label: string | null }): string | null {
  if (!lead.street) return lead.location_label
  const comune = lead.comune_slug ? findComune(lead.comune_slug) : undefined
  return comune ? `${lead.street}, ${comune.name}` : lead.street
}

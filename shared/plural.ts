const italianPlural = new Intl.PluralRules('it')

/** A whole count as the office reads it, grouped from four digits on ("6.002", not CLDR's "6002"). */
export const italianNumber = new Intl.NumberFormat('it-IT', { useGrouping: 'always' })

/**
 * A count with its noun in the right number, as Italian reads it: `countOf(1, 'richiesta', 'richieste')` ->
 * "1 richiesta", `countOf(6002, …)` -> "6.002 richieste". Every count a screen or a mail shows goes through here.
 */
export function countOf(count: number, one: string, other: string): string {
  return `${italianNumber.format(count)} ${pluralOf(count, one, other)}`
}

/** The noun alone, for a count written elsewhere in the sentence ("Inviare a 6.002 destinatari?"). */
export function pluralOf(count: number, one: string, other: string): string {
  return italianPlural.select(count) === 'one' ? one : other
}

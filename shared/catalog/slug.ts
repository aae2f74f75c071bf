/**
 * Turns a display name into a URL slug: lower case, accents removed
 * (NFD + strip combining marks), every run of non-alphanumeric characters
 * (spaces, apostrophes, punctuation) collapsed into one hyphen, and no
 * leading or trailing hyphen.
 *
 *   slugify("Cassina de' Pecchi")     === 'cassina-de-pecchi'
 *   slugify('Cernusco sul Naviglio')  === 'cernusco-sul-naviglio'
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

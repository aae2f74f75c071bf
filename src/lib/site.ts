export const SITE_NAME = 'Artigiani Milano'
export const DEFAULT_TITLE = `${SITE_NAME} - I Migliori Artigiani a Milano e Provincia`
export const DEFAULT_DESCRIPTION =
  'Richiedi un preventivo gratuito e senza impegno ad artigiani selezionati e verificati a Milano e provincia: elettricisti, idraulici, imbianchini e molti altri.'
export const DEFAULT_KEYWORDS = 'artigiani Milano, preventivo gratuito, elettricista, idraulico, imbianchino, Milano e provincia'

type PageHead = { title?: string | null; description?: string | null; keywords?: string | null; path: string; publicUrl: string }

const isPlaceholder = (value: string | null | undefined): value is null | undefined =>
  !value || !value.trim() || /^caricamento/i.test(value.trim())

/** The head tags of a page (SPEC 2.1): empty or loading values fall back to the defaults. */
export function pageHead({ title, description, keywords, path, publicUrl }: PageHead) {
  const finalTitle = isPlaceholder(title) ? DEFAULT_TITLE : title
  const finalDescription = isPlaceholder(description) ? DEFAULT_DESCRIPTION : description
  const finalKeywords = isPlaceholder(keywords) ? DEFAULT_KEYWORDS : keywords
  const canonical = publicUrl + (path === '/' ? '/' : path.replace(/\/+$/, ''))
  return {
    meta: [
      { title: finalTitle },
      { name: 'description', content: finalDescription },
      { name: 'keywords', content: finalKeywords },
      { property: 'og:title', content: finalTitle },
      { property: 'og:description', content: finalDescription },
      { property: 'og:type', content: 'website' },
      { property: 'og:url', content: canonical },
      { property: 'og:locale', content: 'it_IT' },
      { property: 'og:site_name', content: SITE_NAME },
    ],
    links: [{ rel: 'canonical', href: canonical }],
  }
}

/** The text of an HTML fragment as a reader sees it: tags dropped, the entities React writes decoded, spacing kept. */
export const htmlText = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

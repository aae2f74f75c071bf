// Visitors' text in our mails is "defanged" the way security reports quote hostile links (hxxps[:]//, [.]): no mail
// client turns it into a link, and a reader still sees what was typed (docs/decisions/031-forms-proof-of-work-and-defanged-mail.md).

// Invisible format characters (zero-width spaces and joiners, soft hyphen, direction overrides) can hide a link's
// shape from this check while a client ignores them; the text reads the same without them.
const FORMAT_CHARACTERS = /\p{Cf}/gu
// Characters that browsers read as the dot between two labels of a host name.
const DOTS = new Set(['.', '\u2024', '\uFE52', '\uFF0E', '\u3002', '\uFF61'])
const DOT = `[${[...DOTS].join('')}]`
const DOTTED_QUAD = new RegExp(`(?<![\\p{N}.])\\d{1,3}(?:${DOT}\\d{1,3}){3}(?![\\p{N}])`, 'gu')
const LABEL_CHARACTER = /^[\p{L}\p{M}\p{N}_-]$/u
const DIGIT = /^\p{N}$/u
const URL_SCHEME = /\b(h)(?:tt|xx)(ps?):(?=\/|\\)/gi
const ANY_SCHEME = /:(?=\/\/|\\\\)/g
// Schemes a client links without `//`; only when the address follows at once, so 'Tel: 02...' stays as written.
const LINK_SCHEMES = /\b(mailto|tel|sms|callto|sip|sips|javascript|vbscript|file|ftp|news|nntp|irc|skype|whatsapp|tg|facetime|webcal|intent):(?=\S)/gi

/** `https://evil.example/x` becomes `hxxps[:]//evil[.]example/x`, `mailto:a@b.it` becomes `mailto[:]a@b[.]it`; the rest stays. */
export function defang(text: string): string {
  return defangHosts(
    text
      .replace(FORMAT_CHARACTERS, '')
      .replace(URL_SCHEME, (_, h: string, ps: string) => `${h}xx${ps}:`)
      .replace(ANY_SCHEME, '[:]')
      .replace(LINK_SCHEMES, '$1[:]')
      .replace(DOTTED_QUAD, (quad) => quad.replace(new RegExp(DOT, 'gu'), '[.]')),
  )
}

/** Breaks the dots of every run of labels that could hold a host name; one pass over the text, no backtracking. */
function defangHosts(text: string): string {
  const characters = Array.from(text)
  let out = ''
  for (let start = 0; start < characters.length; ) {
    let end = start
    while (end < characters.length && (LABEL_CHARACTER.test(characters[end]!) || DOTS.has(characters[end]!))) end++
    if (end === start) {
      out += characters[start++]
      continue
    }
    out += defangRun(characters.slice(start, end))
    start = end
  }
  return out
}

function defangRun(run: string[]): string {
  const labels = run.join('').split(new RegExp(DOT, 'u')).filter(Boolean)
  // Initials such as S.r.l. or S.p.A.: no top-level domain has a single character, so no host hides among them.
  if (labels.every((label) => Array.from(label).length === 1)) return run.join('')
  return run
    .map((character, i) => {
      if (!DOTS.has(character)) return character
      const before = run[i - 1]
      const after = run[i + 1]
      if (!before || !after || DOTS.has(before) || DOTS.has(after)) return character
      // 1.5 m or 1.200 euro are numbers; a label with a letter on either side may be a host.
      return DIGIT.test(before) && DIGIT.test(after) ? character : '[.]'
    })
    .join('')
}

// Extensions of the files the forms take (docs/product.md §5) and their usual spellings: none is a top-level domain, so
// `quadro-elettrico.pdf` is no host name to a mail client, unlike `foto.zip` or `video.mov`, which are.
const FILE_EXTENSION = /^(?:pdf|png|jpe?g|gif|webp|avif|bmp|heic|heif|tiff?|docx?|txt)$/i
// A name that ends in `www.` or holds an `@` could still be read as a link or an address with any extension.
const LINK_STEM = /(?:@|(?:^|[^\p{L}\p{N}_-])www$)/iu

/**
 * A file name a visitor gave, readable: `quadro-elettrico.pdf` stays as it is, while the rest of the name is defanged
 * like any other visitor text (`evil.example.pdf` becomes `evil[.]example.pdf`). An extension that is not one of ours
 * keeps its dot defanged too (`foto[.]zip`).
 */
export function defangFileName(name: string): string {
  const dot = name.lastIndexOf('.')
  const stem = name.slice(0, dot)
  const extension = name.slice(dot + 1)
  if (dot < 1 || !FILE_EXTENSION.test(extension) || LINK_STEM.test(stem.replace(FORMAT_CHARACTERS, ''))) return defang(name)
  return `${defang(stem)}.${extension}`
}

/**
 * The page of our own site a form was sent from, as a link to show: the address the browser reported when it is on
 * PUBLIC_URL's origin with a path as the site spells them, without its query; null for anything else, which the mail
 * shows defanged like the rest of what the browser sent.
 */
export function ownPageUrl(address: string | null | undefined, publicUrl: string): string | null {
  if (!address || !URL.canParse(address)) return null
  const url = new URL(address)
  if (url.origin !== new URL(publicUrl).origin || !SITE_PATH.test(url.pathname)) return null
  return `${url.origin}${url.pathname}`
}
const SITE_PATH = /^\/[a-z0-9/-]{0,199}$/

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

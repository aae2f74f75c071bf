import postcss, { type ChildNode, type Container } from 'postcss'

/**
 * CSS of the newsletter's advanced mode without what runs or loads from elsewhere: a declaration goes when it loads a
 * URL that is not https (url(), and the strings of image-set(), image(), src(), cross-fade()), names `behavior` or a
 * `-moz-binding`, holds `expression(` or a javascript:/vbscript: URL; `@import` goes whatever it imports. The checks
 * read the text as a browser does (escapes decoded, comments dropped); what is kept is the author's text.
 */

const FUNCTION_WITH_URL_STRINGS = /(?:image-set|image|src|cross-fade)\s*\(/i
const RUNS = /expression\s*\(|javascript:|vbscript:|livescript:/i
const ESCAPE = /\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|(\r\n|[\n\r\f])|([\s\S]))/g

/** CSS escapes decoded (`\73` is "s", `\:` is ":"), as the CSS Syntax specification reads them. */
function unescapeCss(text: string): string {
  return text.replace(ESCAPE, (_, hex: string | undefined, newline: string | undefined, char: string | undefined) => {
    if (newline) return ''
    if (char !== undefined) return char
    const code = Number.parseInt(hex!, 16)
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(code)
  })
}

/** The readings a browser could make of a piece of CSS: escapes decoded, with and without its comments. */
function readings(text: string): string[] {
  if (!text.includes('\\') && !text.includes('/*')) return [text]
  const decoded = unescapeCss(text)
  return [decoded, decoded.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')]
}

/** Whether every URL this text loads is https: each url(...) and, in the functions that take strings as URLs, each string. */
function loadsOnlyHttps(text: string): boolean {
  const urls = [...text.matchAll(/url\(\s*(["']?)\s*([^"')\s]*)/gi)].map((match) => match[2]!)
  if (FUNCTION_WITH_URL_STRINGS.test(text)) urls.push(...[...text.matchAll(/(["'])\s*([^"']*)/g)].map((match) => match[2]!))
  return urls.every((url) => /^https:\/\//i.test(url))
}

function isSafeText(text: string): boolean {
  return readings(text).every((reading) => !RUNS.test(reading) && loadsOnlyHttps(reading))
}

/** Old Internet Explorer's `behavior` (also prefixed) and Firefox's `-moz-binding` run code; scroll-behavior does not. */
const RUNS_PROPERTY = /^(?:-[a-z]+-)?behaviou?r$|binding/i

const isSafeProperty = (property: string) => readings(property).every((reading) => !RUNS_PROPERTY.test(reading.trim()))

/** Removes, in place, the comments, the declarations and the rules that fail the checks; nested blocks are checked too. */
function clean(container: Container): void {
  container.each((node: ChildNode) => {
    if (node.type === 'comment') node.remove()
    else if (node.type === 'decl') {
      if (!isSafeProperty(node.prop) || !isSafeText(node.toString())) node.remove()
    } else if (node.type === 'atrule') {
      const name = unescapeCss(node.name).toLowerCase()
      if (name === 'import' || !isSafeText(`${node.name} ${node.params}`)) node.remove()
      else clean(node)
    } else if (!isSafeText(node.selector)) node.remove()
    else clean(node)
  })
}

/** A tag's end inside the CSS would end the <style> element or the attribute: nothing with '<' in it is kept. */
const safeOutput = (css: string) => (css.includes('<') ? '' : css)

/** A <style> element's CSS, cleaned; CSS that does not parse is dropped whole. */
export function safeStylesheet(css: string): string {
  try {
    const root = postcss.parse(css)
    clean(root)
    return safeOutput(root.toString())
  } catch {
    return ''
  }
}

/** A style attribute's declarations, cleaned; anything but declarations, or text that does not parse, is dropped whole. */
export function safeStyleAttribute(style: string): string {
  try {
    const root = postcss.parse(style)
    if (root.nodes.some((node) => node.type !== 'decl' && node.type !== 'comment')) return ''
    clean(root)
    return safeOutput(root.nodes.map((node) => node.toString()).join('; '))
  } catch {
    return ''
  }
}

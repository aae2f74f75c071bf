import { describe, expect, it } from 'vitest'
import { messagePage } from './plain-page.tsx'

const HOSTILE = `<script>alert(1)</script><img src=x onerror=alert(2)>"'&`

describe('a plain page', () => {
  it('is a whole document with its own styles and no script', () => {
    const html = messagePage('Link non valido', 'Usa il link della tua email.', '.extra{color:red}')
    expect(html.startsWith('<!doctype html>\n<html lang="it"><head><meta charSet="utf-8"/>')).toBe(true)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toContain('<title>Link non valido - Artigiani Milano</title>')
    expect(html).toContain('<h1>Link non valido</h1><p>Usa il link della tua email.</p><p><a href="/">Torna alla home page</a></p>')
    expect(html).toMatch(/<style>[^<]*main\{[^}]*max-width:36rem;[^<]*\.extra\{color:red\}\n?<\/style>/)
    expect(html).not.toContain('<script')
  })

  it("wears the site's frame: a skip link, the red header with the mark and the name linking home, the footer", () => {
    const html = messagePage('Link non valido', 'Usa il link della tua email.')
    expect(html).toMatch(
      /<body><a class="skip" href="#contenuto">Vai al contenuto<\/a><header><div><a class="brand" href="\/"><svg [^>]*aria-hidden="true"[^>]*>[\s\S]*?<\/svg>Artigiani Milano<\/a><\/div><\/header><main id="contenuto">/,
    )
    expect(html).toMatch(/header\{background:#c81e1e;/)
    expect(html).toMatch(
      /<footer><p>© \d{4} Artigiani Milano ·<a href="\/contattaci">Contattaci<\/a>·<a href="\/privacy-policy">Privacy Policy<\/a><\/p><\/footer><\/body><\/html>$/,
    )
    // The mark is drawn in the page: its policy (default-src 'none') loads no image.
    expect(html).not.toMatch(/<img|src=/)
  })

  it('escapes its title and text, attribute quotes included', () => {
    const html = messagePage(HOSTILE, HOSTILE)
    const escaped = '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#x27;&amp;'
    expect(html).toContain(`<title>${escaped} - Artigiani Milano</title>`)
    expect(html).toContain(`<h1>${escaped}</h1><p>${escaped}</p>`)
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
  })
})

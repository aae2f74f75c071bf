import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defang, defangFileName, ownPageUrl } from './defang.ts'

// What a mail client's linkifier needs: a scheme before `//`, a link scheme, or a host with a top-level domain.
const SCHEME_SLASHES = /[:：](?:\/\/|\\\\)/u
const LINK_SCHEME = /\b(?:mailto|javascript|tel|sms|skype|whatsapp):\S/iu
const HOST = /[\p{L}\p{N}_-][.\u2024\uFE52\uFF0E\u3002\uFF61]\p{L}[\p{L}\p{N}-]/u

const fragments = [
  'evil',
  'example',
  'com',
  'it',
  'www',
  'https',
  'http',
  'hxxp',
  'ftp',
  'mailto',
  'javascript',
  'S',
  'r',
  'l',
  'a',
  '1',
  '42',
  '.',
  '。',
  '．',
  '｡',
  '․',
  '﹒',
  ':',
  '//',
  '/',
  '\\\\',
  '@',
  ' ',
  '\n',
  '-',
  '_',
  '[',
  ']',
  '<a href="',
  '">',
  '\u200B',
  '\u200D',
  '\u00AD',
  '\u202E',
  '\u2060',
  '\uFEFF',
  'é',
  'е',
]
const visitorText = fc.array(fc.constantFrom(...fragments), { maxLength: 60 }).map((parts) => parts.join(''))

describe('defang', () => {
  it('leaves nothing a client would turn into a link, for any mix of URL pieces', () => {
    fc.assert(
      fc.property(visitorText, (text) => {
        const out = defang(text)
        expect(out).not.toMatch(SCHEME_SLASHES)
        expect(out).not.toMatch(LINK_SCHEME)
        expect(out).not.toMatch(HOST)
        expect(out).not.toMatch(/\p{Cf}/u)
      }),
      { numRuns: 5000 },
    )
  })

  it.each(
    Object.entries({
      'https://evil.example/login': 'hxxps[:]//evil[.]example/login',
      'HTTP://EVIL.EXAMPLE': 'HxxP[:]//EVIL[.]EXAMPLE',
      'www.evil.example': 'www[.]evil[.]example',
      'evil.example': 'evil[.]example',
      '<a href="https://evil.example/a">clicca</a>': '<a href="hxxps[:]//evil[.]example/a">clicca</a>',
      'mailto:phish@evil.example': 'mailto[:]phish@evil[.]example',
      'evil\u200B.example': 'evil[.]example',
      'evil。example': 'evil[.]example',
      'http://192.168.1.10/x': 'hxxp[:]//192[.]168[.]1[.]10/x',
      'javascript:alert(1)': 'javascript[:]alert(1)',
    }),
  )('defangs %s, a usual shape of a phishing link', (link, defanged) => {
    expect(defang(link)).toBe(defanged)
  })

  it('keeps ordinary Italian text as it was typed', () => {
    for (const text of [
      'Tel: 02 1234 5678',
      'Data: sabato mattina',
      'Costa 1.200 euro, 3.5 m di parete',
      'Impianti Verdi S.r.l., Rossi S.p.A.',
      'Devo rifare l’impianto elettrico del bagno: tre prese e due punti luce.',
      'Mozilla/5.0 (X11; Linux x86_64)',
    ]) {
      expect(defang(text)).toBe(text)
    }
  })

  it('runs in linear time on the longest text a form takes', () => {
    for (const text of ['a'.repeat(5000), 'a.'.repeat(2500), '1.'.repeat(2500), 'https:'.repeat(833), '.'.repeat(5000), 'a.b'.repeat(1666)]) {
      const started = performance.now()
      defang(text)
      expect(performance.now() - started).toBeLessThan(50)
    }
  })
})

// The extensions a file name keeps readable: none is a top-level domain. `zip`, `mov` and `com` are, and stay defanged.
const READABLE_EXTENSIONS = ['pdf', 'PDF', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'heic', 'tif', 'doc', 'docx', 'txt']
const fileNames = fc
  .tuple(visitorText, fc.constantFrom(...READABLE_EXTENSIONS, 'zip', 'mov', 'com', 'it', ''))
  .map(([stem, extension]) => (extension ? `${stem}.${extension}` : stem))

describe('defangFileName', () => {
  it.each(
    Object.entries({
      'quadro-elettrico.pdf': 'quadro-elettrico.pdf',
      'Foto quadro è.JPG': 'Foto quadro è.JPG',
      'misure 1.5 m.txt': 'misure 1.5 m.txt',
      'evil.example.pdf': 'evil[.]example.pdf',
      'https:evil.example.png': 'https:evil[.]example.png',
      'evil\u200B.example.png': 'evil[.]example.png',
      'foto.zip': 'foto[.]zip',
      'video.mov': 'video[.]mov',
      'evil.com': 'evil[.]com',
      'www.pdf': 'www[.]pdf',
      'vai su www.pdf': 'vai su www[.]pdf',
      'mario@evil.pdf': 'mario@evil[.]pdf',
      'mailto:mario@evil.example.pdf': 'mailto[:]mario@evil[.]example[.]pdf',
      '.pdf': '.pdf',
      senza_estensione: 'senza_estensione',
    }),
  )('shows %s as %s', (name, shown) => {
    expect(defangFileName(name)).toBe(shown)
  })

  it('leaves nothing a client would link but the extension of one of our file types, for any name', () => {
    fc.assert(
      fc.property(fileNames, (name) => {
        const out = defangFileName(name)
        const kept = READABLE_EXTENSIONS.find((extension) => out.endsWith(`.${extension}`) && !out.endsWith(`[.]${extension}`))
        const rest = kept ? out.slice(0, -kept.length - 1) : out
        expect(rest).not.toMatch(SCHEME_SLASHES)
        expect(rest).not.toMatch(LINK_SCHEME)
        expect(rest).not.toMatch(HOST)
        expect(out).not.toMatch(/\p{Cf}/u)
        // Nor does the kept extension make an address or a www. link of the name.
        expect(out).not.toMatch(/[\p{L}\p{N}_-]@[\p{L}\p{N}_-]+\.\p{L}/u)
        expect(out).not.toMatch(/(?:^|[^\p{L}\p{N}_-])www\.[\p{L}\p{N}]/iu)
      }),
      { numRuns: 5000 },
    )
  })
})

describe('ownPageUrl', () => {
  const site = 'https://www.artigianimilano.it'

  it('links a page of our own site, without its query or fragment', () => {
    expect(ownPageUrl('https://www.artigianimilano.it/elettricista', site)).toBe('https://www.artigianimilano.it/elettricista')
    expect(ownPageUrl('https://www.artigianimilano.it/s/elettricista-milano?utm_source=x#form', site)).toBe(
      'https://www.artigianimilano.it/s/elettricista-milano',
    )
    expect(ownPageUrl('https://mario:segreto@www.artigianimilano.it/contattaci', site)).toBe('https://www.artigianimilano.it/contattaci')
  })

  it('does not link another site, another scheme or port, or a path the site does not spell', () => {
    for (const address of [
      'https://evil.example/elettricista',
      'https://www.artigianimilano.it.evil.example/elettricista',
      'http://www.artigianimilano.it/elettricista',
      'https://www.artigianimilano.it:8443/elettricista',
      'javascript:alert(1)',
      'https://www.artigianimilano.it/Elettricista',
      'https://www.artigianimilano.it/%2F%2Fevil.example',
      '/elettricista',
      'N/D',
      '',
      null,
      undefined,
    ]) {
      expect(ownPageUrl(address, site)).toBeNull()
    }
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defang } from './defang.ts'

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

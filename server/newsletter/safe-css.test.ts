import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { safeStyleAttribute, safeStylesheet } from './safe-css.ts'

/** One character as CSS may write it: itself, upper case, a hex escape (with or without its space, padded), a plain escape. */
const spelling = (char: string) =>
  fc.constantFrom(
    char,
    char.toUpperCase(),
    `\\${char.codePointAt(0)!.toString(16)} `,
    `\\${char.codePointAt(0)!.toString(16).padStart(6, '0')}`,
    /[0-9a-f]/i.test(char) ? char : `\\${char}`,
  )
const spellings = (word: string) => fc.tuple(...[...word].map(spelling))
const spelled = (word: string) => spellings(word).map((chars) => chars.join(''))
const comment = fc.constantFrom('', '/**/', '/* x */')
const quote = fc.constantFrom('', '"', "'")
const space = fc.constantFrom('', ' ', '\t', '\n')

/** Declarations that run code or load from elsewhere than https, in every spelling. */
const hostile = fc.oneof(
  fc
    .tuple(spelled('url'), space, quote, fc.constantFrom('javascript:alert(1)', 'http://x.example/a.png', '//x.example/a.png', 'data:image/png,x', 'a.png'))
    .map(([url, gap, q, target]) => `background:${url}(${gap}${q}${target}${q})`),
  fc.tuple(spelled('url'), spelled('javascript')).map(([url, scheme]) => `background:${url}(${scheme}:alert(1))`),
  // Old Internet Explorer dropped comments inside expression( before reading it.
  fc.tuple(spellings('expression'), comment).map(([chars, c]) => `width:${chars.slice(0, 4).join('')}${c}${chars.slice(4).join('')}(alert(1))`),
  fc.tuple(fc.constantFrom('', '-ms-'), spelled('behavior')).map(([prefix, word]) => `${prefix}${word}:url(https://x.example/a.htc)`),
  spelled('-moz-binding').map((word) => `${word}:url(https://x.example/a.xml#b)`),
  spelled('image-set').map((word) => `background-image:${word}("http://x.example/a.png" 1x)`),
)

describe('CSS of the advanced mode', () => {
  it('drops every spelling of a declaration that runs or loads over anything but https, keeping the others', () => {
    fc.assert(
      fc.property(hostile, (declaration) => {
        expect(safeStyleAttribute(`color:red;${declaration};margin:0`)).toBe('color:red; margin:0')
        expect(safeStylesheet(`p{color:red;${declaration}} .b{margin:0}`)).toBe('p{color:red} .b{margin:0}')
        expect(safeStylesheet(`@media (max-width:600px){p{${declaration}}}`)).toBe('@media (max-width:600px){p{}}')
      }),
      { numRuns: 2000 },
    )
  })

  it('keeps https images and the declarations that only look alike', () => {
    const kept = 'background:url(https://x.example/a.png); background-image:url("HTTPS://x.example/b.png"); scroll-behavior:smooth; font-family:"Binding Sans"'
    expect(safeStyleAttribute(kept)).toBe(kept)
  })

  it('drops every @import, and whatever does not parse or could end the element', () => {
    for (const css of ['@import url(https://x.example/a.css);', '@IMPORT "https://x.example/a.css";', '@import "a.css" screen;']) {
      expect(safeStylesheet(`${css} p{color:red}`).trim()).toBe('p{color:red}')
    }
    for (const css of ['p{color:red', '@\\69mport "a.css";', 'a{}</style/><img src=x onerror=alert(1)>', '<!-- p{} -->']) {
      expect(safeStylesheet(css)).toBe('')
    }
    expect(safeStylesheet('p{content:"</style>"}')).not.toContain('<')
    for (const style of ['color:red}p{color:blue', 'p{color:red}']) expect(safeStyleAttribute(style)).toBe('')
    expect(safeStyleAttribute('content:"</style>"')).not.toContain('<')
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildMimeMessage, encodeHeaderText } from './mime.ts'

// The pattern the address parser replaced: right in what it did, cubic on a run of spaces.
function formerMailbox(value: string): string {
  const match = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value)
  if (!match) return value.trim()
  const display = match[1]!.replace(/^"|"$/g, '')
  return display ? `${encodeHeaderText(display)} <${match[2]}>` : `<${match[2]}>`
}

const toHeader = (to: string) =>
  buildMimeMessage({ from: 'noreply@artigianimilano.it', to, subject: 'Prova', html: '<p>Prova</p>', text: 'Prova' })
    .toString('utf8')
    .split('\r\n')
    .find((line) => line.startsWith('To: '))

describe('address headers', () => {
  it('read `Name <address>` as the former pattern did, on every short combination of the characters that matter', () => {
    const chars = fc.constantFrom(' ', '\t', '\u00a0', '\u2028', 'a', 'b', '@', '<', '>', '"', 'é', '.')
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 14 }).map((list) => list.join('')),
        (value) => toHeader(value) === `To: ${formerMailbox(value)}`,
      ),
      { numRuns: 50_000, seed: 7 },
    )
    expect(toHeader('  "Mario Rossi" <mario@example.com> ')).toBe('To: Mario Rossi <mario@example.com>')
    expect(toHeader('Niccolò <n@example.com>')).toBe(`To: ${encodeHeaderText('Niccolò')} <n@example.com>`)
  })

  it('take linear time on a long run of spaces', () => {
    const started = performance.now()
    for (const value of [`${' '.repeat(1_000_000)}x`, `<${' '.repeat(1_000_000)}x`, `${'a '.repeat(500_000)}<a@a`]) toHeader(value)
    expect(performance.now() - started).toBeLessThan(500)
  })
})

describe('extra headers', () => {
  it('reach the message as given, after the standard ones', () => {
    const lines = buildMimeMessage({
      from: 'noreply@artigianimilano.it',
      to: 'cliente@example.com',
      subject: 'Prova',
      html: '<p>Prova</p>',
      text: 'Prova',
      headers: { 'List-Unsubscribe': '<https://www.artigianimilano.it/unsubscribe?token=abc.def>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    })
      .toString('utf8')
      .split('\r\n')
    expect(lines).toContain('List-Unsubscribe: <https://www.artigianimilano.it/unsubscribe?token=abc.def>')
    expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(lines.indexOf('List-Unsubscribe-Post: List-Unsubscribe=One-Click')).toBeGreaterThan(lines.indexOf('MIME-Version: 1.0'))
  })
})

import { describe, expect, it } from 'vitest'
import { plainMail } from '#tests/helpers/mail.ts'
import { buildMimeMessage, type MailMessage } from './mime.ts'

// A test about time, in a file of its own so that it can run alone with the others (vitest.config.ts TIMING).
const mail = plainMail

describe('hostile sizes', () => {
  /** Least time of three builds: the fairest reading on a machine that is doing other things. */
  async function fastest(message: MailMessage) {
    let best = Number.POSITIVE_INFINITY
    for (let i = 0; i < 3; i++) {
      const started = performance.now()
      await buildMimeMessage(message).catch(() => {})
      best = Math.min(best, performance.now() - started)
    }
    return best
  }

  // What a caller could be handed at length n: the runs that made the former address pattern cubic, and every other field.
  const cases: [string, (n: number) => Partial<MailMessage>][] = [
    ['spaces before an address', (n) => ({ to: `${' '.repeat(n)}x` })],
    ['spaces after a <', (n) => ({ to: `<${' '.repeat(n)}x` })],
    ['words and spaces before an open <', (n) => ({ to: `${'a '.repeat(n / 2)}<a@a` })],
    ['a run of <', (n) => ({ to: '<'.repeat(n) })],
    ['a run of quotes', (n) => ({ replyTo: '"'.repeat(n) })],
    ['a run of commas and at signs', (n) => ({ from: ',@'.repeat(n / 8) })],
    ['a name of accented words', (n) => ({ to: `${'è '.repeat(n / 4)}<a@example.com>` })],
    ['a subject of accented words', (n) => ({ subject: 'è '.repeat(n / 4) })],
    ['a subject that looks encoded', (n) => ({ subject: '=?'.repeat(n / 2) })],
    ['an extra header', (n) => ({ headers: { 'X-Nota': 'a '.repeat(n / 2) } })],
    ['a file name', (n) => ({ attachments: [{ fileName: 'è'.repeat(n / 8), contentType: 'application/pdf', content: Buffer.from('x') }] })],
    [
      'a content type of parameters',
      (n) => ({ attachments: [{ fileName: 'a.pdf', contentType: `application/pdf${'; a="b'.repeat(n / 6)}`, content: Buffer.from('x') }] }),
    ],
    ['a text body', (n) => ({ text: 'è\n'.repeat(n) })],
  ]

  it.each(cases)(
    'take time in proportion to their length: %s',
    async (_, at) => {
      const n = 100_000
      // Linear work takes about 8 times as long at 8 times the length; quadratic would take 64 times, cubic 512. A busy
      // machine can stretch one reading, never every one: the ladder is climbed again before a ratio counts as a failure.
      let ratio = Number.POSITIVE_INFINITY
      const readings: string[] = []
      for (let attempt = 0; attempt < 3 && ratio >= 32; attempt++) {
        await fastest({ ...mail, ...at(n) })
        const once = await fastest({ ...mail, ...at(n) })
        const eightfold = await fastest({ ...mail, ...at(8 * n) })
        ratio = Math.min(ratio, eightfold / once)
        readings.push(`${once.toFixed(1)} ms at ${n}, ${eightfold.toFixed(1)} ms at ${8 * n}`)
      }
      expect(ratio, readings.join('; ')).toBeLessThan(32)
    },
    60_000,
  )
})

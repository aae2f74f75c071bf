import { Writable } from 'node:stream'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLogger, logRequestLine, scrubText, terminalDestination } from './logger.ts'

const secrets = {
  email: 'mario.rossi+casa@example.com',
  upperEmail: 'GIULIA.BIANCHI@EXAMPLE.IT',
  phone: '+39 333 123 4567',
  localPhone: '02 1234 5678',
  token: 'Zx9qR7vK2mN4pL8sT1wY6uB3',
  cookie: 'session=8f3kq2m9x7v1c5b4n6z0',
  password: 'Cavallo-Batteria-Graffetta-42',
  bearer: 'eyJhbGciOiJIUzI1NiJ9.c2VncmV0.c2lnbmF0dXJh',
}

/** The secret parts that must never appear in a log line, whatever spelling they came in. */
const needles = [
  'mario.rossi',
  'example.com',
  'GIULIA.BIANCHI',
  'giulia.bianchi',
  '333 123 4567',
  '3331234567',
  '1234 5678',
  secrets.token,
  '8f3kq2m9x7v1c5b4n6z0',
  secrets.password,
  secrets.bearer,
]

function capture(level = 'trace') {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  return { logger: createLogger(level, stream), lines }
}

/** An object holding every secret under keys of each kind, nested `depth` levels down. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {
    email: secrets.email,
    Email: secrets.upperEmail,
    phone: secrets.phone,
    last_phone: secrets.localPhone,
    token: secrets.token,
    accessToken: secrets.token,
    password: secrets.password,
    newPassword: secrets.password,
    cookie: secrets.cookie,
    'set-cookie': [secrets.cookie],
    authorization: `Bearer ${secrets.bearer}`,
    to: secrets.email,
    replyTo: secrets.email,
    note: `scrivere a ${secrets.email} o chiamare il ${secrets.phone}`,
    link: `https://www.artigianimilano.it/admin/update-password#access_token=${secrets.token}`,
    list: [secrets.email, { phone: secrets.phone }],
    headers: new Headers({ cookie: secrets.cookie, authorization: `Bearer ${secrets.bearer}`, 'x-ok': 'yes' }),
  }
  for (let i = 0; i < depth; i++) value = { level: i, inner: value, items: [value] }
  return value
}

const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const

describe('the server log', () => {
  it('holds no e-mail, phone, token, password or cookie at any level and any depth', () => {
    const { logger, lines } = capture()
    for (const level of levels) {
      for (const depth of [0, 1, 2, 3, 5, 7]) {
        logger[level](nested(depth), `richiesta da ${secrets.email}`)
        logger[level]({ req: { headers: { cookie: secrets.cookie, Authorization: `Basic ${secrets.bearer}` } } }, 'request')
        logger[level]('contact %s at %s', secrets.email, secrets.phone)
        logger.child({ email: secrets.email, requestId: 'r-1' })[level]({ user: { email: secrets.email } }, 'child')
      }
    }
    expect(lines.length).toBe(levels.length * 6 * 4)
    for (const line of lines) for (const needle of needles) expect(line.toLowerCase()).not.toContain(needle.toLowerCase())
    // What is not personal stays readable.
    expect(JSON.parse(lines[1]!)).toMatchObject({ req: { headers: { cookie: '[redacted]', Authorization: '[redacted]' } }, msg: 'request' })
    expect(lines[0]).toContain('"x-ok":"yes"')
    expect(JSON.parse(lines[3]!)).toMatchObject({ requestId: 'r-1', email: '[redacted]', user: { email: '[redacted]' } })
  })

  it('scrubs errors: their message, stack and causes, at every level', () => {
    const { logger, lines } = capture()
    const ses = Object.assign(new Error(`Email address is not verified. The following identities failed the check: ${secrets.email}`), {
      code: 'MessageRejected',
    })
    const wrapped = new Error('tRPC procedure failed', {
      cause: Object.assign(new Error(`input ${JSON.stringify({ phone: secrets.phone })}`), { input: { email: secrets.email } }),
    })
    for (const level of levels) {
      logger[level]({ err: ses, outboxId: 7 }, 'e-mail not sent')
      logger[level](wrapped)
      logger[level]({ deep: { err: new Error(`reset link https://x.it/#access_token=${secrets.token}`) } }, 'nested error')
    }
    expect(lines.length).toBe(levels.length * 3)
    for (const line of lines) for (const needle of needles) expect(line).not.toContain(needle)
    const first = JSON.parse(lines[0]!)
    expect(first.err).toMatchObject({ type: 'Error', code: 'MessageRejected', message: expect.stringContaining('[email]') })
    expect(first.err.stack).toContain('logger.test.ts')
    expect(JSON.parse(lines[1]!).err.cause).toMatchObject({ input: { email: '[redacted]' } })
  })

  it('writes readable lines to a terminal, scrubbed the same way, and JSON to anything else', () => {
    const written: string[] = []
    const terminal = (isTTY: boolean) => ({ isTTY, write: (text: string) => written.push(text) }) as unknown as NodeJS.WriteStream
    expect(terminalDestination(terminal(false))).toBeUndefined()
    const logger = createLogger('info', terminalDestination(terminal(true)))
    logger.info({ user: nested(0) }, `richiesta da ${secrets.email}`)
    logger.warn({ err: new Error(`rifiutato: ${secrets.email}`) }, 'e-mail not sent')
    expect(written).toHaveLength(2)
    expect(written[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: richiesta da \[email\] \{"user":\{.*"email":"\[redacted\]".*\}\}\n$/)
    expect(written[1]).toMatch(/^\[[\d:.]+\] WARN: e-mail not sent \n {4}err: \{/)
    expect(written[1]).toContain('rifiutato: [email]')
    for (const line of written) for (const needle of needles) expect(line).not.toContain(needle)
  })

  it('writes nothing below its level', () => {
    const { logger, lines } = capture('warn')
    logger.info({ email: secrets.email }, 'hidden')
    logger.warn({ email: secrets.email }, 'shown')
    expect(lines).toHaveLength(1)
  })

  it('keeps circular and very deep objects to a bounded line', () => {
    const { logger, lines } = capture()
    const loop: Record<string, unknown> = { email: secrets.email }
    loop.self = loop
    logger.info({ loop, deep: nested(40) }, 'odd shapes')
    expect(lines[0]).toContain('[circular]')
    expect(lines[0]).toContain('[too deep]')
    for (const needle of needles) expect(lines[0]).not.toContain(needle)
  })

  it('cuts very long strings before scrubbing them, so one log call stays cheap', () => {
    const { logger, lines } = capture()
    const started = performance.now()
    logger.error({ err: new Error(`${'x'.repeat(20_000_000)} ${secrets.email}`) }, 'huge')
    expect(performance.now() - started).toBeLessThan(200)
    expect(lines[0]!.length).toBeLessThan(20_000)
    expect(lines[0]).toContain('characters in all]')
  })

  it('leaves no part of an address that a cut would split', () => {
    for (const filler of [' ', 'x', ',']) {
      for (let offset = 8192 - 300; offset <= 8192 + 5; offset++) {
        const text = scrubText(`${filler.repeat(offset)}${filler === 'x' ? ',' : ''}${secrets.email} ${'y'.repeat(9000)}`)
        expect(text.length).toBeLessThan(8300)
        expect(text).not.toMatch(/m(a(r(i(o)?)?)?)?(\.|…)|@|exa/)
      }
    }
  })

  it('finds every e-mail address in any text, in linear time', () => {
    fc.assert(
      fc.property(fc.string(), fc.emailAddress(), fc.string(), (before, email, after) => {
        const text = scrubText(`${before} ${email} ${after}`)
        expect(text).not.toContain(email)
      }),
      { numRuns: 500 },
    )
    const started = performance.now()
    for (const hostile of ['a'.repeat(200_000), '@'.repeat(200_000), `${'a@'.repeat(100_000)}`, '1 '.repeat(100_000), 'token='.repeat(30_000)])
      scrubText(hostile)
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('passes text with no @, =, credential or nine digits as it is, and scrubs text with one', () => {
    for (const plain of ['/s/idraulico-rho-0408', 'request', '/assets/index-B1a2C3d4.js', 'ordine 12345678', '']) expect(scrubText(plain)).toBe(plain)
    for (const [text, scrubbed] of [
      ['1-2-3-4-5-6-7-8-9', '[phone]'],
      ['chiamare 333 123 4567', 'chiamare [phone]'],
      ['/reset?token=abc', '/reset?token=[redacted]'],
      ['Bearer abc.def', 'Bearer [redacted]'],
      ['scrivere a mario@example.com', 'scrivere a [email]'],
    ] as const) {
      expect(scrubText(text)).toBe(scrubbed)
    }
  })

  it("writes the fast path's request line as pino writes it, scrubbed, and not below its level", () => {
    const { logger, lines } = capture('info')
    const paths = ['/', '/s/idraulico-rho-0408', `/a/${secrets.email}`, `/b/${secrets.phone}`, '/c/"quoted"\\\u2028è']
    for (const [i, path] of paths.entries()) {
      logger.info({ method: 'GET', path, status: 200 + i, ms: i / 10 }, 'request')
      logRequestLine(logger, 'GET', path, 200 + i, i / 10)
    }
    expect(lines).toHaveLength(2 * paths.length)
    for (let i = 0; i < lines.length; i += 2) {
      const [byPino, byHand] = [JSON.parse(lines[i]!), JSON.parse(lines[i + 1]!)]
      expect(Object.keys(byHand)).toEqual(Object.keys(byPino))
      expect({ ...byHand, time: 0 }).toEqual({ ...byPino, time: 0 })
      expect(Math.abs(byHand.time - byPino.time)).toBeLessThan(60_000)
    }
    const written = lines.join('\n')
    for (const needle of needles) expect(written).not.toContain(needle)

    const quiet = capture('warn')
    logRequestLine(quiet.logger, 'GET', '/', 200, 0.1)
    expect(quiet.lines).toEqual([])
    // A child logger writes through pino.
    const child = capture('info')
    logRequestLine(child.logger.child({ part: 'x' }), 'HEAD', `/d/${secrets.email}`, 304, 1.5)
    expect(JSON.parse(child.lines[0]!)).toMatchObject({ level: 30, part: 'x', method: 'HEAD', path: '[email]', status: 304, ms: 1.5, msg: 'request' })
  })
})

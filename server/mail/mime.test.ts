import { domainToUnicode } from 'node:url'
import fc from 'fast-check'
import addressparser from 'nodemailer/lib/addressparser'
import { describe, expect, it } from 'vitest'
import { plainMail } from '#tests/helpers/mail.ts'
import { attachmentSchema } from '#shared/schemas/attachments.ts'
import { buildMimeMessage, encodedBodySize, encodedSize, type MailMessage, UnsafeHeaderError } from './mime.ts'
import { createSesTransport, MailSendError, SES_MAX_MESSAGE_BYTES } from './ses.ts'

const mail = plainMail

const build = (changes: Partial<MailMessage>) => buildMimeMessage({ ...mail, ...changes })

/** The build was refused as unsafe, with this message (what the outbox records as the mail's last error). */
async function refused(building: Promise<Buffer>, message: string) {
  const error = await building.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(UnsafeHeaderError)
  expect((error as Error).message).toBe(message)
}

/** Encoded words (RFC 2047, base64 or quoted-printable) decoded; adjacent words joined before UTF-8 decoding, as a reader must. */
function decodeWords(value: string): string {
  return value.replace(/=\?UTF-8\?[BQ]\?[^?\s]*\?=(?:\s+=\?UTF-8\?[BQ]\?[^?\s]*\?=)*/gi, (run) => {
    const bytes = run.split(/\s+/).map((word) => {
      const [, , encoding, text] = word.split('?') as [string, string, string, string]
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64')
      return Buffer.from(
        text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      )
    })
    return Buffer.concat(bytes).toString('utf8')
  })
}

type Part = { headers: [string, string][]; body: string }

/** A MIME entity's header fields (unfolded, raw) and its body. */
function entity(text: string): Part {
  const end = text.indexOf('\r\n\r\n')
  const head = text.slice(0, end).replace(/\r\n(?=[ \t])/g, '')
  const headers = head.split('\r\n').map((line): [string, string] => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()])
  return { headers, body: text.slice(end + 4) }
}

const field = (part: Part, name: string) => part.headers.filter(([key]) => key.toLowerCase() === name.toLowerCase()).map(([, value]) => value)

/** The parts of a multipart entity, split at the boundary its Content-Type names. */
function children(part: Part): Part[] {
  const boundary = /boundary="([^"]+)"/.exec(field(part, 'Content-Type')[0] ?? '')?.[1]
  if (!boundary) throw new Error('not a multipart entity')
  const [, ...rest] = part.body.split(`--${boundary}\r\n`)
  const last = rest.length - 1
  rest[last] = rest[last]!.slice(0, rest[last]!.indexOf(`\r\n--${boundary}--`))
  return rest.map((chunk, i) => entity(i === last ? chunk : chunk.replace(/\r\n$/, '')))
}

/** A parameter of a structured header: plain, quoted (RFC 2047 inside the quotes) or RFC 2231 sections. */
function param(value: string, name: string): string | undefined {
  const sections = [...value.matchAll(new RegExp(`;\\s*${name}\\*(\\d+)(\\*?)=("[^"]*"|[^;\\s]*)`, 'g'))]
  if (sections.length) {
    const bytes = sections
      .sort((a, b) => Number(a[1]) - Number(b[1]))
      .map(([, index, encoded, text]) => {
        const raw = text!.startsWith('"') ? text!.slice(1, -1) : text!
        const percent = encoded ? (index === '0' ? raw.slice(raw.indexOf("'", raw.indexOf("'") + 1) + 1) : raw) : encodeURIComponent(raw)
        return Buffer.from(
          percent.replace(/%([0-9A-F]{2})|[^%]/gi, (c, hex?: string) => (hex ? String.fromCharCode(Number.parseInt(hex, 16)) : c)),
          'latin1',
        )
      })
    return Buffer.concat(bytes).toString('utf8')
  }
  const plain = new RegExp(`;\\s*${name}=("(?:[^"\\\\]|\\\\.)*"|[^;\\s]*)`).exec(value)?.[1]
  if (plain === undefined) return undefined
  return decodeWords(plain.startsWith('"') ? plain.slice(1, -1).replace(/\\(.)/g, '$1') : plain)
}

/** `local@domain` and nothing to quote: the only addresses the outbox stores. */
const PLAIN_ADDRESS = /^[^\s"(),:;<>@[\\\]]+@[^\s"(),:;<>@[\\\]]+$/

/**
 * The pattern the address reader replaced (right in what it read, cubic on a run of spaces), with what it did not check:
 * the name holds no '<' or '>' (as MAIL_FROM's check in env.ts) and the address is plain, or nothing is sent.
 */
function formerMailbox(value: string): { name: string; address: string } | null {
  const match = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/s.exec(value)
  const found = match ? { name: match[1]!.replace(/^"|"$/g, ''), address: match[2]! } : { name: '', address: value.trim() }
  return PLAIN_ADDRESS.test(found.address) && !/[<>]/.test(found.name) ? found : null
}

/** The address as written: the message quotes a local part that is not a dot-atom and carries a domain in punycode. */
const asWritten = (address: string) => {
  const at = address.lastIndexOf('@')
  const domain = address.slice(at + 1)
  return `${address.slice(0, at).replace(/^"(.*)"$/, '$1')}@${domainToUnicode(domain) || domain}`
}

const headerLines = (raw: Buffer) => {
  const text = raw.toString('utf8')
  return text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n')
}

describe('address headers', () => {
  it('carry exactly the one mailbox a value names, as the former pattern read it, or refuse it, on every short combination of the characters that matter', async () => {
    const chars = fc.constantFrom(' ', '\t', '\u00a0', '\u2028', 'a', 'b', '@', '<', '>', '"', ',', ';', ':', '(', ')', 'é', '.')
    await fc.assert(
      fc.asyncProperty(
        fc.array(chars, { maxLength: 14 }).map((list) => list.join('')),
        async (value) => {
          const expected = formerMailbox(value)
          if (!expected) {
            await refused(build({ to: value }), 'header To is not one address')
            return
          }
          const raw = await build({ to: value })
          const to = field(entity(raw.toString('utf8')), 'To')
          expect(to).toHaveLength(1)
          // Read back as a reader does (the mailboxes first, then the encoded words of a name): one mailbox, the same.
          const read = addressparser(to[0]!, { flatten: true })
          expect(read).toHaveLength(1)
          expect(decodeWords(read[0]!.name)).toBe(expected.name)
          expect(asWritten(read[0]!.address)).toBe(expected.address)
        },
      ),
      { numRuns: 4_000, seed: 7 },
    )
  }, 60_000)

  it('keep the display name, encoded when it is not ASCII and quoted when it holds a separator, and the address as it is', async () => {
    const to = async (value: string) => headerLines(await build({ to: value })).find((line) => line.startsWith('To: '))
    expect(await to('  "Mario Rossi" <mario@example.com> ')).toBe('To: Mario Rossi <mario@example.com>')
    expect(await to('Niccolò <n@example.com>')).toBe('To: =?UTF-8?B?TmljY29sw7I=?= <n@example.com>')
    expect(await to('Rossi, Mario <m@example.com>')).toBe('To: "Rossi, Mario" <m@example.com>')
    expect(await to('cliente@example.com')).toBe('To: cliente@example.com')
    const lines = headerLines(await build({ from: 'Artigiani Milano <noreply@artigianimilano.it>', replyTo: 'mario.rossi@example.com' }))
    expect(lines).toContain('From: Artigiani Milano <noreply@artigianimilano.it>')
    expect(lines).toContain('Reply-To: mario.rossi@example.com')
  })

  it('refuse a value that names no address or several, which would drop the field or mail others', async () => {
    for (const [name, changes] of [
      ['To', { to: 'cliente@example.com, altro@example.com' }],
      ['To', { to: 'cliente' }],
      ['To', { to: '' }],
      ['To', { to: 'clienti: a@example.com, b@example.com;' }],
      ['From', { from: 'Artigiani Milano' }],
      ['Reply-To', { replyTo: 'a@example.com; b@example.com' }],
    ] satisfies [string, Partial<MailMessage>][]) {
      await refused(build(changes), `header ${name} is not one address`)
    }
  })
})

describe('headers that could add headers of their own', () => {
  const breaks = ['\r', '\n', '\r\n', '\n\r']

  it('are refused for every line break, in every field a caller fills', async () => {
    for (const br of breaks) {
      for (const [name, changes] of [
        ['From', { from: `noreply@artigianimilano.it${br}Bcc: x@evil.test` }],
        ['To', { to: `cliente@example.com${br}Bcc: x@evil.test` }],
        ['Reply-To', { replyTo: `${br}mario@example.com` }],
        ['text', { subject: `Prova${br}Bcc: x@evil.test` }],
        ['List-Unsubscribe', { headers: { 'List-Unsubscribe': `<https://x.test/>${br}Bcc: x@evil.test` } }],
        ['Content-Type', { attachments: [{ fileName: 'a.pdf', contentType: `application/pdf${br}Bcc: x@evil.test`, content: Buffer.from('x') }] }],
      ] satisfies [string, Partial<MailMessage>][]) {
        await refused(build(changes), `header ${name} contains a line break`)
      }
    }
  })

  it('are refused when their name is not a plain field name', async () => {
    for (const name of ['', 'X A', 'X:A', 'Bcc:', '-X', 'Ä', 'X\r\nBcc', 'X\tA']) {
      await refused(build({ headers: { [name]: 'v' } }), `header name ${JSON.stringify(name)} is not valid`)
    }
  })

  it('are a permanent failure of the SES transport, which sends nothing', async () => {
    // Port 9 answers nothing: a message that got as far as sending would fail as transient, not permanent.
    const transport = createSesTransport({ SES_REGION: 'eu-south-1', SES_ENDPOINT: 'http://127.0.0.1:9', PUBLIC_URL: 'https://www.artigianimilano.it' })
    try {
      await expect(transport.send({ ...mail, subject: 'a\r\nBcc: x@evil.test' })).rejects.toEqual(
        new MailSendError('header text contains a line break', 'permanent'),
      )
      await expect(transport.send({ ...mail, headers: { 'X A': 'v' } })).rejects.toEqual(new MailSendError('header name "X A" is not valid', 'permanent'))
      // SES refuses raw messages over 10 MB: one that large is not worth a request either.
      const big = { fileName: 'grande.pdf', contentType: 'application/pdf', content: Buffer.alloc(SES_MAX_MESSAGE_BYTES * 0.76) }
      const refused = await transport.send({ ...mail, attachments: [big] }).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(MailSendError)
      expect((refused as MailSendError).kind).toBe('permanent')
      expect((refused as MailSendError).message).toMatch(/^message of \d+ bytes exceeds the SES limit$/)
    } finally {
      transport.close()
    }
  })
})

describe('extra headers', () => {
  it('reach the message as given, once each and spelled as the caller spelled them', async () => {
    const unsubscribe = `<https://www.artigianimilano.it/unsubscribe?token=${'abc'.repeat(30)}.def>`
    const top = entity(
      (
        await build({
          headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'X-Artigiani-Mail-Id': 'o12' },
        })
      ).toString('utf8'),
    )
    expect(field(top, 'List-Unsubscribe')).toEqual([unsubscribe])
    expect(field(top, 'List-Unsubscribe-Post')).toEqual(['List-Unsubscribe=One-Click'])
    expect(top.headers).toContainEqual(['X-Artigiani-Mail-Id', 'o12'])
  })

  it('never replace or repeat the fields the message sets itself', async () => {
    const top = entity(
      (await build({ headers: { From: 'x@evil.test', subject: 'Altro', 'Message-ID': '<x@evil.test>', 'MIME-Version': '2.0', To: 'x@evil.test' } })).toString(
        'utf8',
      ),
    )
    const own = (name: string) => top.headers.filter(([key]) => key.toLowerCase() === name.toLowerCase())
    expect(own('From')).toEqual([['From', 'Artigiani Milano <noreply@artigianimilano.it>']])
    expect(own('To')).toEqual([['To', 'cliente@example.com']])
    expect(own('Subject')).toEqual([['Subject', 'Prova']])
    expect(own('Message-ID')).toEqual([['Message-ID', expect.stringMatching(/^<[0-9a-f]{32}@artigianimilano\.it>$/)]])
    expect(own('MIME-Version')).toEqual([['MIME-Version', '1.0']])
  })

  it('are encoded when they are not ASCII', async () => {
    const top = entity((await build({ headers: { 'X-Nota': 'perché sì' } })).toString('utf8'))
    expect(field(top, 'X-Nota')[0]).toMatch(/^[\x20-\x7e]+$/)
    expect(decodeWords(field(top, 'X-Nota')[0]!)).toBe('perché sì')
  })
})

describe('the message', () => {
  it('reads back as given: any subject, text and HTML, in UTF-8 and base64, with the date and a message id of the domain', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 300 })
    // What an encoded word is made of, and the spaces a folded header may gain or lose.
    const tricky = fc
      .array(
        fc.constantFrom(
          ' ',
          '  ',
          '\t',
          '=?',
          '?=',
          'UTF-8',
          '?B?',
          '?Q?',
          '=?UTF-8?B?YWJj?=',
          '=?utf-8?q?a_b?=',
          '_',
          '=C3=A8',
          'a',
          'é',
          '€',
          '😀',
          '"',
          '\\',
        ),
        { maxLength: 60 },
      )
      .map((list) => list.join(''))
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(text, tricky).filter((s) => !/[\r\n]/.test(s)),
        text,
        text,
        async (subject, plain, html) => {
          const raw = await buildMimeMessage({ ...mail, subject, text: plain, html }, 'example.it', new Date('2026-11-26T10:00:00Z'))
          for (const line of headerLines(raw)) expect(line).toMatch(/^[\x20-\x7e\t]*$/)
          const top = entity(raw.toString('utf8'))
          expect(field(top, 'Subject').map(decodeWords)).toEqual(subject.trim() ? [expect.any(String)] : [])
          // Space around a header's value is not part of it (RFC 5322 unfolding); everything between is.
          if (subject.trim()) expect(decodeWords(field(top, 'Subject')[0]!).trim()).toBe(subject.trim())
          expect(field(top, 'Date')).toEqual(['Thu, 26 Nov 2026 10:00:00 +0000'])
          expect(field(top, 'Message-ID')).toEqual([expect.stringMatching(/^<[0-9a-f]{32}@example\.it>$/)])
          expect(field(top, 'MIME-Version')).toEqual(['1.0'])
          const [textPart, htmlPart, ...more] = children(top)
          expect(more).toEqual([])
          for (const [part, type, content] of [
            [textPart!, 'text/plain; charset=utf-8', plain],
            [htmlPart!, 'text/html; charset=utf-8', html],
          ] as const) {
            expect(field(part, 'Content-Type')).toEqual([type])
            expect(field(part, 'Content-Transfer-Encoding')).toEqual(['base64'])
            for (const line of part.body.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76)
            expect(Buffer.from(part.body, 'base64').toString('utf8')).toBe(content)
          }
        },
      ),
      { numRuns: 500, seed: 11 },
    )
  }, 60_000)

  it('carries its attachments after the text and HTML, bytes, names and types as they were', async () => {
    const files = [
      { fileName: 'planimetria.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n\u0000\u00ff binary') },
      { fileName: 'misure è "bagno".txt', contentType: 'text/plain; charset=utf-8', content: Buffer.from('3,20 × 2,10\r\n') },
      {
        fileName: `${'Niccolò '.repeat(20).trim()}.png`,
        contentType: 'image/png',
        content: Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256)),
      },
    ]
    const top = entity((await build({ attachments: files })).toString('utf8'))
    expect(field(top, 'Content-Type')[0]).toMatch(/^multipart\/mixed;/)
    const [alternative, ...attached] = children(top)
    expect(children(alternative!).map((part) => field(part, 'Content-Type')[0])).toEqual(['text/plain; charset=utf-8', 'text/html; charset=utf-8'])
    expect(attached).toHaveLength(files.length)
    for (const [i, part] of attached.entries()) {
      const file = files[i]!
      const type = field(part, 'Content-Type')[0]!
      const disposition = field(part, 'Content-Disposition')[0]!
      expect(type.split(';')[0]).toBe(file.contentType.split(';')[0])
      expect(disposition).toMatch(/^attachment;/)
      expect(param(disposition, 'filename')).toBe(file.fileName)
      expect(param(type, 'name')).toBe(file.fileName)
      expect(field(part, 'Content-Transfer-Encoding')).toEqual(['base64'])
      expect(Buffer.from(part.body, 'base64').equals(file.content)).toBe(true)
    }
    expect(param(field(attached[1]!, 'Content-Type')[0]!, 'charset')).toBe('utf-8')
  })

  it('is never larger than the outbox worker budgets for it: bodies, then each file by its size and name', async () => {
    // Any name the request form accepts, up to its 200 characters, and the longest to write of them.
    const longest = ['€'.repeat(200), '😀'.repeat(100), '"'.repeat(200), '%'.repeat(200), 'a€ '.repeat(66), `=?${'é'.repeat(196)}?=`]
    for (const fileName of longest) expect(attachmentSchema.shape.name.safeParse(fileName).success).toBe(true)
    const name = fc.oneof(
      fc.constantFrom(...longest),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }).filter((s) => attachmentSchema.shape.name.safeParse(s).success),
    )
    const file = fc.record({ fileName: name, size: fc.nat(30_000) })
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 2000 }),
        fc.string({ unit: 'grapheme', maxLength: 2000 }),
        fc.array(file, { maxLength: 3 }),
        async (text, html, sizes) => {
          const attachments = sizes.map(({ fileName, size }) => ({ fileName, contentType: 'application/pdf', content: Buffer.alloc(size, 1) }))
          const raw = await build({ text, html, attachments })
          const budget = encodedBodySize({ text, html }) + sizes.reduce((sum, { fileName, size }) => sum + encodedSize(size, fileName), 0)
          expect(raw.length).toBeLessThanOrEqual(budget)
          // Each file on its own, measured against the same message without it.
          const without = await build({ text, html, attachments: attachments.slice(1) })
          if (sizes[0]) expect(raw.length - without.length).toBeLessThanOrEqual(encodedSize(sizes[0].size, sizes[0].fileName))
        },
      ),
      { numRuns: 150, seed: 5 },
    )
  }, 60_000)
})

import { randomBytes } from 'node:crypto'

export type MailAttachment = { fileName: string; contentType: string; content: Buffer }

export type MailMessage = {
  from: string
  to: string
  replyTo?: string
  subject: string
  html: string
  text: string
  headers?: Record<string, string>
  attachments?: MailAttachment[]
}

const LINE_BREAK = /[\r\n]/
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/

export class UnsafeHeaderError extends Error {}

function safe(name: string, value: string): string {
  if (LINE_BREAK.test(value)) throw new UnsafeHeaderError(`header ${name} contains a line break`)
  return value
}

/** RFC 2047 encoded-word for non-ASCII header text, split so no line grows past the limit. */
export function encodeHeaderText(value: string): string {
  safe('text', value)
  if (/^[\x20-\x7e]*$/.test(value) && !value.includes('=?')) return value
  const words: string[] = []
  let chunk = ''
  for (const char of value) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk)
      chunk = ''
    }
    chunk += char
  }
  if (chunk) words.push(chunk)
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join('\r\n ')
}

/** An address header: `Name <address>` keeps the display name encoded, the address as is. */
function encodeMailbox(name: string, value: string): string {
  safe(name, value)
  // Sliced at the last '<' rather than matched by a pattern: `\s*(.*?)\s*<` took cubic time on a run of spaces.
  const trimmed = value.trim()
  const open = trimmed.lastIndexOf('<')
  const address = trimmed.slice(open + 1, -1)
  const at = address.indexOf('@', 1)
  const rawDisplay = trimmed.slice(0, Math.max(open, 0)).trim()
  if (open < 0 || !trimmed.endsWith('>') || at < 1 || at === address.length - 1 || /[<>\s]/.test(address) || /[\u2028\u2029]/.test(rawDisplay)) {
    return trimmed
  }
  const display = rawDisplay.replace(/^"|"$/g, '')
  return display ? `${encodeHeaderText(display)} <${address}>` : `<${address}>`
}

function base64Lines(content: Buffer | string): string {
  return (typeof content === 'string' ? Buffer.from(content, 'utf8') : content).toString('base64').replace(/.{1,76}/g, '$&\r\n')
}

/** The attachment's file name as a MIME parameter (RFC 2231 for non-ASCII). */
function fileNameParams(fileName: string): { type: string; disposition: string } {
  const plain = fileName.replace(/["\\\r\n]/g, '_')
  if (/^[\x20-\x7e]*$/.test(plain)) return { type: `name="${plain}"`, disposition: `filename="${plain}"` }
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return { type: `name="${encodeHeaderText(fileName)}"`, disposition: `filename*=UTF-8''${encoded}` }
}

/** Builds the raw RFC 5322 message sent with SES SendRawEmail: text and HTML alternatives, then the attachments. */
export function buildMimeMessage(message: MailMessage, domain = 'artigianimilano.it', date = new Date()): Buffer {
  const boundary = () => `=_${randomBytes(12).toString('hex')}`
  const headers = [
    `From: ${encodeMailbox('From', message.from)}`,
    `To: ${encodeMailbox('To', message.to)}`,
    ...(message.replyTo ? [`Reply-To: ${encodeMailbox('Reply-To', message.replyTo)}`] : []),
    `Subject: ${encodeHeaderText(message.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomBytes(16).toString('hex')}@${domain}>`,
    'MIME-Version: 1.0',
  ]
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!HEADER_NAME.test(name)) throw new UnsafeHeaderError(`header name ${JSON.stringify(name)} is not valid`)
    headers.push(`${name}: ${safe(name, value)}`)
  }
  const alternative = boundary()
  const alternativePart = [
    `Content-Type: multipart/alternative; boundary="${alternative}"`,
    '',
    `--${alternative}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(message.text),
    `--${alternative}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(message.html),
    `--${alternative}--`,
    '',
  ].join('\r\n')

  const attachments = message.attachments ?? []
  if (!attachments.length) return Buffer.from(`${headers.join('\r\n')}\r\n${alternativePart}`, 'utf8')

  const mixed = boundary()
  const parts = [`${headers.join('\r\n')}\r\nContent-Type: multipart/mixed; boundary="${mixed}"\r\n\r\n--${mixed}\r\n${alternativePart}`]
  for (const file of attachments) {
    const params = fileNameParams(file.fileName)
    parts.push(
      `--${mixed}\r\nContent-Type: ${safe('Content-Type', file.contentType)}; ${params.type}\r\nContent-Disposition: attachment; ${params.disposition}\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(file.content)}`,
    )
  }
  parts.push(`--${mixed}--\r\n`)
  return Buffer.from(parts.join('\r\n'), 'utf8')
}

/** Bytes a file adds to a raw message: base64 with line breaks, plus its part headers. */
export function encodedSize(bytes: number): number {
  return Math.ceil(bytes / 3) * 4 * (78 / 76) + 400
}

// The raw message is composed by nodemailer's MailComposer (docs/decisions/047-mime-composer.md): encoded words,
// RFC 2231 file names, folding and boundaries are its own, kept up to date upstream; this module only refuses what
// must never reach a header and says how large a message may grow.
import { randomBytes } from 'node:crypto'
import MailComposer from 'nodemailer/lib/mail-composer'
import { encodeWord } from 'nodemailer/lib/mime-funcs'

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

/** Fields the message writes itself: a caller's header of the same name is left out, never sent twice or in their place. */
const OWN_FIELDS = new Set(['from', 'to', 'reply-to', 'subject', 'date', 'message-id', 'mime-version', 'content-type', 'content-transfer-encoding'])

export class UnsafeHeaderError extends Error {}

function refuseLineBreak(name: string, value: string) {
  if (LINE_BREAK.test(value)) throw new UnsafeHeaderError(`header ${name} contains a line break`)
}

/** `local@domain` with nothing that needs quoting: what the outbox stores and MAIL_FROM allows. */
const PLAIN_ADDRESS = /^[^\s"(),:;<>@[\\\]]+@[^\s"(),:;<>@[\\\]]+$/

/**
 * `address` or `Name <address>`, read as env.ts reads MAIL_FROM (one reading of one value; the composer's own parser
 * reads comments and groups). Sliced at the last '<': the pattern `\s*(.*?)\s*<` took cubic time on a run of spaces.
 */
function mailbox(field: string, value: string): { name: string; address: string } {
  refuseLineBreak(field, value)
  const trimmed = value.trim()
  const open = trimmed.endsWith('>') ? trimmed.lastIndexOf('<') : -1
  const address = open < 0 ? trimmed : trimmed.slice(open + 1, -1)
  const name = open < 0 ? '' : trimmed.slice(0, open).trim().replace(/^"|"$/g, '')
  // A value that is not one plain address would be sent as something else: the composer drops a field without an
  // address and sends to every address of a list.
  if (!PLAIN_ADDRESS.test(address) || /[<>]/.test(name)) throw new UnsafeHeaderError(`header ${field} is not one address`)
  return { name, address }
}

/** Builds the raw RFC 5322 message sent with SES SendRawEmail: text and HTML alternatives, then the attachments. */
export async function buildMimeMessage(message: MailMessage, domain = 'artigianimilano.it', date = new Date()): Promise<Buffer> {
  const from = mailbox('From', message.from)
  const to = mailbox('To', message.to)
  const replyTo = message.replyTo ? mailbox('Reply-To', message.replyTo) : undefined
  // The former builder's message for the subject, kept for the operators who search the outbox's errors for it.
  refuseLineBreak('text', message.subject)
  const headers = Object.entries(message.headers ?? {})
  for (const [name, value] of headers) {
    if (!HEADER_NAME.test(name)) throw new UnsafeHeaderError(`header name ${JSON.stringify(name)} is not valid`)
    refuseLineBreak(name, value)
  }
  for (const file of message.attachments ?? []) refuseLineBreak('Content-Type', file.contentType)
  const extra = headers.filter(([name]) => !OWN_FIELDS.has(name.toLowerCase()))
  // The composer capitalises header names its own way (X-Artigiani-Mail-ID); ours go out as the caller spelled them.
  const spelling = new Map(extra.map(([name]) => [name.toLowerCase(), name]))
  const composer = new MailComposer({
    from,
    to,
    replyTo,
    // An encoded word typed into a subject is text: the composer would pass it through, for the reader to decode it.
    subject: message.subject.includes('=?') ? encodeWord(message.subject, 'B', 52) : message.subject,
    date,
    messageId: `<${randomBytes(16).toString('hex')}@${domain}>`,
    // As bytes, so an empty body is still its own part; in base64, which encodedBodySize counts on whatever the text holds.
    text: Buffer.from(message.text, 'utf8'),
    html: Buffer.from(message.html, 'utf8'),
    encoding: 'base64',
    textEncoding: 'B',
    headers: Object.fromEntries(extra),
    normalizeHeaderKey: (key) => spelling.get(key.toLowerCase()) ?? key,
    attachments: (message.attachments ?? []).map((file) => ({
      filename: file.fileName,
      contentType: file.contentType,
      content: file.content,
      contentTransferEncoding: 'base64',
    })),
    // Content is only ever the bytes given here, never a path or a URL for the composer to read.
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  return composer.compile().build()
}

/** Bytes a file adds to a raw message: base64 with line breaks, plus its part headers (its name encoded twice, RFC 2047 and 2231). */
export function encodedSize(bytes: number, fileName = ''): number {
  return Math.ceil(bytes / 3) * 4 * (78 / 76) + 400 + 8 * Buffer.byteLength(fileName)
}

/** Bytes a message takes without its attachments: its headers and both bodies in base64 with line breaks, with room to spare. */
export function encodedBodySize(message: Pick<MailMessage, 'html' | 'text'>): number {
  return 64 * 1024 + (Buffer.byteLength(message.html) + Buffer.byteLength(message.text)) * 1.4
}

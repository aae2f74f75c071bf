import { z } from 'zod'
import type { EmailEventKind } from '#db/schema.ts'

/** The header every mail of the site carries, naming its row: `o<id>` for the outbox, `n<id>` for a campaign's delivery. */
export const MAIL_REF_HEADER = 'X-Artigiani-Mail-Id'

export type MailRef = { source: 'outbox'; id: number } | { source: 'newsletter'; id: number }

export const outboxRef = (id: number) => `o${id}`
export const deliveryRef = (id: number) => `n${id}`

export function parseMailRef(value: string | undefined): MailRef | null {
  const match = /^([on])([1-9]\d{0,14})$/.exec(value?.trim() ?? '')
  if (!match) return null
  return { source: match[1] === 'o' ? 'outbox' : 'newsletter', id: Number(match[2]) }
}

const address = z.string().max(320)
const recipients = z.array(z.object({ emailAddress: address }).loose()).max(100)
const timestamp = z.string().max(40).optional()

/**
 * An SES notification (identity notifications: `notificationType`) or event (configuration set event publishing:
 * `eventType`), as much of it as we use. https://docs.aws.amazon.com/ses/latest/dg/notification-contents.html
 */
const sesMessage = z
  .object({
    notificationType: z.string().max(40).optional(),
    eventType: z.string().max(40).optional(),
    mail: z
      .object({
        messageId: z.string().min(1).max(200),
        timestamp,
        destination: z.array(address).max(100).default([]),
        headers: z
          .array(z.object({ name: z.string().max(200), value: z.string().max(2000) }).loose())
          .max(500)
          .default([]),
      })
      .loose(),
    bounce: z
      .object({ bounceType: z.string().max(40), bounceSubType: z.string().max(40).optional(), bouncedRecipients: recipients, timestamp })
      .loose()
      .optional(),
    complaint: z
      .object({ complainedRecipients: recipients, complaintFeedbackType: z.string().max(40).optional(), timestamp })
      .loose()
      .optional(),
    delivery: z
      .object({ recipients: z.array(address).max(100), timestamp })
      .loose()
      .optional(),
    open: z.object({ timestamp }).loose().optional(),
    click: z.object({ timestamp }).loose().optional(),
  })
  .loose()

/** What one SES message tells us, addresses lower-cased. */
export type SesFeedback = {
  messageId: string
  ref: MailRef | null
  events: { kind: EmailEventKind; email: string; detail: string | null; occurredAt: string }[]
}

/** The kinds of SES message we act on; the rest (Send, Reject, DeliveryDelay, RenderingFailure…) are acknowledged and ignored. */
const HANDLED = new Set(['Bounce', 'Complaint', 'Delivery', 'Open', 'Click'])

const normalize = (email: string) => email.trim().toLowerCase()

function when(value: string | undefined, fallback: string): string {
  const time = value ? Date.parse(value) : Number.NaN
  return Number.isNaN(time) ? fallback : new Date(time).toISOString()
}

/** Reads an SES message; null when it is a kind we do not act on; throws when it is not SES's shape. */
export function parseSesFeedback(message: string, receivedAt: string): SesFeedback | null {
  let json: unknown
  try {
    json = JSON.parse(message)
  } catch {
    throw new Error('the SNS Message is not JSON')
  }
  const parsed = sesMessage.safeParse(json)
  if (!parsed.success) throw new Error('the SNS Message is not an SES notification')
  const ses = parsed.data
  const type = ses.eventType ?? ses.notificationType ?? ''
  if (!HANDLED.has(type)) return null
  const header = ses.mail.headers.find((h) => h.name.toLowerCase() === MAIL_REF_HEADER.toLowerCase())
  const base = { messageId: ses.mail.messageId, ref: parseMailRef(header?.value) }
  const fallback = when(ses.mail.timestamp, receivedAt)
  if (type === 'Bounce') {
    if (!ses.bounce) throw new Error('a Bounce without its bounce object')
    const permanent = ses.bounce.bounceType === 'Permanent'
    const detail = [ses.bounce.bounceType, ses.bounce.bounceSubType].filter(Boolean).join('/')
    const occurredAt = when(ses.bounce.timestamp, fallback)
    return {
      ...base,
      events: ses.bounce.bouncedRecipients.map((r) => ({ kind: permanent ? 'bounce' : 'soft_bounce', email: normalize(r.emailAddress), detail, occurredAt })),
    }
  }
  if (type === 'Complaint') {
    if (!ses.complaint) throw new Error('a Complaint without its complaint object')
    const occurredAt = when(ses.complaint.timestamp, fallback)
    const detail = ses.complaint.complaintFeedbackType ?? null
    return { ...base, events: ses.complaint.complainedRecipients.map((r) => ({ kind: 'complaint', email: normalize(r.emailAddress), detail, occurredAt })) }
  }
  if (type === 'Delivery') {
    if (!ses.delivery) throw new Error('a Delivery without its delivery object')
    const occurredAt = when(ses.delivery.timestamp, fallback)
    return { ...base, events: ses.delivery.recipients.map((email) => ({ kind: 'delivery', email: normalize(email), detail: null, occurredAt })) }
  }
  const kind = type === 'Open' ? 'open' : 'click'
  const occurredAt = when((type === 'Open' ? ses.open : ses.click)?.timestamp, fallback)
  return { ...base, events: ses.mail.destination.map((email) => ({ kind, email: normalize(email), detail: null, occurredAt })) }
}

import crypto from 'node:crypto'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import selfsigned from 'selfsigned'

export const TOPIC = 'arn:aws:sns:eu-south-1:123456789012:ses-feedback'

export type FakeSns = {
  /** `localhost:<port>`: what the webhook under test accepts certificates from. */
  host: string
  hostPattern: RegExp
  certUrl: string
  /** How many times the signing certificate and the subscription links were fetched. */
  certFetches(): number
  confirmations(): string[]
  /** A signed SNS message (SignatureVersion 1 or 2), exactly as SNS posts it. */
  sign(fields: Partial<SnsFields> & { Message: string }, version?: '1' | '2'): Record<string, string>
  /** An SES notification about a mail, wrapped in a signed SNS Notification. */
  notification(ses: object, fields?: Partial<SnsFields>): string
  stop(): Promise<void>
}

type SnsFields = {
  Type: string
  MessageId: string
  TopicArn: string
  Timestamp: string
  Subject?: string
  SubscribeURL?: string
  Token?: string
  SigningCertURL: string
}

const NOTIFICATION_KEYS = ['Message', 'MessageId', 'Subject', 'SubscribeURL', 'Timestamp', 'TopicArn', 'Type']
const SUBSCRIPTION_KEYS = ['Message', 'MessageId', 'Subject', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type']

/**
 * Plays Amazon SNS for the webhook: a local HTTPS server with a self-signed certificate (trusted by this process's
 * https agent only) serving the signing certificate and the subscription links, and messages signed with its key.
 */
export async function startFakeSns(): Promise<FakeSns> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  })
  let fetches = 0
  const confirmed: string[] = []
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    if (req.url === '/SimpleNotificationService-test.pem') {
      fetches += 1
      res.writeHead(200, { 'Content-Type': 'application/x-pem-file' }).end(pems.cert)
      return
    }
    if (req.url?.startsWith('/confirm?')) {
      confirmed.push(req.url)
      res.writeHead(200, { 'Content-Type': 'text/xml' }).end('<ConfirmSubscriptionResponse/>')
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const previousCa = https.globalAgent.options.ca
  https.globalAgent.options.ca = [pems.cert]
  const host = `localhost:${port}`
  const certUrl = `https://${host}/SimpleNotificationService-test.pem`

  function sign(fields: Partial<SnsFields> & { Message: string }, version: '1' | '2' = '2') {
    const message: Record<string, string> = {
      Type: 'Notification',
      MessageId: crypto.randomUUID(),
      TopicArn: TOPIC,
      Timestamp: new Date().toISOString(),
      SignatureVersion: version,
      SigningCertURL: certUrl,
      ...(fields as Record<string, string>),
    }
    const keys = message.Type === 'SubscriptionConfirmation' ? SUBSCRIPTION_KEYS : NOTIFICATION_KEYS
    const signer = crypto.createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256')
    for (const key of keys) if (key in message) signer.update(`${key}\n${message[key]}\n`, 'utf8')
    message.Signature = signer.sign(pems.private, 'base64')
    return message
  }

  return {
    host,
    hostPattern: new RegExp(`^localhost:${port}$`),
    certUrl,
    certFetches: () => fetches,
    confirmations: () => confirmed,
    sign,
    notification: (ses, fields = {}) => JSON.stringify(sign({ ...fields, Message: JSON.stringify(ses) })),
    async stop() {
      https.globalAgent.options.ca = previousCa
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** An SES notification (identity notifications' shape) about one sent mail. */
export function sesNotification(
  type: 'Bounce' | 'Complaint' | 'Delivery' | 'Open' | 'Click',
  mail: { messageId: string; to: string; ref?: string },
  options: { bounceType?: 'Permanent' | 'Transient' | 'Undetermined'; eventStyle?: boolean; at?: string } = {},
): object {
  const at = options.at ?? new Date().toISOString()
  const headers = mail.ref ? [{ name: 'X-Artigiani-Mail-Id', value: mail.ref }] : []
  const common = {
    [options.eventStyle ? 'eventType' : 'notificationType']: type,
    mail: { timestamp: at, messageId: mail.messageId, source: 'noreply@artigianimilano.it', destination: [mail.to], headersTruncated: false, headers },
  }
  if (type === 'Bounce') {
    const bounceType = options.bounceType ?? 'Permanent'
    return {
      ...common,
      bounce: {
        bounceType,
        bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull',
        bouncedRecipients: [{ emailAddress: mail.to }],
        timestamp: at,
      },
    }
  }
  if (type === 'Complaint')
    return { ...common, complaint: { complainedRecipients: [{ emailAddress: mail.to }], complaintFeedbackType: 'abuse', timestamp: at } }
  if (type === 'Delivery') return { ...common, delivery: { recipients: [mail.to], timestamp: at, smtpResponse: '250 ok' } }
  if (type === 'Open') return { ...common, open: { timestamp: at, ipAddress: '192.0.2.1', userAgent: 'Mail' } }
  return { ...common, click: { timestamp: at, link: 'https://example.com/' } }
}

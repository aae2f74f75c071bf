import crypto from 'node:crypto'
import dns from 'node:dns'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import selfsigned from 'selfsigned'

export const TOPIC = 'arn:aws:sns:eu-south-1:123456789012:ses-feedback'

/** How the fake SNS serves a certificate path: as Amazon does, or as a hostile or broken server would. */
export type CertificateBehaviour = 'expired' | 'oversize' | 'endless' | 'trickle' | 'not-a-certificate'

export type FakeSns = {
  /** `<name>:<port>`: what the webhook under test accepts certificates from. */
  host: string
  port: number
  hostPattern: RegExp
  certUrl: string
  /** A certificate URL of Amazon's shape on this server, another file name each `id`: the same certificate behind it. */
  certUrlFor(id: number): string
  /** A certificate URL of Amazon's shape whose answer misbehaves as `behaviour` says. */
  badCertUrl(behaviour: CertificateBehaviour): string
  /** How many times a certificate (any path ending in `.pem`, or only `path`) was fetched. */
  certFetches(path?: string): number
  /** Every request this server received, as its request line's target. */
  requests(): string[]
  /** Certificate answers still being written (an endless or trickling body the client has not cut off). */
  streaming(): number
  confirmations(): string[]
  /** A signed SNS message (SignatureVersion 1 or 2), exactly as SNS posts it; `signer: 'expired'` signs with the expired certificate's key. */
  sign(fields: Partial<SnsFields> & { Message: string }, version?: '1' | '2', signer?: 'expired'): Record<string, string>
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
  UnsubscribeURL?: string
}

// What AWS signs for each type (https://docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html).
const NOTIFICATION_KEYS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
const SUBSCRIPTION_KEYS = ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type']

const DAY = 24 * 60 * 60 * 1000
const hexOf = (id: number) => id.toString(16).padStart(32, '0')

/**
 * Plays Amazon SNS for the webhook: a local HTTPS server with a self-signed certificate (trusted by this process's
 * https agent only) serving the signing certificate on any path ending in `.pem` (so that only the webhook's own rules
 * refuse a path) and the subscription links, and messages signed with its key. `name` other than `localhost` is
 * resolved to 127.0.0.1 by the same agent, so a test can stand up a second host.
 */
export async function startFakeSns({ name = 'localhost' }: { name?: string } = {}): Promise<FakeSns> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: name }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: name }] }],
  })
  const expired = await selfsigned.generate([{ name: 'commonName', value: 'expired' }], {
    keySize: 2048,
    notBeforeDate: new Date(Date.now() - 400 * DAY),
    notAfterDate: new Date(Date.now() - 30 * DAY),
  })
  const behaviours = new Map<string, CertificateBehaviour>()
  const fetches: string[] = []
  const requested: string[] = []
  const confirmed: string[] = []
  let streaming = 0
  const padding = `${'x'.repeat(63)}\n`
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    requested.push(req.url ?? '')
    const path = new URL(req.url ?? '/', 'https://fake-sns').pathname
    if (path.endsWith('.pem')) {
      fetches.push(path)
      const behaviour = behaviours.get(path)
      res.writeHead(200, { 'Content-Type': 'application/x-pem-file' })
      if (behaviour === 'expired') res.end(expired.cert)
      else if (behaviour === 'not-a-certificate') res.end('-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n')
      // A PEM reader skips the lines before the certificate: a reader without a size limit would take this one.
      else if (behaviour === 'oversize') res.end(padding.repeat(16 * 1024) + pems.cert)
      else if (behaviour === 'endless' || behaviour === 'trickle') {
        streaming += 1
        const timer = setInterval(() => {
          if (behaviour === 'trickle') res.write('x')
          else while (res.write(padding.repeat(64))) {}
        }, 20)
        res.on('close', () => {
          clearInterval(timer)
          streaming -= 1
        })
      } else res.end(pems.cert)
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
  const options = https.globalAgent.options
  const previous = { ca: options.ca, lookup: options.lookup }
  options.ca = [...(previous.ca === undefined ? [] : Array.isArray(previous.ca) ? previous.ca : [previous.ca]), pems.cert]
  if (name !== 'localhost') {
    const resolveName = previous.lookup ?? dns.lookup
    options.lookup = ((hostname: string, lookupOptions: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
      if (hostname !== name) return resolveName(hostname, lookupOptions, callback as never)
      if (lookupOptions.all) callback(null, [{ address: '127.0.0.1', family: 4 }])
      else callback(null, '127.0.0.1', 4)
    }) as typeof dns.lookup
  }
  const host = `${name}:${port}`
  const certUrlFor = (id: number) => `https://${host}/SimpleNotificationService-${hexOf(id)}.pem`
  let bad = 0
  function badCertUrl(behaviour: CertificateBehaviour) {
    const url = certUrlFor(0xbad0000 + ++bad)
    behaviours.set(new URL(url).pathname, behaviour)
    return url
  }
  const expiredUrl = badCertUrl('expired')
  const certUrl = certUrlFor(0x5e5)

  function sign(fields: Partial<SnsFields> & { Message: string }, version: '1' | '2' = '2', signer?: 'expired') {
    const message: Record<string, string> = {
      Type: 'Notification',
      MessageId: crypto.randomUUID(),
      TopicArn: TOPIC,
      Timestamp: new Date().toISOString(),
      SignatureVersion: version,
      SigningCertURL: signer === 'expired' ? expiredUrl : certUrl,
      ...(fields as Record<string, string>),
    }
    if (message.Type === 'Notification' && !('UnsubscribeURL' in fields)) {
      message.UnsubscribeURL = `https://${host}/?Action=Unsubscribe&SubscriptionArn=${message.TopicArn}:0b1c2d3e`
    }
    const keys = message.Type === 'Notification' ? NOTIFICATION_KEYS : SUBSCRIPTION_KEYS
    const signing = crypto.createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256')
    for (const key of keys) if (key in message) signing.update(`${key}\n${message[key]}\n`, 'utf8')
    message.Signature = signing.sign(signer === 'expired' ? expired.private : pems.private, 'base64')
    return message
  }

  return {
    host,
    port,
    hostPattern: new RegExp(`^${name.replaceAll('.', '\\.')}:${port}$`),
    certUrl,
    certUrlFor,
    badCertUrl,
    certFetches: (path) => (path === undefined ? fetches.length : fetches.filter((fetched) => fetched === path).length),
    requests: () => requested,
    streaming: () => streaming,
    confirmations: () => confirmed,
    sign,
    notification: (ses, fields = {}) => JSON.stringify(sign({ ...fields, Message: JSON.stringify(ses) })),
    async stop() {
      options.ca = previous.ca
      options.lookup = previous.lookup
      server.closeAllConnections()
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

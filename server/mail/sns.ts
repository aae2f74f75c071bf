import crypto from 'node:crypto'
import https from 'node:https'

/** Where Amazon SNS serves its signing certificates and subscription links: `sns.<region>.amazonaws.com`. */
export const AMAZON_SNS_HOST = /^sns\.[a-z0-9-]{3,}\.amazonaws\.com(\.cn)?$/

/** A verified SNS message (https://docs.aws.amazon.com/sns/latest/dg/sns-message-and-json-formats.html). */
export type SnsMessage = {
  Type: 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation'
  MessageId: string
  TopicArn: string
  Message: string
  Timestamp: string
  Subject?: string
  SubscribeURL?: string
  Token?: string
}

/** A message as SNS posts it, before its signature is checked. */
type SignedSnsMessage = SnsMessage & { Signature: string; SignatureVersion: string; SigningCertURL: string; UnsubscribeURL?: string }

/** Why a message was refused: the HTTP status, and the reason for the operator's log (English, no addresses). */
export class SnsRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 409 | 422 | 503,
    message: string,
  ) {
    super(message)
  }
}

/** SNS retries a delivery for at most about an hour by default; anything older than this is a replay, and the replay table can forget it. */
export const MAX_MESSAGE_AGE_MS = 7 * 24 * 60 * 60 * 1000

/** Signing certificates kept in memory: SNS signs with one per region, changed every few years. */
export const SIGNING_CERTIFICATES_KEPT = 32
/** A signing certificate is about 1.7 KB of PEM: anything longer is not one. */
export const SIGNING_CERTIFICATE_MAX_BYTES = 8 * 1024
const SIGNING_CERTIFICATE_TIMEOUT_MS = 5_000
/** The only path of Amazon's signing certificates. */
const SIGNING_CERTIFICATE_PATH = /^\/SimpleNotificationService-[0-9a-f]{8,64}\.pem$/
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/

const SIGNATURE = ['Signature', 'SignatureVersion', 'SigningCertURL']
/** Each type's exact keys as SNS posts them over HTTPS, and what it signs in that order (AWS's "Verifying the signatures"). */
const FORMATS = {
  Notification: {
    required: ['Type', 'MessageId', 'TopicArn', 'Message', 'Timestamp', ...SIGNATURE],
    optional: ['Subject', 'UnsubscribeURL'],
    signed: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  },
  SubscriptionConfirmation: {
    required: ['Type', 'MessageId', 'Token', 'TopicArn', 'Message', 'SubscribeURL', 'Timestamp', ...SIGNATURE],
    optional: [],
    signed: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  },
  UnsubscribeConfirmation: {
    required: ['Type', 'MessageId', 'Token', 'TopicArn', 'Message', 'SubscribeURL', 'Timestamp', ...SIGNATURE],
    optional: [],
    signed: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  },
} as const satisfies Record<SnsMessage['Type'], { required: string[]; optional: string[]; signed: string[] }>

/**
 * The members of the top-level object of valid JSON text, duplicates included (JSON.parse keeps only the last of
 * each): its colons outside strings one level deep. One pass, whatever the text.
 */
function topLevelMembers(json: string): number {
  let depth = 0
  let members = 0
  let inString = false
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) depth++
    else if (c === 0x7d || c === 0x5d) depth--
    else if (c === 0x3a && depth === 1) members++
  }
  return members
}

/** The message exactly as SNS posts it: one object of strings with its type's keys, each once, or a refusal. */
function readMessage(body: string): SignedSnsMessage {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    throw new SnsRefusal(400, 'body is not JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new SnsRefusal(400, 'body is not an SNS message')
  const message = parsed as Record<string, unknown>
  const keys = Object.keys(message)
  if (topLevelMembers(body) !== keys.length) throw new SnsRefusal(400, 'SNS message with a key written twice')
  if (typeof message.Type !== 'string' || !Object.hasOwn(FORMATS, message.Type)) throw new SnsRefusal(400, 'unknown SNS message type')
  const format = FORMATS[message.Type as SnsMessage['Type']]
  for (const key of format.required) if (typeof message[key] !== 'string') throw new SnsRefusal(400, `SNS message without ${key}`)
  const known = new Set<string>([...format.required, ...format.optional])
  for (const key of keys) {
    if (!known.has(key)) throw new SnsRefusal(400, 'SNS message with a key its type does not have')
    if (typeof message[key] !== 'string') throw new SnsRefusal(400, `SNS message whose ${key} is not a string`)
  }
  return message as SignedSnsMessage
}

/** `text` parsed once with the WHATWG parser, if it is an https URL without userinfo on a host matching `hostPattern`. */
function urlOnHost(text: string, hostPattern: RegExp): URL | null {
  if (!URL.canParse(text)) return null
  const url = new URL(text)
  return url.protocol === 'https:' && hostPattern.test(url.host) && !url.username && !url.password ? url : null
}

/**
 * The certificate URL, if it is exactly `https://<allowed host>/SimpleNotificationService-<hex>.pem`: written as the
 * parser writes it back (no escapes, case, dot segments or stray characters for another parser to read differently),
 * without userinfo, port (unless `hostPattern` names one), query or fragment.
 */
function signingCertificateUrl(text: string, hostPattern: RegExp): URL | null {
  const url = urlOnHost(text, hostPattern)
  if (!url || !SIGNING_CERTIFICATE_PATH.test(url.pathname) || text !== `https://${url.host}${url.pathname}`) return null
  return url
}

/** The body of `url`, refused past `maxBytes` or `timeoutMs` (the whole answer, not only a silence). */
function download(url: URL, { maxBytes, timeoutMs }: { maxBytes: number; timeoutMs: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const fail = (refusal: SnsRefusal) => {
      clearTimeout(timer)
      request.destroy()
      reject(refusal)
    }
    const timer = setTimeout(() => fail(new SnsRefusal(503, `SNS signing certificate not received within ${timeoutMs} ms`)), timeoutMs)
    // A fresh connection each time: certificates are fetched rarely, and a kept-alive one the server has just closed would fail.
    const request = https.get(url, { headers: { Connection: 'close' } }, (response) => {
      const status = response.statusCode ?? 0
      if (status !== 200) return fail(new SnsRefusal(status >= 500 ? 503 : 403, `SNS signing certificate answered ${status}`))
      const chunks: Buffer[] = []
      let size = 0
      const tooLarge = new SnsRefusal(403, `SNS signing certificate larger than ${maxBytes} bytes`)
      if (Number(response.headers['content-length']) > maxBytes) return fail(tooLarge)
      response.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > maxBytes) fail(tooLarge)
        else chunks.push(chunk)
      })
      response.on('end', () => {
        clearTimeout(timer)
        resolve(Buffer.concat(chunks).toString('utf8'))
      })
      response.on('error', (error) => fail(new SnsRefusal(503, `SNS signing certificate could not be read: ${error.message}`)))
    })
    request.on('error', (error) => fail(new SnsRefusal(503, `SNS signing certificate could not be fetched: ${error.message}`)))
  })
}

function signingCertificate(pem: string): crypto.X509Certificate {
  let certificate: crypto.X509Certificate
  try {
    certificate = new crypto.X509Certificate(pem)
  } catch {
    throw new SnsRefusal(403, 'SNS signing certificate is not an X.509 certificate')
  }
  if (certificate.publicKey.asymmetricKeyType !== 'rsa') throw new SnsRefusal(403, 'SNS signing certificate without an RSA key')
  return certificate
}

/**
 * Checks an SNS message as Amazon documents it, with node:crypto (SignatureVersion 1 and 2, decision 043): the message
 * is exactly its type's keys, the signing certificate is fetched only from Amazon's path on a host matching
 * `hostPattern` (Amazon's own unless a test trusts its own server), within a size and a time limit, and a few are kept;
 * the topic must be one of ours.
 */
export function createSnsVerifier({
  topics,
  hostPattern = AMAZON_SNS_HOST,
  certificateTimeoutMs = SIGNING_CERTIFICATE_TIMEOUT_MS,
}: {
  topics: readonly string[]
  hostPattern?: RegExp
  certificateTimeoutMs?: number
}) {
  const allowed = new Set(topics)
  /** By URL, least recently used first; a download under way is shared by the messages waiting for it. */
  const certificates = new Map<string, Promise<crypto.X509Certificate>>()

  function certificateAt(url: URL): Promise<crypto.X509Certificate> {
    const key = url.href
    let certificate = certificates.get(key)
    if (certificate) certificates.delete(key)
    else {
      const fetched = download(url, { maxBytes: SIGNING_CERTIFICATE_MAX_BYTES, timeoutMs: certificateTimeoutMs }).then(signingCertificate)
      fetched.catch(() => {
        if (certificates.get(key) === fetched) certificates.delete(key)
      })
      certificate = fetched
    }
    certificates.set(key, certificate)
    if (certificates.size > SIGNING_CERTIFICATES_KEPT) certificates.delete(certificates.keys().next().value as string)
    return certificate
  }

  async function verify(body: string, now = Date.now()): Promise<SnsMessage> {
    const message = readMessage(body)
    if (!allowed.has(message.TopicArn)) throw new SnsRefusal(403, 'SNS message from a topic that is not ours')
    const version = message.SignatureVersion
    if (version !== '1' && version !== '2') throw new SnsRefusal(403, 'SNS signature version other than 1 and 2')
    const sent = TIMESTAMP.test(message.Timestamp) ? Date.parse(message.Timestamp) : Number.NaN
    if (Number.isNaN(sent) || now - sent > MAX_MESSAGE_AGE_MS) throw new SnsRefusal(400, 'SNS message too old or without a valid timestamp')
    const certificateUrl = signingCertificateUrl(message.SigningCertURL, hostPattern)
    if (!certificateUrl) throw new SnsRefusal(403, "SNS signing certificate URL not of the shape of Amazon's on the allowed host")
    if (message.Type === 'SubscriptionConfirmation' && !urlOnHost(message.SubscribeURL ?? '', hostPattern)) {
      throw new SnsRefusal(403, 'subscription link outside the allowed host')
    }
    const certificate = await certificateAt(certificateUrl)
    if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo)) {
      certificates.delete(certificateUrl.href)
      throw new SnsRefusal(403, 'SNS signing certificate outside its validity')
    }
    const fields = message as Record<string, string>
    const signed = FORMATS[message.Type].signed.flatMap((key) => (key in fields ? [`${key}\n${fields[key]}\n`] : [])).join('')
    const signature = Buffer.from(message.Signature, 'base64')
    if (!crypto.verify(version === '1' ? 'sha1' : 'sha256', Buffer.from(signed, 'utf8'), certificate.publicKey, signature)) {
      throw new SnsRefusal(403, 'SNS signature refused')
    }
    const { Signature: _signature, SignatureVersion: _version, SigningCertURL: _url, UnsubscribeURL: _unsubscribe, ...verified } = message
    return verified
  }

  /** Visits the SubscribeURL of a verified confirmation (a GET on Amazon's host), as SNS asks. */
  function confirmSubscription(message: SnsMessage): Promise<void> {
    const url = urlOnHost(message.SubscribeURL ?? '', hostPattern)
    if (!url) return Promise.reject(new SnsRefusal(403, 'subscription link outside the allowed host'))
    return new Promise((resolve, reject) => {
      const request = https.get(url, { timeout: 10_000, headers: { Connection: 'close' } }, (response) => {
        response.resume()
        if (response.statusCode === 200) resolve()
        else reject(new Error(`SNS answered ${response.statusCode} to the subscription confirmation`))
      })
      request.on('timeout', () => request.destroy(new Error('SNS subscription confirmation timed out')))
      request.on('error', reject)
    })
  }

  return { verify, confirmSubscription }
}

export type SnsVerifier = ReturnType<typeof createSnsVerifier>

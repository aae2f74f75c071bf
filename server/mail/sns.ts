import https from 'node:https'
import MessageValidator from 'sns-validator'

/** Where Amazon SNS serves its signing certificates and subscription links: `sns.<region>.amazonaws.com`. */
export const AMAZON_SNS_HOST = /^sns\.[a-z0-9-]{3,}\.amazonaws\.com(\.cn)?$/

/** A verified SNS message (https://docs.aws.amazon.com/sns/latest/dg/sns-message-and-json-formats.html). */
export type SnsMessage = {
  Type: 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation'
  MessageId: string
  TopicArn: string
  Message: string
  Timestamp: string
  SubscribeURL?: string
}

/** Why a message was refused: the HTTP status, and the reason for the operator's log (English, no addresses). */
export class SnsRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 409 | 422,
    message: string,
  ) {
    super(message)
  }
}

const TYPES = new Set(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'])
/** SNS retries a delivery for at most about an hour by default; anything older than this is a replay, and the replay table can forget it. */
export const MAX_MESSAGE_AGE_MS = 7 * 24 * 60 * 60 * 1000

function sameHost(url: string, hostPattern: RegExp): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' && hostPattern.test(parsed.host) && !parsed.username && !parsed.password
  } catch {
    return false
  }
}

/**
 * Checks an SNS message as Amazon documents it, with the sns-validator package (SignatureVersion 1 and 2): the
 * certificate must come from `https://` on a host matching `hostPattern` (Amazon's own unless a test trusts its
 * own server) and is cached; the topic must be one of ours.
 */
export function createSnsVerifier({ topics, hostPattern = AMAZON_SNS_HOST }: { topics: readonly string[]; hostPattern?: RegExp }) {
  const validator = new MessageValidator(hostPattern)
  const allowed = new Set(topics)

  async function verify(body: string, now = Date.now()): Promise<SnsMessage> {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      throw new SnsRefusal(400, 'body is not JSON')
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new SnsRefusal(400, 'body is not an SNS message')
    const message = parsed as Record<string, unknown>
    for (const key of ['Type', 'MessageId', 'TopicArn', 'Message', 'Timestamp', 'Signature', 'SignatureVersion', 'SigningCertURL']) {
      if (typeof message[key] !== 'string') throw new SnsRefusal(400, `SNS message without ${key}`)
    }
    if (!TYPES.has(message.Type as string)) throw new SnsRefusal(400, 'unknown SNS message type')
    if (!allowed.has(message.TopicArn as string)) throw new SnsRefusal(403, 'SNS message from a topic that is not ours')
    if (!sameHost(message.SigningCertURL as string, hostPattern)) throw new SnsRefusal(403, 'SNS signing certificate outside the allowed host')
    const sent = Date.parse(message.Timestamp as string)
    if (Number.isNaN(sent) || now - sent > MAX_MESSAGE_AGE_MS) throw new SnsRefusal(400, 'SNS message too old or without a valid timestamp')
    await new Promise<void>((resolve, reject) =>
      validator.validate(message, (error) => (error ? reject(new SnsRefusal(403, `SNS signature refused: ${error.message}`)) : resolve())),
    )
    if (message.Type === 'SubscriptionConfirmation' && !sameHost(String(message.SubscribeURL ?? ''), hostPattern)) {
      throw new SnsRefusal(403, 'subscription link outside the allowed host')
    }
    return message as unknown as SnsMessage
  }

  /** Visits the SubscribeURL of a verified confirmation (a GET on Amazon's host), as SNS asks. */
  function confirmSubscription(message: SnsMessage): Promise<void> {
    const url = message.SubscribeURL ?? ''
    if (!sameHost(url, hostPattern)) return Promise.reject(new SnsRefusal(403, 'subscription link outside the allowed host'))
    return new Promise((resolve, reject) => {
      const request = https.get(url, { timeout: 10_000 }, (response) => {
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

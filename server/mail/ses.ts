import { SendRawEmailCommand, SESClient } from '@aws-sdk/client-ses'
import type { Env } from '../env.ts'
import { buildMimeMessage, type MailMessage, UnsafeHeaderError } from './mime.ts'

/** SES v1 refuses raw messages above 10 MB, counted after encoding. */
export const SES_MAX_MESSAGE_BYTES = 10 * 1024 * 1024

/** throttling and transient failures are retried later; permanent ones will never succeed as they are. */
export type SendFailureKind = 'throttling' | 'transient' | 'permanent'

export class MailSendError extends Error {
  constructor(
    message: string,
    readonly kind: SendFailureKind,
  ) {
    super(message)
  }
}

export type MailTransport = { send(message: MailMessage): Promise<{ messageId: string }>; close(): void }

const THROTTLING = new Set(['Throttling', 'ThrottlingException', 'TooManyRequestsException', 'LimitExceededException'])
const TRANSIENT = new Set([
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalFailure',
  'InternalServerError',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
  'AccountSendingPausedException',
  'CredentialsProviderError',
])

/** Sorts an SDK or network error into what the outbox should do with the mail. */
export function classifySendError(error: unknown): MailSendError {
  if (error instanceof MailSendError) return error
  const e = error as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number }; $retryable?: { throttling?: boolean } }
  const name = e?.name ?? 'Error'
  const status = e?.$metadata?.httpStatusCode
  const text = `${name}: ${e?.message ?? String(error)}`
  if (THROTTLING.has(name) || status === 429 || e?.$retryable?.throttling) return new MailSendError(text, 'throttling')
  if (TRANSIENT.has(name) || (status !== undefined && status >= 500) || e?.code?.startsWith('E') || status === undefined) {
    return new MailSendError(text, 'transient')
  }
  return new MailSendError(text, 'permanent')
}

/**
 * Sends through Amazon SES (or SES_ENDPOINT) with SendRawEmail, in SES_CONFIGURATION_SET when set (its event destination
 * reports deliveries, bounces and complaints to POST /webhooks/ses); credentials come from the AWS SDK's standard chain.
 */
export function createSesTransport(env: Pick<Env, 'SES_REGION' | 'SES_ENDPOINT' | 'PUBLIC_URL' | 'SES_CONFIGURATION_SET'>): MailTransport {
  const client = new SESClient({
    region: env.SES_REGION,
    ...(env.SES_ENDPOINT ? { endpoint: env.SES_ENDPOINT } : {}),
    // The outbox owns retries and their backoff.
    maxAttempts: 1,
  })
  const domain = new URL(env.PUBLIC_URL).hostname
  return {
    async send(message) {
      let raw: Buffer
      try {
        raw = await buildMimeMessage(message, domain)
      } catch (error) {
        if (error instanceof UnsafeHeaderError) throw new MailSendError(error.message, 'permanent')
        throw error
      }
      if (raw.length > SES_MAX_MESSAGE_BYTES) throw new MailSendError(`message of ${raw.length} bytes exceeds the SES limit`, 'permanent')
      try {
        const result = await client.send(
          new SendRawEmailCommand({ RawMessage: { Data: raw }, ...(env.SES_CONFIGURATION_SET ? { ConfigurationSetName: env.SES_CONFIGURATION_SET } : {}) }),
          { abortSignal: AbortSignal.timeout(30_000) },
        )
        return { messageId: result.MessageId ?? '' }
      } catch (error) {
        throw classifySendError(error)
      }
    },
    close() {
      client.destroy()
    },
  }
}

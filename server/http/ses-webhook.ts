import { Hono } from 'hono'
import type { DB } from '#db/client.ts'
import type { Env } from '../env.ts'
import { commitInGroup } from '../group-commit.ts'
import type { Logger } from '../logger.ts'
import { parseSesFeedback } from '../mail/ses-events.ts'
import { AMAZON_SNS_HOST, createSnsVerifier, MAX_MESSAGE_AGE_MS, SnsRefusal } from '../mail/sns.ts'
import { pruneSnsMessages, recordSesFeedback } from '../repositories/mail-feedback.ts'

/** An SNS message is at most 256 KB; its JSON envelope escapes the SES message inside it. */
export const SES_WEBHOOK_BODY_LIMIT = 512 * 1024
const PRUNE_EVERY = 1000

const answer = (status: number, text: string) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

/**
 * POST /webhooks/ses: Amazon SNS notifications of SES's deliveries, bounces and complaints (and opens and clicks when the
 * configuration set tracks them). Only signed messages of the topics in SES_SNS_TOPIC_ARNS are read; a subscription
 * confirmation is confirmed; anything else is refused with 4xx (503 when the signing certificate could not be fetched,
 * so that SNS delivers it again later), changes nothing, and is logged without addresses.
 * `hostPattern` is where signing certificates may come from: Amazon's SNS hosts; a test passes its own server (and may
 * shorten `certificateTimeoutMs`, the time a certificate has to arrive).
 */
export function createSesWebhookRoutes({
  db,
  env,
  logger,
  hostPattern = AMAZON_SNS_HOST,
  certificateTimeoutMs,
}: {
  db: DB
  env: Env
  logger: Logger
  hostPattern?: RegExp
  certificateTimeoutMs?: number
}) {
  const log = logger.child({ component: 'ses-webhook' })
  const verifier = createSnsVerifier({ topics: env.SES_SNS_TOPIC_ARNS, hostPattern, certificateTimeoutMs })
  const routes = new Hono()
  let handled = 0

  routes.post('/webhooks/ses', async (c) => {
    if (env.SES_SNS_TOPIC_ARNS.length === 0) {
      log.warn('SNS message refused: SES_SNS_TOPIC_ARNS is not set')
      return answer(404, 'Not found')
    }
    const body = await c.req.text()
    if (body.length > SES_WEBHOOK_BODY_LIMIT) return answer(413, 'Too large')
    try {
      const message = await verifier.verify(body)
      if (message.Type === 'SubscriptionConfirmation') {
        await verifier.confirmSubscription(message)
        log.info({ topic: message.TopicArn }, 'SNS subscription confirmed')
        return answer(200, 'Subscription confirmed')
      }
      if (message.Type === 'UnsubscribeConfirmation') {
        log.warn({ topic: message.TopicArn }, 'SNS says the subscription of this webhook was removed')
        return answer(200, 'Noted')
      }
      const receivedAt = new Date().toISOString()
      let feedback: ReturnType<typeof parseSesFeedback>
      try {
        feedback = parseSesFeedback(message.Message, receivedAt)
      } catch (error) {
        throw new SnsRefusal(400, (error as Error).message)
      }
      if (!feedback) return answer(200, 'Ignored')
      const result = await commitInGroup(db, (trx) =>
        recordSesFeedback(trx, { snsMessageId: message.MessageId, feedback: feedback, officeInbox: env.NOTIFY_EMAIL ?? null, receivedAt }),
      )
      if (result.outcome === 'replay') throw new SnsRefusal(409, 'SNS message already handled (replay)')
      if (result.outcome === 'unknown') throw new SnsRefusal(422, 'SES notification about a message or an address this site never mailed')
      if (result.suppressed || result.confirmed) {
        log.info({ events: result.events, suppressed: result.suppressed, confirmed: result.confirmed }, 'SES notification recorded')
      }
      if (++handled % PRUNE_EVERY === 0) {
        void pruneSnsMessages(db, new Date(Date.now() - MAX_MESSAGE_AGE_MS - 24 * 60 * 60 * 1000).toISOString()).catch((err) =>
          log.error({ err }, 'could not prune handled SNS messages'),
        )
      }
      return answer(200, 'OK')
    } catch (error) {
      if (error instanceof SnsRefusal) {
        log.warn({ status: error.status, reason: error.message }, 'SNS message refused')
        return answer(error.status, 'Refused')
      }
      log.error({ err: error }, 'SNS message could not be handled')
      return answer(500, 'Error')
    }
  })
  return routes
}

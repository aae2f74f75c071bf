import { setMaxListeners } from 'node:events'
import type { DB } from '#db/client.ts'
import type { NewsletterJob } from '#db/schema.ts'
import { databaseFault, jobErrors } from '../faults.ts'
import type { Logger } from '../logger.ts'
import {
  countOpenDeliveries,
  type DeliveryOutcome,
  prepareNewsletterRecipients,
  reconcileInterruptedDeliveries,
  type ClaimedDelivery,
  recordAndClaimDeliveries,
  recordDeliveryOutcome,
  releaseUnsentClaims,
} from '../repositories/newsletter-deliveries.ts'
import { findNewsletterJob, nextRunnableJob, releaseDueCampaigns, transitionNewsletterJob } from '../repositories/newsletter-jobs.ts'
import type { Segment } from '#shared/schemas/newsletter.ts'
import { type CampaignContent, campaignContent, type NewsletterMail, newsletterMail } from './message.ts'
import type { SendPacer } from '../mail/send-pacer.ts'

export type SendErrorKind = 'throttling' | 'transient' | 'permanent'

/** What the worker needs from SES: a send, and what kind of failure an error is. */
export type NewsletterTransport = {
  send(message: NewsletterMail): Promise<{ messageId: string }>
  classify(error: unknown): SendErrorKind
}

export type NewsletterWorkerOptions = {
  db: DB
  logger: Logger
  transport: NewsletterTransport
  publicUrl: string
  secret: string
  /** The address of the mailto: alternative in List-Unsubscribe. */
  mailtoAddress: string
  /** MAIL_RATE_PER_SECOND: of every app process together on PostgreSQL. */
  ratePerSecond: number
  /** The process's one send rate, shared with the outbox, whose mail goes first (docs/decisions/045). */
  pacer: SendPacer
  /** This process in app_instances: the deliveries it claims carry it. */
  instanceId: string
}

/** Transient errors are retried this many times before the delivery counts as failed. */
const MAX_ATTEMPTS = 5
/** This many failures in a row with no success stop the campaign as send_failed: the setup is wrong, not the addresses. */
const MAX_CONSECUTIVE_FAILURES = 50
const IDLE_POLL_MS = 5000
/** How often deliveries left in flight by a process that died are looked for. */
const RECONCILE_EVERY_MS = 30_000
const MAX_BACKOFF_MS = 60_000
/** Longest wait between two tries of a lane's step while the database does not answer. */
const MAX_RETRY_WAIT_MS = 2000

export type NewsletterWorker = {
  /** Looks for work now instead of at the next poll (after a campaign is created or resumed). */
  wake(): void
  /** Lets the mails in flight finish and be recorded, then stops. */
  stop(): Promise<void>
}

/**
 * Prepares and sends campaigns one at a time, oldest first, at the slots the pacer leaves them. Each mail is
 * claimed ('sending', with this process's id) in the database right before its SES call and settled right after;
 * processes sending the same campaign claim different deliveries (dialect/claims.ts).
 */
export function startNewsletterWorker(options: NewsletterWorkerOptions): NewsletterWorker {
  const { db, logger, transport, pacer } = options
  // Aborted at stop: lanes waiting for a slot stop waiting.
  const stopped = new AbortController()
  // Enough parallel calls to keep the rate when one SES call takes up to ~250 ms; each lane has at most one mail in flight.
  const lanes = Math.max(1, Math.min(50, Math.ceil(options.ratePerSecond / 4)))
  // Each lane waiting for its slot listens for the stop.
  setMaxListeners(lanes + 1, stopped.signal)
  let stopping = false
  let wakeUp: (() => void) | null = null
  let backoffMs = 0
  const contentCache = new Map<number, CampaignContent>()
  const errors = jobErrors(logger, 'newsletter worker')

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        if (wakeUp === done) wakeUp = null
        resolve()
      }
      wakeUp = done
    })

  async function prepare(job: NewsletterJob) {
    if (!(await transitionNewsletterJob(db, job.id, ['pending_preparation', 'preparing'], 'preparing'))) return
    const started = performance.now()
    try {
      const total = await prepareNewsletterRecipients(db, job.id, job.target_group, JSON.parse(job.filters) as Partial<Segment>)
      logger.info({ jobId: job.id, group: job.target_group, recipients: total, ms: Math.round(performance.now() - started) }, 'newsletter recipients prepared')
    } catch (error) {
      // An outage: prepared again once the database answers. A statement the server cancelled (57014, longer than
      // DATABASE_STATEMENT_TIMEOUT_MS) would be cancelled again: the campaign fails with that reason instead.
      const fault = databaseFault(error)
      if (fault && fault.kind !== 'timeout') throw error
      const reason = error instanceof Error ? error.message : String(error)
      logger.error({ err: error, jobId: job.id }, 'newsletter preparation failed')
      await transitionNewsletterJob(db, job.id, ['preparing'], 'preparation_failed', { error: reason })
    }
  }

  function contentOf(job: NewsletterJob): CampaignContent {
    let content = contentCache.get(job.id)
    if (!content) {
      content = campaignContent(job.subject, job.body_html, job.target_group, job.id)
      contentCache.clear()
      contentCache.set(job.id, content)
    }
    return content
  }

  async function sendOne(content: CampaignContent, delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
    const mail = newsletterMail(content, { email: delivery.email, emailNormalized: delivery.emailNormalized, deliveryId: delivery.id }, options)
    try {
      const { messageId } = await transport.send(mail)
      return { kind: 'sent', messageId }
    } catch (error) {
      const kind = transport.classify(error)
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      if (kind === 'throttling') return { kind: 'retry', reason, countAttempt: false }
      if (kind === 'transient' && delivery.attempts < MAX_ATTEMPTS) return { kind: 'retry', reason, countAttempt: true }
      return { kind: 'failed', reason }
    }
  }

  /**
   * A lane's step run again until the database answers: a mail SES took is recorded, never forgotten (it would stay
   * 'sending' under a live process). A stop during an outage leaves it to reconcile (unconfirmed, not sent again).
   */
  async function untilDatabaseAnswers<T>(step: () => Promise<T>): Promise<T> {
    for (let wait = 250; ; wait = Math.min(MAX_RETRY_WAIT_MS, wait * 2)) {
      try {
        return await step()
      } catch (error) {
        if (stopping || !databaseFault(error)) throw error
        errors.failed(error, 'newsletter deliveries not recorded yet')
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
    }
  }

  async function send(job: NewsletterJob) {
    const content = contentOf(job)
    let consecutiveFailures = 0
    let stopReason: string | null = null

    // Group commit: lanes that ask for their next delivery in the same turn of the event loop share one transaction,
    // so a slow fsync makes the groups bigger instead of capping the rate.
    type ClaimRequest = {
      previous: { id: number; outcome: DeliveryOutcome } | null
      resolve: (row: ClaimedDelivery | null) => void
      reject: (error: unknown) => void
    }
    let waiting: ClaimRequest[] = []
    // A claim that failed with the database may have been committed all the same, its answer lost.
    let claimUncertain = false
    const flush = async () => {
      const group = waiting
      waiting = []
      try {
        const previous = group.flatMap((request) => (request.previous ? [request.previous] : []))
        const rows = await recordAndClaimDeliveries(db, job.id, previous, group.length, options.instanceId)
        for (const [i, request] of group.entries()) request.resolve(rows[i] ?? null)
      } catch (error) {
        if (databaseFault(error)) claimUncertain = true
        for (const request of group) request.reject(error)
      }
    }
    const claim = (previous: ClaimRequest['previous']) =>
      new Promise<ClaimedDelivery | null>((resolve, reject) => {
        if (waiting.push({ previous, resolve, reject }) === 1) setImmediate(() => void flush())
      })

    async function lane() {
      let previous: { id: number; outcome: DeliveryOutcome } | null = null
      for (;;) {
        if (stopping || stopReason) break
        await untilDatabaseAnswers(() => pacer.take('newsletter', stopped.signal))
        if (stopping || stopReason) break
        const settled: ClaimRequest['previous'] = previous
        const delivery: ClaimedDelivery | null = await untilDatabaseAnswers(() => claim(settled))
        previous = null
        if (!delivery) return
        const outcome = await sendOne(content, delivery)
        if (outcome.kind === 'sent') {
          consecutiveFailures = 0
          backoffMs = 0
          previous = { id: delivery.id, outcome }
          continue
        }
        // Anything but a success is recorded at once, so a crash can never turn it into 'assumed delivered'.
        await untilDatabaseAnswers(() => recordDeliveryOutcome(db, job.id, delivery.id, outcome))
        if (outcome.kind === 'failed') {
          consecutiveFailures += 1
          logger.warn({ jobId: job.id, deliveryId: delivery.id, reason: outcome.reason }, 'newsletter delivery failed')
          if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) stopReason = outcome.reason
        } else {
          backoffMs = Math.min(MAX_BACKOFF_MS, backoffMs ? backoffMs * 2 : 1000)
          logger.warn({ jobId: job.id, reason: outcome.reason, backoffMs }, 'SES asked to slow down or failed transiently: backing off')
          pacer.pauseFor(backoffMs)
        }
      }
      const last = previous
      if (last) await untilDatabaseAnswers(() => recordDeliveryOutcome(db, job.id, last.id, last.outcome))
    }

    await Promise.all(Array.from({ length: lanes }, () => lane()))
    if (stopping) return
    // Every lane ended with what SES took recorded: a delivery still 'sending' under this process was never sent.
    if (claimUncertain) {
      const released = await releaseUnsentClaims(db, job.id, options.instanceId)
      if (released) logger.warn({ jobId: job.id, deliveries: released }, 'newsletter deliveries claimed during a database outage but not sent: pending again')
    }
    if (stopReason) {
      await transitionNewsletterJob(db, job.id, ['sending'], 'send_failed', { error: stopReason })
      logger.error({ jobId: job.id, reason: stopReason }, `newsletter stopped after ${MAX_CONSECUTIVE_FAILURES} failures in a row`)
      return
    }
    const current = await findNewsletterJob(db, job.id)
    if (current?.status !== 'sending' || (await countOpenDeliveries(db, job.id)) > 0) return
    const allFailed = current.sent_count === 0 && current.unconfirmed_count === 0 && current.failed_count > 0
    await transitionNewsletterJob(db, job.id, ['sending'], allFailed ? 'send_failed' : 'completed', allFailed ? { error: 'every delivery failed' } : {})
    logger.info(
      { jobId: job.id, sent: current.sent_count, unconfirmed: current.unconfirmed_count, failed: current.failed_count, skipped: current.skipped_count },
      allFailed ? 'newsletter failed: no delivery succeeded' : 'newsletter completed',
    )
  }

  /** Deliveries in flight of a process that died: marked unconfirmed (at start, then every 30 seconds). */
  let reconciledAt = 0
  async function reconcile() {
    reconciledAt = Date.now()
    const interrupted = await reconcileInterruptedDeliveries(db)
    if (interrupted > 0) logger.warn({ deliveries: interrupted }, 'newsletter deliveries interrupted by a crash marked unconfirmed until SES confirms them')
  }

  async function run() {
    while (!stopping) {
      try {
        if (Date.now() - reconciledAt > RECONCILE_EVERY_MS) await reconcile()
        const released = await releaseDueCampaigns(db)
        if (released) logger.info({ campaigns: released }, 'scheduled newsletter campaigns started')
        const job = await nextRunnableJob(db)
        errors.succeeded()
        if (!job) {
          await sleep(IDLE_POLL_MS)
          continue
        }
        if (job.status === 'sending') await send(job)
        else await prepare(job)
        // A campaign held back by SES must not spin the loop.
        if (backoffMs) await sleep(backoffMs)
      } catch (error) {
        errors.failed(error, 'newsletter worker iteration failed; retrying shortly')
        await sleep(IDLE_POLL_MS)
      }
    }
  }

  const running = run()

  return {
    wake() {
      wakeUp?.()
    },
    async stop() {
      stopping = true
      stopped.abort()
      wakeUp?.()
      await running
    },
  }
}

import type { DB } from '#db/client.ts'
import { startVisitCounting } from './analytics/index.ts'
import { startDispatcher } from './dispatch/dispatcher.ts'
import type { Env } from './env.ts'
import { jobErrors } from './faults.ts'
import { startInstance } from './instance.ts'
import { leadLinks } from './leads/links.ts'
import { startOfferSummaries } from './leads/offer-summary.ts'
import { startMissedPromises } from './leads/promise.ts'
import { startRatingRequests } from './leads/rating-requests.ts'
import type { Logger } from './logger.ts'
import { type Directory, startDirectory } from './profiles/directory.ts'
import { sendPacerFor } from './mail/send-pacer.ts'
import { createSesTransport } from './mail/ses.ts'
import { createOutboxWorker, mailConfigured } from './mail/worker.ts'
import { startNewsletter } from './newsletter/index.ts'
import { pruneChallenges } from './repositories/captcha-uses.ts'
import { pruneConfirmationSends } from './repositories/confirmation-sends.ts'
import { countPendingEmails } from './repositories/outbox.ts'
import { startRetention } from './retention/job.ts'
import type { CountVisit } from './ssr/pages.ts'

export type Jobs = {
  /** Counts a public page shown, for the site's requests; absent with VISIT_COUNTING=off. */
  countVisit: CountVisit | undefined
  /** The published craftsmen, reloaded when the public version moves (server/profiles/directory.ts). */
  directory: Directory
  /** Stops every job, letting what is in flight finish; the database stays open. */
  stop(): Promise<void>
}

/**
 * What an app process runs beside its requests, on a migrated database: the outbox, the campaigns, the rating
 * requests, automatic dispatch, retention, visit counting, the published craftsmen's directory and the pruning of used captchas. The
 * server (server/index.ts) and the tests' in-process app (tests/helpers/app.ts) start the same ones.
 */
export async function startJobs({
  db,
  env,
  logger,
  now = () => new Date(),
}: {
  db: DB
  env: Env
  logger: Logger
  /** The clock of the jobs that take the time as a parameter (automatic dispatch): tests move it forward. */
  now?: () => Date
}): Promise<Jobs> {
  // This process among those sharing the database: the newsletter deliveries it has in flight carry its id.
  const instance = await startInstance(db, logger, env)

  // One MAIL_RATE_PER_SECOND for the outbox and the campaigns together, the outbox first (docs/decisions/045).
  const pacer = sendPacerFor(db, env.MAIL_RATE_PER_SECOND)
  // Requests are stored either way; without mail settings their e-mails wait in the outbox (README, Mail).
  const outbox = mailConfigured(env) ? createOutboxWorker({ db, env, logger, transport: createSesTransport(env), pacer }) : null
  if (outbox) outbox.start()
  else logger.warn({ pending: await countPendingEmails(db) }, 'mail is not configured (MAIL_FROM, NOTIFY_EMAIL, SES_REGION): e-mails stay queued in the outbox')
  // Answered captchas past their expiry and confirmation counts older than a day.
  const prune = () => Promise.all([pruneChallenges(db), pruneConfirmationSends(db)])
  const pruneErrors = jobErrors(logger, 'pruning used captchas and confirmation counts')
  const pruneTimer = setInterval(() => void prune().then(pruneErrors.succeeded, (err) => pruneErrors.failed(err)), 10 * 60_000)
  pruneTimer.unref()

  // Resumes campaigns a restart left preparing or sending.
  const newsletter = await startNewsletter({ db, env, logger, instanceId: instance.id, pacer })
  // "Com'è andata?" a week after a lead's first acceptance.
  const ratingRequests = startRatingRequests(leadLinks(db, env), logger)
  // The requester and the office told when no craftsman accepted within the promise (shared/promise.ts).
  const missedPromises = startMissedPromises({ db, env }, logger, now)
  // The morning summary of open offers, for the craftsmen who chose it.
  const offerSummaries = startOfferSummaries({ db, env, logger, now })
  // Automatic dispatch: new quotes offered to the best matches in office hours, round after round (docs/product.md §12).
  const dispatcher = startDispatcher({ db, env, logger, now })
  // The privacy policy's retention periods, applied every RETENTION_EVERY_MINUTES by one process at a time.
  const retention = startRetention({ db, env, logger })

  // The published craftsmen of the landing pages and the sitemap, following every change to what public pages show.
  const directory = await startDirectory({ db, logger, pollSeconds: env.PUBLIC_PAGES_POLL_SECONDS })

  // Visits of public pages, counted without cookies for the Statistiche screen (VISIT_COUNTING=off turns it off).
  const visits = env.VISIT_COUNTING === 'on' ? await startVisitCounting({ db, env, logger }) : null

  return {
    countVisit: visits ? (req, path, query) => visits.counter.count(req, path, query) : undefined,
    directory,
    async stop() {
      directory.stop()
      clearInterval(pruneTimer)
      await outbox?.stop()
      await newsletter.stop()
      await ratingRequests.stop()
      await missedPromises.stop()
      await offerSummaries.stop()
      await dispatcher.stop()
      await retention.stop()
      await visits?.stop()
      await instance.stop()
    },
  }
}

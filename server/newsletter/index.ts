import type { DB } from '#db/client.ts'
import { type Env, type MailSetup, mailSetup } from '../env.ts'
import type { Logger } from '../logger.ts'
import type { SendPacer } from '../mail/send-pacer.ts'
import { classifySendError, createSesTransport, type MailTransport } from '../mail/ses.ts'
import type { NewsletterMail } from './message.ts'
import { newsletterSecret } from './unsubscribe-token.ts'
import { type NewsletterTransport, type NewsletterWorker, startNewsletterWorker } from './worker.ts'

/** `noreply@example.com` out of `Artigiani Milano <noreply@example.com>`. */
export function mailboxAddress(mailbox: string): string {
  return /<([^<>]+)>/.exec(mailbox)?.[1] ?? mailbox.trim()
}

/** Campaigns need a sender and an SES region, not the office inbox. */
export const newsletterMailSetup = (env: Env): MailSetup => mailSetup(env, ['MAIL_FROM', 'SES_REGION'])

/** Whether campaigns can go out. */
export function newsletterConfigured(env: Env): env is Env & { MAIL_FROM: string; SES_REGION: string } {
  return newsletterMailSetup(env).configured
}

/** Italian, for the administrator: mail cannot go out, and which settings of the server are missing. */
export const mailNotConfigured = (missing: string[]) => `L'invio delle email non è configurato su questo server (${missing.join(', ')})`

/** The statuses the worker moves a campaign out of by itself. */
const MOVED_BY_THE_WORKER = new Set(['pending_preparation', 'preparing', 'sending'])

/** Why a campaign the worker should be moving stands still on this server; null when nothing holds it. */
export function campaignWaitingReason(env: Env, status: string): string | null {
  const setup = newsletterMailSetup(env)
  if (setup.configured || !MOVED_BY_THE_WORKER.has(status)) return null
  return `${mailNotConfigured(setup.missing)}: la campagna resta in attesa e partirà da sola appena sarà configurato.`
}

/** The same SES transport as every other mail, with the sender filled in and its error classification. */
export function newsletterTransport(env: Env & { MAIL_FROM: string }, ses: MailTransport = createSesTransport(env)): NewsletterTransport & { close(): void } {
  return {
    send: (mail: NewsletterMail) => ses.send({ from: env.MAIL_FROM, ...mail }),
    classify: (error) => classifySendError(error).kind,
    close: () => ses.close(),
  }
}

const wakers = new Set<() => void>()

/** Tells this process's newsletter worker that a campaign was created or resumed. */
export function notifyNewsletterWorker(): void {
  for (const wake of wakers) wake()
}

/** Starts the campaign worker (after migrations), resuming campaigns a restart left preparing or sending. */
export async function startNewsletter({
  db,
  env,
  logger,
  instanceId,
  pacer,
}: {
  db: DB
  env: Env
  logger: Logger
  instanceId: string
  /** The process's one send rate, shared with the outbox. */
  pacer: SendPacer
}): Promise<{ stop(): Promise<void> }> {
  const log = logger.child({ component: 'newsletter' })
  if (!newsletterConfigured(env)) {
    log.warn('MAIL_FROM or SES_REGION is not set: newsletter campaigns wait until it is')
    return { stop: async () => {} }
  }
  const transport = newsletterTransport(env)
  const worker: NewsletterWorker = startNewsletterWorker({
    db,
    logger: log,
    transport,
    publicUrl: env.PUBLIC_URL,
    secret: await newsletterSecret(db, env.NEWSLETTER_SECRET),
    mailtoAddress: mailboxAddress(env.MAIL_FROM),
    ratePerSecond: env.MAIL_RATE_PER_SECOND,
    pacer,
    instanceId,
  })
  wakers.add(worker.wake)
  return {
    async stop() {
      wakers.delete(worker.wake)
      await worker.stop()
      transport.close()
    },
  }
}

import type { DB } from '#db/client.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import { classifySendError, createSesTransport, type MailTransport } from '../mail/ses.ts'
import type { NewsletterMail } from './message.ts'
import { newsletterSecret } from './unsubscribe-token.ts'
import { type NewsletterTransport, type NewsletterWorker, startNewsletterWorker } from './worker.ts'

/** `noreply@example.com` out of `Artigiani Milano <noreply@example.com>`. */
export function mailboxAddress(mailbox: string): string {
  return /<([^<>]+)>/.exec(mailbox)?.[1] ?? mailbox.trim()
}

/** Whether campaigns can go out: a sender and an SES region (or endpoint). */
export function newsletterConfigured(env: Env): env is Env & { MAIL_FROM: string; SES_REGION: string } {
  return Boolean(env.MAIL_FROM && env.SES_REGION)
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
export async function startNewsletter({ db, env, logger }: { db: DB; env: Env; logger: Logger }): Promise<{ stop(): Promise<void> }> {
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

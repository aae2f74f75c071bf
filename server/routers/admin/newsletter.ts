import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import type { NewsletterJobStatus } from '#shared/enums.ts'
import { newsletterCampaignSchema, newsletterContentSchema, targetGroupField } from '#shared/schemas/newsletter.ts'
import { campaignContent, newsletterMail } from '#server/newsletter/message.ts'
import {
  campaignWaitingReason,
  mailboxAddress,
  mailNotConfigured,
  newsletterConfigured,
  newsletterMailSetup,
  newsletterTransport,
  notifyNewsletterWorker,
} from '#server/newsletter/index.ts'
import { newsletterSecret } from '#server/newsletter/unsubscribe-token.ts'
import { byAdministrator, recordAudit } from '#server/repositories/audit.ts'
import { staleUnconfirmedDeliveries } from '#server/repositories/mail-feedback.ts'
import {
  countNewsletterRecipients,
  createNewsletterJob,
  failureReasons,
  findNewsletterJobSummary,
  listNewsletterJobs,
  requeueUnconfirmedDeliveries,
  transitionNewsletterJob,
} from '#server/repositories/newsletter.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'

const HISTORY_LIMIT = 50
const NOT_FOUND = 'Campagna non trovata.'
const jobId = z.object({ id: z.number().int().positive() })
const unconfirmedBefore = (env: { NEWSLETTER_UNCONFIRMED_AFTER_MINUTES: number }) =>
  new Date(Date.now() - env.NEWSLETTER_UNCONFIRMED_AFTER_MINUTES * 60_000).toISOString()

/** Which statuses each operator action starts from. */
const ACTIONS = {
  pause: { from: ['sending'], to: 'paused', refused: 'Si può mettere in pausa solo una campagna in invio.' },
  resume: { from: ['paused', 'send_failed'], to: 'sending', refused: 'Si può riprendere solo una campagna in pausa o con invio non riuscito.' },
  cancel: {
    from: ['pending_preparation', 'preparing', 'sending', 'paused', 'send_failed'],
    to: 'cancelled',
    refused: 'Questa campagna è già terminata e non può essere annullata.',
  },
} satisfies Record<string, { from: NewsletterJobStatus[]; to: NewsletterJobStatus; refused: string }>

function operatorAction(action: keyof typeof ACTIONS) {
  return adminProcedure.input(jobId).mutation(async ({ ctx, input }) => {
    const { from, to, refused } = ACTIONS[action]
    const moved = await ctx.db.transaction().execute(async (trx) => {
      if (!(await transitionNewsletterJob(trx, input.id, from, to))) return false
      await recordAudit(trx, { ...byAdministrator(ctx.user), action, entityType: 'newsletter_job', entityId: input.id })
      return true
    })
    if (!moved) {
      const job = await findNewsletterJobSummary(ctx.db, input.id)
      throw new TRPCError(job ? { code: 'CONFLICT', message: refused } : { code: 'NOT_FOUND', message: NOT_FOUND })
    }
    ctx.logger.info({ jobId: input.id, action }, 'newsletter campaign changed by an administrator')
    if (action === 'resume') notifyNewsletterWorker()
    return findNewsletterJobSummary(ctx.db, input.id).then((job) => job!)
  })
}

/** 'Gestione Newsletter': campaigns to all requesters or all artisans, sent by the worker in server/newsletter. */
export const newsletterRouter = router({
  /** Mailable recipients of each group right now (suppressed addresses excluded). */
  counts: adminProcedure.query(({ ctx }) => countNewsletterRecipients(ctx.db)),

  list: adminProcedure.query(({ ctx }) => listNewsletterJobs(ctx.db, HISTORY_LIMIT)),

  /** Whether campaigns can go out from this server, and which settings it lacks. */
  mailSetup: adminProcedure.query(({ ctx }) => newsletterMailSetup(ctx.env)),

  byId: adminProcedure.input(jobId).query(async ({ ctx, input }) => {
    const job = await findNewsletterJobSummary(ctx.db, input.id)
    if (!job) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    const reasons = job.failed_count > 0 ? await failureReasons(ctx.db, job.id) : []
    const stale = job.unconfirmed_count > 0 ? await staleUnconfirmedDeliveries(ctx.db, job.id, unconfirmedBefore(ctx.env)) : []
    return {
      ...job,
      failureReasons: reasons,
      waitingReason: campaignWaitingReason(ctx.env, job.status),
      /** Unconfirmed for longer than NEWSLETTER_UNCONFIRMED_AFTER_MINUTES: SES never said it delivered them. */
      staleUnconfirmed: stale.map((row) => ({ id: row.id, email: row.email })),
      unconfirmedAfterMinutes: ctx.env.NEWSLETTER_UNCONFIRMED_AFTER_MINUTES,
    }
  }),

  /** Sends again the deliveries a crash left unconfirmed that SES never confirmed: the administrator's choice, audited. */
  resendUnconfirmed: adminProcedure.input(jobId).mutation(async ({ ctx, input }) => {
    const count = await requeueUnconfirmedDeliveries(ctx.db, input.id, unconfirmedBefore(ctx.env))
    if (count === null) {
      const job = await findNewsletterJobSummary(ctx.db, input.id)
      throw new TRPCError(
        job ? { code: 'CONFLICT', message: 'Questa campagna è stata annullata: non si può reinviare.' } : { code: 'NOT_FOUND', message: NOT_FOUND },
      )
    }
    if (count === 0) throw new TRPCError({ code: 'CONFLICT', message: 'Non ci sono invii non confermati da reinviare.' })
    await recordAudit(ctx.db, {
      ...byAdministrator(ctx.user),
      action: 'resend_unconfirmed',
      entityType: 'newsletter_job',
      entityId: input.id,
      details: { count },
    })
    ctx.logger.info({ jobId: input.id, count }, 'unconfirmed newsletter deliveries queued again by an administrator')
    notifyNewsletterWorker()
    return { count }
  }),

  create: adminProcedure.input(newsletterCampaignSchema).mutation(async ({ ctx, input }) => {
    const result = await ctx.db.transaction().execute(async (trx) => {
      const created = await createNewsletterJob(trx, {
        subject: input.subject,
        bodyHtml: input.bodyHtml,
        targetGroup: input.targetGroup,
        idempotencyKey: input.idempotencyKey,
        createdBy: ctx.user.email,
      })
      if (created.created) {
        await recordAudit(trx, {
          ...byAdministrator(ctx.user),
          action: 'create',
          entityType: 'newsletter_job',
          entityId: created.job.id,
          details: { targetGroup: input.targetGroup, subject: input.subject },
        })
      }
      return created
    })
    if (result.created) {
      ctx.logger.info({ jobId: result.job.id, group: input.targetGroup }, 'newsletter campaign created')
      notifyNewsletterWorker()
    }
    return result
  }),

  /** The mail as a recipient will get it. A mutation only because a 1 MB body does not fit in a query's URL. */
  preview: adminProcedure.input(newsletterContentSchema.extend({ targetGroup: targetGroupField })).mutation(async ({ ctx, input }) => {
    const secret = await newsletterSecret(ctx.db, ctx.env.NEWSLETTER_SECRET)
    const mail = newsletterMail(
      campaignContent(input.subject, input.bodyHtml, input.targetGroup),
      { email: ctx.user.email, emailNormalized: ctx.user.email.toLowerCase() },
      { publicUrl: ctx.env.PUBLIC_URL, secret, mailtoAddress: mailboxAddress(ctx.env.MAIL_FROM ?? 'newsletter@localhost') },
    )
    return { subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers }
  }),

  /** One copy to the signed-in administrator, exactly as recipients will get it, subject marked as a test. */
  sendTest: adminProcedure.input(newsletterContentSchema.extend({ targetGroup: targetGroupField })).mutation(async ({ ctx, input }) => {
    const env = ctx.env
    if (!newsletterConfigured(env)) {
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `${mailNotConfigured(newsletterMailSetup(env).missing)}.` })
    }
    const secret = await newsletterSecret(ctx.db, env.NEWSLETTER_SECRET)
    const mail = newsletterMail(
      campaignContent(`[TEST] ${input.subject}`, input.bodyHtml, input.targetGroup),
      { email: ctx.user.email, emailNormalized: ctx.user.email.toLowerCase() },
      { publicUrl: env.PUBLIC_URL, secret, mailtoAddress: mailboxAddress(env.MAIL_FROM) },
    )
    const transport = newsletterTransport(env)
    try {
      const { messageId } = await transport.send(mail)
      ctx.logger.info({ messageId }, 'newsletter test sent')
      return { to: ctx.user.email }
    } catch (error) {
      ctx.logger.warn({ err: error }, 'newsletter test not sent')
      throw new TRPCError({ code: 'BAD_GATEWAY', message: 'Invio del test non riuscito: il servizio email non ha accettato il messaggio. Riprova più tardi.' })
    } finally {
      transport.close()
    }
  }),

  pause: operatorAction('pause'),
  resume: operatorAction('resume'),
  cancel: operatorAction('cancel'),
})

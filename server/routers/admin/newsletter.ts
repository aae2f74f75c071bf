import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import type { NewsletterJobStatus } from '#shared/enums.ts'
import type { DB } from '#db/client.ts'
import type { Env } from '#server/env.ts'
import { campaignHtml } from '#server/newsletter/content.tsx'
import { romeWallTimeToUtc } from '#shared/italian-time.ts'
import { countSegmentRecipients } from '#server/repositories/newsletter-segments.ts'
import {
  editorField,
  type NewsletterCampaignInput,
  newsletterCampaignSchema,
  newsletterContentSchema,
  SCHEDULE_IN_PAST,
  SCHEDULE_INVALID,
  SCHEDULE_TOO_FAR,
  SEGMENT_EMPTY,
  type Segment,
  segmentOf,
  segmentSchema,
  targetGroupField,
} from '#shared/schemas/newsletter.ts'
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
import { changeSoftOptIn, readSoftOptIn } from '#server/newsletter/audience.ts'
import { SOFT_OPT_IN_NOTE, SOFT_OPT_IN_NOTE_UNREAD } from '#shared/marketing-consent.ts'
import { byAdministrator, recordAudit } from '#server/repositories/audit.ts'
import { campaignReport, staleUnconfirmedDeliveries } from '#server/repositories/mail-feedback.ts'
import {
  type CampaignFields,
  countNewsletterRecipients,
  createNewsletterJob,
  findEditableJob,
  updateDraftJob,
  findNewsletterJobSummary,
  listNewsletterJobs,
  transitionNewsletterJob,
} from '#server/repositories/newsletter-jobs.ts'
import { failureReasons, requeueUnconfirmedDeliveries } from '#server/repositories/newsletter-deliveries.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'

const HISTORY_LIMIT = 50
const previewInput = newsletterContentSchema.extend({ targetGroup: targetGroupField, editor: editorField })
const NOT_EDITABLE = 'Questa campagna è già partita: non si può più modificare.'
/** Turning the soft opt-in on needs the legal note read (the screen shows it beside the box to tick); turning it off never does. */
const softOptInInput = z
  .object({ enabled: z.boolean(), noteRead: z.boolean().default(false) })
  .refine((input) => !input.enabled || input.noteRead, { message: SOFT_OPT_IN_NOTE_UNREAD, path: ['noteRead'] })
const MAX_SCHEDULE_MS = 366 * 24 * 60 * 60 * 1000

/** What a campaign form's input becomes: the HTML to send, the segment kept, the status and the UTC time to start. */
async function campaignFields(ctx: { db: DB; env: Env }, input: NewsletterCampaignInput): Promise<CampaignFields> {
  const segment = segmentOf(input.targetGroup, input.segment)
  let scheduledAt: string | null = null
  if (input.action === 'schedule') {
    if (!input.scheduledAt) throw new TRPCError({ code: 'BAD_REQUEST', message: SCHEDULE_INVALID })
    scheduledAt = romeWallTimeToUtc(input.scheduledAt)
    if (Number.isNaN(Date.parse(scheduledAt))) throw new TRPCError({ code: 'BAD_REQUEST', message: SCHEDULE_INVALID })
    if (Date.parse(scheduledAt) <= Date.now()) throw new TRPCError({ code: 'BAD_REQUEST', message: SCHEDULE_IN_PAST })
    if (Date.parse(scheduledAt) - Date.now() > MAX_SCHEDULE_MS) throw new TRPCError({ code: 'BAD_REQUEST', message: SCHEDULE_TOO_FAR })
  }
  if (input.action !== 'draft' && (await countSegmentRecipients(ctx.db, input.targetGroup, segment)) === 0) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: SEGMENT_EMPTY })
  }
  const bodyHtml = await campaignHtml({ subject: input.subject, body: input.bodyHtml, editor: input.editor, siteUrl: ctx.env.PUBLIC_URL })
  return {
    subject: input.subject,
    bodyHtml,
    bodySource: input.editor === 'visual' ? input.bodyHtml : null,
    editor: input.editor,
    targetGroup: input.targetGroup,
    segment,
    status: input.action === 'draft' ? 'draft' : input.action === 'schedule' ? 'scheduled' : 'pending_preparation',
    scheduledAt,
  }
}
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
  /** Mailable recipients of each group right now (suppressed addresses excluded; requesters as the audience setting says). */
  counts: adminProcedure.query(({ ctx }) => countNewsletterRecipients(ctx.db)),

  /** Whether requesters without the marketing consent are reached too (the soft opt-in), and the rule the owner reads first. */
  audience: adminProcedure.query(async ({ ctx }) => ({ softOptIn: await readSoftOptIn(ctx.db), note: SOFT_OPT_IN_NOTE })),

  /** The owner's explicit choice of the soft opt-in, audited; the privacy policy follows it. */
  setSoftOptIn: adminProcedure.input(softOptInInput).mutation(async ({ ctx, input }) => {
    const changed = await changeSoftOptIn(ctx.db, input.enabled, byAdministrator(ctx.user))
    if (changed) ctx.logger.info({ softOptIn: input.enabled }, 'newsletter soft opt-in changed by an administrator')
    return { softOptIn: input.enabled }
  }),

  list: adminProcedure.query(({ ctx }) => listNewsletterJobs(ctx.db, HISTORY_LIMIT)),

  /** Whether campaigns can go out from this server, which settings it lacks, and the send rate a campaign shares with the outbox (decision 045). */
  mailSetup: adminProcedure.query(({ ctx }) => ({ ...newsletterMailSetup(ctx.env), ratePerSecond: ctx.env.MAIL_RATE_PER_SECOND })),

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

  /** Per campaign: recipients, sent, delivered, bounced, complained, unsubscribed, failed (and opens and clicks when SES tracks them). */
  report: adminProcedure.input(jobId).query(async ({ ctx, input }) => {
    if (!(await findNewsletterJobSummary(ctx.db, input.id))) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    return {
      figures: await campaignReport(ctx.db, input.id),
      tracking: ctx.env.SES_OPEN_CLICK_TRACKING === 'on',
      feedback: ctx.env.SES_SNS_TOPIC_ARNS.length > 0,
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

  /** The exact number of recipients of a group and segment right now (suppressed addresses excluded). */
  segmentCount: adminProcedure
    .input(z.object({ targetGroup: targetGroupField, segment: segmentSchema }))
    .query(({ ctx, input }) => countSegmentRecipients(ctx.db, input.targetGroup, segmentOf(input.targetGroup, input.segment))),

  /** A draft or scheduled campaign, to reopen it in the form. */
  editable: adminProcedure.input(jobId).query(async ({ ctx, input }) => {
    const job = await findEditableJob(ctx.db, input.id)
    if (!job) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    if (job.status !== 'draft' && job.status !== 'scheduled') throw new TRPCError({ code: 'CONFLICT', message: NOT_EDITABLE })
    return {
      id: job.id,
      subject: job.subject,
      body: job.editor === 'visual' ? (job.body_source ?? '') : job.body_html,
      editor: job.editor,
      targetGroup: job.target_group,
      segment: JSON.parse(job.filters) as Partial<Segment>,
      status: job.status,
      scheduledAt: job.scheduled_at,
    }
  }),

  create: adminProcedure.input(newsletterCampaignSchema).mutation(async ({ ctx, input }) => {
    const fields = await campaignFields(ctx, input)
    const result = await ctx.db.transaction().execute(async (trx) => {
      const created = await createNewsletterJob(trx, { ...fields, idempotencyKey: input.idempotencyKey, createdBy: ctx.user.email })
      if (created.created) {
        await recordAudit(trx, {
          ...byAdministrator(ctx.user),
          action: input.action === 'send' ? 'create' : input.action,
          entityType: 'newsletter_job',
          entityId: created.job.id,
          details: { targetGroup: input.targetGroup, subject: input.subject, segment: fields.segment, scheduledAt: fields.scheduledAt },
        })
      }
      return created
    })
    if (result.created) {
      ctx.logger.info({ jobId: result.job.id, group: input.targetGroup, status: fields.status }, 'newsletter campaign created')
      if (fields.status === 'pending_preparation') notifyNewsletterWorker()
    }
    return result
  }),

  /** Saves a draft or scheduled campaign again: as a draft, scheduled for another time, or sent now. */
  update: adminProcedure.input(newsletterCampaignSchema.extend({ id: z.number().int().positive() })).mutation(async ({ ctx, input }) => {
    const fields = await campaignFields(ctx, input)
    const updated = await ctx.db.transaction().execute(async (trx) => {
      if (!(await updateDraftJob(trx, input.id, fields))) return false
      await recordAudit(trx, {
        ...byAdministrator(ctx.user),
        action: input.action === 'send' ? 'send' : input.action,
        entityType: 'newsletter_job',
        entityId: input.id,
        details: { subject: input.subject, segment: fields.segment, scheduledAt: fields.scheduledAt },
      })
      return true
    })
    if (!updated) {
      const job = await findNewsletterJobSummary(ctx.db, input.id)
      throw new TRPCError(job ? { code: 'CONFLICT', message: NOT_EDITABLE } : { code: 'NOT_FOUND', message: NOT_FOUND })
    }
    if (fields.status === 'pending_preparation') notifyNewsletterWorker()
    return { job: (await findNewsletterJobSummary(ctx.db, input.id))! }
  }),

  /** A scheduled campaign back to a draft: it will not leave until scheduled or sent again. */
  unschedule: adminProcedure.input(jobId).mutation(async ({ ctx, input }) => {
    const moved = await ctx.db.transaction().execute(async (trx) => {
      if (!(await transitionNewsletterJob(trx, input.id, ['scheduled'], 'draft'))) return false
      await recordAudit(trx, { ...byAdministrator(ctx.user), action: 'unschedule', entityType: 'newsletter_job', entityId: input.id })
      return true
    })
    if (!moved) {
      const job = await findNewsletterJobSummary(ctx.db, input.id)
      throw new TRPCError(job ? { code: 'CONFLICT', message: 'Questa campagna non è programmata.' } : { code: 'NOT_FOUND', message: NOT_FOUND })
    }
    return (await findNewsletterJobSummary(ctx.db, input.id))!
  }),

  /** The mail as a recipient will get it. A mutation only because a 1 MB body does not fit in a query's URL. */
  preview: adminProcedure.input(previewInput).mutation(async ({ ctx, input }) => {
    const secret = await newsletterSecret(ctx.db, ctx.env.NEWSLETTER_SECRET)
    const bodyHtml = await campaignHtml({ subject: input.subject, body: input.bodyHtml, editor: input.editor, siteUrl: ctx.env.PUBLIC_URL })
    const mail = newsletterMail(
      campaignContent(input.subject, bodyHtml, input.targetGroup),
      { email: ctx.user.email, emailNormalized: ctx.user.email.toLowerCase() },
      { publicUrl: ctx.env.PUBLIC_URL, secret, mailtoAddress: mailboxAddress(ctx.env.MAIL_FROM ?? 'newsletter@localhost') },
    )
    return { subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers }
  }),

  /** One copy to the signed-in administrator, exactly as recipients will get it, subject marked as a test. */
  sendTest: adminProcedure.input(previewInput).mutation(async ({ ctx, input }) => {
    const env = ctx.env
    if (!newsletterConfigured(env)) {
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `${mailNotConfigured(newsletterMailSetup(env).missing)}.` })
    }
    const secret = await newsletterSecret(ctx.db, env.NEWSLETTER_SECRET)
    const bodyHtml = await campaignHtml({ subject: input.subject, body: input.bodyHtml, editor: input.editor, siteUrl: env.PUBLIC_URL })
    const mail = newsletterMail(
      campaignContent(`[TEST] ${input.subject}`, bodyHtml, input.targetGroup),
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

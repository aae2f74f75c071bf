import { readDispatchSettings } from '#server/dispatch/settings.ts'
import { mailSetup } from '#server/env.ts'
import { dashboardStats } from '#server/repositories/dashboard.ts'
import { promiseKept } from '#server/repositories/promise.ts'
import { unassignedLeads } from '#server/repositories/dispatch.ts'
import { responseMetrics, WAITING_LIST_SIZE, waitingLeads } from '#server/repositories/response-metrics.ts'
import { domainOfMailbox, sendingDomainHealth } from '#server/mail/domain-health.ts'
import { mailHealth } from '#server/repositories/mail-feedback.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'

export const dashboardRouter = router({
  /** The figures, and whether this server sends its e-mails: without the settings every e-mail waits in the outbox. */
  stats: adminProcedure.query(async ({ ctx }) => ({ ...(await dashboardStats(ctx.db)), mail: mailSetup(ctx.env) })),

  /**
   * How craftsmen answer: leads waiting longer than LEAD_RESPONSE_HOURS for an acceptance (not those automatic dispatch
   * is still offering, which it times in office hours), and the 30-day figures.
   */
  responses: adminProcedure.query(async ({ ctx }) => {
    const now = new Date()
    const cutoff = new Date(now.getTime() - ctx.env.LEAD_RESPONSE_HOURS * 3_600_000).toISOString()
    const { enabled } = await readDispatchSettings(ctx.db)
    const [waiting, metrics] = await Promise.all([waitingLeads(ctx.db, cutoff, WAITING_LIST_SIZE, enabled), responseMetrics(ctx.db, now)])
    return { thresholdHours: ctx.env.LEAD_RESPONSE_HOURS, waiting, metrics }
  }),

  /** "Nessun artigiano disponibile": leads automatic dispatch gave back to the office, with the reason, until it takes them. */
  unassigned: adminProcedure.query(({ ctx }) => unassignedLeads(ctx.db)),

  /** "Promessa mantenuta": of the requests whose promise fell due in the last 30 days, how many a craftsman accepted in time. */
  promise: adminProcedure.query(({ ctx }) => promiseKept(ctx.db, new Date())),

  /** The last 30 days of bounces and complaints SES reported, against what it tolerates, and the office inbox's own trouble. */
  mailHealth: adminProcedure.query(async ({ ctx }) => {
    const since = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString()
    return { ...(await mailHealth(ctx.db, since, ctx.env.NOTIFY_EMAIL ?? null)), feedbackConfigured: ctx.env.SES_SNS_TOPIC_ARNS.length > 0 }
  }),

  /** DKIM, the MAIL FROM domain's SPF and DMARC of the sending domain, as DNS and SES show them (checked every few minutes). */
  sendingDomain: adminProcedure.query(({ ctx }) =>
    sendingDomainHealth(
      {
        domain: domainOfMailbox(ctx.env.MAIL_FROM),
        mailFromDomain: ctx.env.MAIL_FROM_DOMAIN ?? null,
        dnsServers: ctx.env.DNS_SERVERS,
        sesRegion: ctx.env.SES_REGION ?? null,
        sesEndpoint: ctx.env.SES_ENDPOINT ?? null,
      },
      ctx.logger,
    ),
  ),
})

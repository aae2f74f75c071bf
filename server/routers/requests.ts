import { TRPCError } from '@trpc/server'
import { findComune } from '#shared/catalog/comuni.ts'
import { artisanApplicationSchema, splitZones } from '#shared/schemas/artisan-application.ts'
import { CAPTCHA_EXPIRED, CAPTCHA_USED, CAPTCHA_WRONG, PROOF_OF_WORK_FAILED, REJECTED } from '#shared/schemas/common.ts'
import { CONTACT_SERVICE_NAME, contactRequestSchema } from '#shared/schemas/contact-request.ts'
import { quoteRequestSchema, quoteServiceName } from '#shared/schemas/quote-request.ts'
import type { DB } from '#db/client.ts'
import { captchaSecret, checkChallenge, consumeChallenge, createChallenge } from '../security/captcha.ts'
import { commitInGroup } from '../group-commit.ts'
import { defang } from '../mail/defang.ts'
import { italianTimestamp } from '../mail/render.ts'
import type { QueuedTemplate } from '../mail/templates/index.ts'
import { notifyOutbox } from '../mail/worker.ts'
import { checkProofOfWork, consumeProofOfWork, createProofOfWork } from '../security/proof-of-work.ts'
import { formRateLimit } from '../security/rate-limit.ts'
import { insertArtisan } from '../repositories/artisans.ts'
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY, takeConfirmationSlot } from '../repositories/confirmation-sends.ts'
import { insertLead } from '../repositories/leads.ts'
import { enqueueEmail, type OutboxEmail } from '../repositories/outbox.ts'
import type { Context } from '../trpc/init.ts'
import { publicProcedure, router } from '../trpc/init.ts'
import { checkAttachments } from '../security/uploads.ts'
import { formatFileSize } from '#shared/text.ts'

/** Field messages travel as the schema's issues, so the form puts each one under its field. */
function fieldError(path: (string | number)[], message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message: JSON.stringify([{ path, message }]) })
}

/** Only robots see and fill the hidden field; they get a plain refusal and nothing is stored. */
function refuseRobots(ctx: Context, website: string | undefined) {
  if (website) {
    ctx.logger.info('form refused: honeypot filled')
    throw new TRPCError({ code: 'BAD_REQUEST', message: REJECTED })
  }
}

type Guards = { captcha: { nonce: string; expiresAt: number }; proofOfWork: { nonce: string; expiresAt: number } }

/**
 * The proof of work, then the addition: signatures, expiry and answers, before anything is stored. Whether either was
 * already used is checked in the write transaction (useGuards).
 */
async function verifyGuards(ctx: Context, input: { captchaToken: string; captchaAnswer: string; proofOfWork: string }): Promise<Guards> {
  const secret = await captchaSecret(ctx.db, ctx.env)
  const proofOfWork = await checkProofOfWork(secret, input.proofOfWork)
  if (!proofOfWork.ok) {
    ctx.logger.info({ reason: proofOfWork.reason }, 'form refused: proof of work not valid')
    throw fieldError(['proofOfWork'], PROOF_OF_WORK_FAILED)
  }
  const check = checkChallenge(secret, input.captchaToken, input.captchaAnswer)
  if (check.ok) return { captcha: check, proofOfWork }
  if (check.reason === 'wrong') {
    // A wrong answer uses up the addition and the work that came with it: every guess costs a new proof of work.
    await consumeChallenge(ctx.db, check.nonce, check.expiresAt)
    await consumeProofOfWork(ctx.db, proofOfWork)
  }
  throw fieldError(['captchaAnswer'], check.reason === 'expired' ? CAPTCHA_EXPIRED : CAPTCHA_WRONG)
}

/** Single use: a replayed addition is named first, since its message says what to redo; then the proof of work. */
async function useGuards(trx: DB, guards: Guards) {
  if (!(await consumeChallenge(trx, guards.captcha.nonce, guards.captcha.expiresAt))) throw fieldError(['captchaAnswer'], CAPTCHA_USED)
  if (!(await consumeProofOfWork(trx, guards.proofOfWork))) throw fieldError(['proofOfWork'], PROOF_OF_WORK_FAILED)
}

/**
 * Queues the visitor's confirmation unless their address already had its share today, so our mail cannot be
 * aimed at a stranger's inbox over and over; the request itself is stored and reaches the office either way.
 */
async function queueConfirmation(ctx: Context, trx: DB, email: OutboxEmail, logged: Record<string, unknown>) {
  if (await takeConfirmationSlot(trx, email.to)) {
    await enqueueEmail(trx, email)
    return
  }
  ctx.logger.info(
    { ...logged, limit: CONFIRMATIONS_PER_ADDRESS_PER_DAY },
    'confirmation e-mail skipped: the address already received its confirmations for today',
  )
}

const formProcedure = publicProcedure.use(formRateLimit)

const utmOrDash = (utm: { source?: string; medium?: string; campaign?: string; term?: string; content?: string } | undefined) => ({
  source: utm?.source || 'N/D',
  medium: utm?.medium || 'N/D',
  campaign: utm?.campaign || 'N/D',
  term: utm?.term || 'N/D',
  content: utm?.content || 'N/D',
})

export const requestsRouter = router({
  /**
   * A new addition for the three forms (docs/product.md §5), with the proof of work the browser solves in the background: both
   * signed, valid for an hour, usable once.
   */
  captcha: publicProcedure.query(async ({ ctx }) => {
    ctx.responseHeaders.set('Cache-Control', 'no-store')
    const secret = await captchaSecret(ctx.db, ctx.env)
    return { ...createChallenge(secret), proofOfWork: await createProofOfWork(secret, ctx.env.PROOF_OF_WORK_DIFFICULTY) }
  }),

  quote: formProcedure.input(quoteRequestSchema).mutation(async ({ ctx, input }) => {
    refuseRobots(ctx, input.website)
    const guards = await verifyGuards(ctx, input)
    const files = await checkAttachments(input.attachments)
    if (!files.ok) throw fieldError(['attachments', files.problem.index, 'dataUrl'], files.problem.message)

    const now = new Date()
    const serviceName = quoteServiceName(input.serviceId)
    const placeId = input.location?.placeId || null
    const comuneSlug = placeId?.startsWith('comune-') && findComune(placeId.slice(7)) ? placeId.slice(7) : null
    const leadId = await commitInGroup(ctx.db, async (trx) => {
      await useGuards(trx, guards)
      const id = await insertLead(
        trx,
        {
          kind: 'quote',
          fullName: input.fullName,
          email: input.email,
          phone: input.phone,
          serviceId: input.serviceId,
          serviceName,
          subject: null,
          locationLabel: input.location?.label || null,
          placeId,
          comuneSlug,
          description: input.description,
          ipAddress: ctx.ip,
          userAgent: ctx.userAgent.slice(0, 1000) || null,
          fromPage: input.fromPage || null,
          utm: input.utm,
        },
        files.files,
        now.toISOString(),
      )
      const timestamp = italianTimestamp(now)
      const notification: { template: QueuedTemplate } = {
        template: {
          name: 'request-notification',
          props: {
            formType: 'Richiesta Preventivo',
            leadId: id,
            contactName: input.fullName,
            email: input.email,
            phone: input.phone,
            serviceName,
            description: input.description,
            locationLabel: input.location?.label || 'Non specificato',
            submissionTimestamp: timestamp,
            fromPage: input.fromPage || 'N/D',
            ipAddress: ctx.ip,
            userAgent: ctx.userAgent || 'N/D',
            utm: utmOrDash(input.utm),
            attachments: files.files.map((f) => ({ name: f.fileName, size: formatFileSize(f.content.length) })),
            adminUrl: `${ctx.env.PUBLIC_URL}/admin/leads`,
          },
        },
      }
      const confirmation: { template: QueuedTemplate } = {
        template: {
          name: 'request-confirmation',
          props: {
            kind: 'quote',
            contactName: input.fullName,
            serviceName,
            description: input.description,
            locationLabel: input.location?.label || null,
            submissionTimestamp: timestamp,
          },
        },
      }
      await enqueueEmail(trx, {
        to: '',
        replyTo: input.email,
        subject: `Richiesta Preventivo n. ${id}: ${serviceName}`,
        ...notification,
        category: 'quote-notification',
        leadId: id,
        attachLeadFiles: files.files.length > 0,
      })
      await queueConfirmation(
        ctx,
        trx,
        {
          to: input.email,
          replyTo: ctx.env.NOTIFY_EMAIL,
          subject: `Abbiamo ricevuto la tua richiesta di preventivo: ${serviceName}`,
          ...confirmation,
          category: 'quote-confirmation',
          leadId: id,
        },
        { leadId: id, kind: 'quote' },
      )
      return id
    })
    notifyOutbox()
    ctx.logger.info({ leadId, kind: 'quote', serviceId: input.serviceId, attachments: files.files.length }, 'lead stored')
    return { leadId, serviceName }
  }),

  contact: formProcedure.input(contactRequestSchema).mutation(async ({ ctx, input }) => {
    refuseRobots(ctx, input.website)
    const guards = await verifyGuards(ctx, input)
    const now = new Date()
    const leadId = await commitInGroup(ctx.db, async (trx) => {
      await useGuards(trx, guards)
      const id = await insertLead(
        trx,
        {
          kind: 'contact',
          fullName: input.fullName,
          email: input.email,
          phone: input.phone || null,
          serviceId: null,
          serviceName: CONTACT_SERVICE_NAME,
          subject: input.subject,
          locationLabel: null,
          placeId: null,
          comuneSlug: null,
          description: input.message,
          ipAddress: ctx.ip,
          userAgent: ctx.userAgent.slice(0, 1000) || null,
          fromPage: input.fromPage || null,
          utm: input.utm,
        },
        [],
        now.toISOString(),
      )
      const timestamp = italianTimestamp(now)
      const notification: { template: QueuedTemplate } = {
        template: {
          name: 'request-notification',
          props: {
            formType: CONTACT_SERVICE_NAME,
            leadId: id,
            contactName: input.fullName,
            email: input.email,
            phone: input.phone || 'Non fornito',
            serviceName: input.subject,
            description: input.message,
            locationLabel: null,
            submissionTimestamp: timestamp,
            fromPage: input.fromPage || 'N/D',
            ipAddress: ctx.ip,
            userAgent: ctx.userAgent || 'N/D',
            utm: utmOrDash(input.utm),
            attachments: [],
            adminUrl: `${ctx.env.PUBLIC_URL}/admin/leads`,
          },
        },
      }
      const confirmation: { template: QueuedTemplate } = {
        template: {
          name: 'request-confirmation',
          props: {
            kind: 'contact',
            contactName: input.fullName,
            serviceName: input.subject,
            description: input.message,
            locationLabel: null,
            submissionTimestamp: timestamp,
          },
        },
      }
      await enqueueEmail(trx, {
        to: '',
        replyTo: input.email,
        subject: `Richiesta di Contatto n. ${id}: ${defang(input.subject)}`,
        ...notification,
        category: 'contact-notification',
        leadId: id,
      })
      await queueConfirmation(
        ctx,
        trx,
        {
          to: input.email,
          replyTo: ctx.env.NOTIFY_EMAIL,
          subject: 'Abbiamo ricevuto il tuo messaggio',
          ...confirmation,
          category: 'contact-confirmation',
          leadId: id,
        },
        { leadId: id, kind: 'contact' },
      )
      return id
    })
    notifyOutbox()
    ctx.logger.info({ leadId, kind: 'contact' }, 'lead stored')
    return { leadId }
  }),

  application: formProcedure.input(artisanApplicationSchema).mutation(async ({ ctx, input }) => {
    refuseRobots(ctx, input.website)
    const guards = await verifyGuards(ctx, input)
    const now = new Date()
    const zones = splitZones(input.operativeZones)
    const artisanId = await commitInGroup(ctx.db, async (trx) => {
      await useGuards(trx, guards)
      const artisan = await insertArtisan(
        trx,
        {
          company_name: input.companyName || null,
          vat_number: input.vatNumber || null,
          contact_name: input.contactName,
          email: input.email,
          phone: input.phone,
          specialization_sectors: input.specializationSectors,
          operative_zones: zones,
          status: 'pending_review',
          notes: null,
          profile_image_url: null,
          is_verified: false,
          description: input.description || null,
          privacy_consent_at: now.toISOString(),
          source: 'application',
        },
        now.toISOString(),
      )
      const notification: { template: QueuedTemplate } = {
        template: {
          name: 'application-notification',
          props: {
            artisanId: artisan.id,
            contactName: input.contactName,
            email: input.email,
            phone: input.phone,
            companyName: input.companyName || 'N/D',
            vatNumber: input.vatNumber || 'N/D',
            specializationSectors: input.specializationSectors.join(', '),
            description: input.description || 'Nessuna descrizione fornita.',
            operativeZones: input.operativeZones,
            submissionTimestamp: italianTimestamp(now),
            fromPage: input.fromPage || 'N/D',
            ipAddress: ctx.ip,
            userAgent: ctx.userAgent || 'N/D',
            adminUrl: `${ctx.env.PUBLIC_URL}/admin/artisans/edit/${artisan.id}`,
          },
        },
      }
      const confirmation: { template: QueuedTemplate } = { template: { name: 'application-confirmation', props: { contactName: input.contactName } } }
      await enqueueEmail(trx, {
        to: '',
        replyTo: input.email,
        subject: `Candidatura Artigiano: ${defang(input.contactName)}`,
        ...notification,
        category: 'application-notification',
      })
      await queueConfirmation(
        ctx,
        trx,
        {
          to: input.email,
          replyTo: ctx.env.NOTIFY_EMAIL,
          subject: 'Abbiamo ricevuto la tua candidatura',
          ...confirmation,
          category: 'application-confirmation',
        },
        { artisanId: artisan.id, kind: 'application' },
      )
      return artisan.id
    })
    notifyOutbox()
    ctx.logger.info({ artisanId, kind: 'application', sectors: input.specializationSectors.length }, 'craftsman application stored')
    return { received: true as const }
  }),
})

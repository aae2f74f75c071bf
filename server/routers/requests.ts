import { TRPCError } from '@trpc/server'
import type { DB } from '#db/client.ts'
import { leadAddress } from '#shared/address.ts'
import { findComune } from '#shared/catalog/comuni.ts'
import { answerLines, timingLabel } from '#shared/catalog/questions.ts'
import { storedMarketingConsent } from '#shared/marketing-consent.ts'
import { artisanApplicationSchema, registerSector, splitZones } from '#shared/schemas/artisan-application.ts'
import { CAPTCHA_EXPIRED, CAPTCHA_USED, CAPTCHA_WRONG, PROOF_OF_WORK_FAILED, REJECTED } from '#shared/schemas/common.ts'
import { CONTACT_SERVICE_NAME, type ContactRequest, contactRequestSchema } from '#shared/schemas/contact-request.ts'
import { quoteRequestSchema, quoteServiceName } from '#shared/schemas/quote-request.ts'
import { storedAnswersOf } from '#shared/schemas/service-answers.ts'
import { formatFileSize } from '#shared/text.ts'
import { notifyDispatcher } from '../dispatch/dispatcher.ts'
import { currentDispatchSettings } from '../dispatch/settings.ts'
import { commitInGroup } from '../group-commit.ts'
import { formatPromiseDue, promiseDueAt } from '../leads/promise.ts'
import { defang, ownPageUrl } from '../mail/defang.ts'
import { italianTimestamp } from '#shared/italian-time.ts'
import type { QueuedTemplate } from '../mail/templates/index.ts'
import type { RequestNotificationProps } from '../mail/templates/request-notification.tsx'
import { notifyOutbox } from '../mail/worker.ts'
import { insertArtisan } from '../repositories/artisans.ts'
import { consumeChallenges } from '../repositories/captcha-uses.ts'
import { insertContactMessage } from '../repositories/contact-messages.ts'
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY, takeConfirmationSlot } from '../repositories/confirmation-sends.ts'
import { type AttachmentInput, insertLead, type LeadInput } from '../repositories/leads.ts'
import { findPublishedArtisanBySlug } from '../repositories/profile-page.ts'
import { boundedUserAgent, campaignSource, deviceClass, referrerSource } from '../analytics/sources.ts'
import { enqueueEmails, OFFICE_INBOX, type OutboxEmail } from '../repositories/outbox.ts'
import { captchaSecret, checkChallenge, createChallenge } from '../security/captcha.ts'
import { checkProofOfWork, createProofOfWork, proofOfWorkUse } from '../security/proof-of-work.ts'
import { formRateLimit } from '../security/rate-limit.ts'
import { checkAttachments } from '../security/uploads.ts'
import { type Context, fieldError, publicProcedure, router } from '../trpc/init.ts'

// Every public form goes the same way: its schema (the procedure's input), the anti-abuse guards (the rate limit of
// formProcedure, the honeypot, the proof of work and the captcha: screenRequest), then one write transaction that
// stores the request and queues its two mails (storeRequest). Only what a form stores and what its mails say differ.

type Guards = { captcha: { nonce: string; expiresAt: number }; proofOfWork: { nonce: string; expiresAt: number } }
type GuardedInput = { website?: string; captchaToken: string; captchaAnswer: string; proofOfWork: string }

/**
 * The honeypot, then the proof of work, then the captcha: signatures, expiry and answers, before anything is stored.
 * Whether either was already used is checked in the write transaction (useGuards).
 */
async function screenRequest(ctx: Context, input: GuardedInput): Promise<Guards> {
  // Only robots see and fill the hidden field; they get a plain refusal and nothing is stored.
  if (input.website) {
    ctx.logger.info('form refused: honeypot filled')
    throw new TRPCError({ code: 'BAD_REQUEST', message: REJECTED })
  }
  const secret = await captchaSecret(ctx.db, ctx.env)
  const proofOfWork = await checkProofOfWork(secret, input.proofOfWork)
  if (!proofOfWork.ok) {
    ctx.logger.info({ reason: proofOfWork.reason }, 'form refused: proof of work not valid')
    throw fieldError(['proofOfWork'], PROOF_OF_WORK_FAILED)
  }
  const check = checkChallenge(secret, input.captchaToken, input.captchaAnswer)
  if (check.ok) return { captcha: check, proofOfWork }
  if (check.reason === 'wrong') {
    // A wrong answer uses up the captcha and the work that came with it: every guess costs a new proof of work.
    await consumeChallenges(ctx.db, [check, proofOfWorkUse(proofOfWork)])
  }
  throw fieldError(['captchaAnswer'], check.reason === 'expired' ? CAPTCHA_EXPIRED : CAPTCHA_WRONG)
}

/** Single use: a replayed captcha is named first, since its message says what to redo; then the proof of work. */
async function useGuards(trx: DB, guards: Guards) {
  const proofOfWork = proofOfWorkUse(guards.proofOfWork)
  const unused = await consumeChallenges(trx, [guards.captcha, proofOfWork])
  if (!unused.has(guards.captcha.nonce)) throw fieldError(['captchaAnswer'], CAPTCHA_USED)
  if (!unused.has(proofOfWork.nonce)) throw fieldError(['proofOfWork'], PROOF_OF_WORK_FAILED)
}

/** One of a request's two mails: the office's notification (the visitor in Reply-To) or the visitor's confirmation. */
type RequestMail = {
  subject: string
  category: string
  template: QueuedTemplate
  leadId?: number
  contactMessageId?: number
  attachLeadFiles?: boolean
}
type StoredRequest = { id: number; notification: RequestMail; confirmation: RequestMail }
type FormKind = 'quote' | 'contact' | 'application'
/** How the logs name what a form stored. */
const LOGGED_ID = { quote: 'leadId', contact: 'messageId', application: 'artisanId' } as const

/**
 * In one write transaction: uses up the captcha and the proof of work, stores the request, queues the office's
 * notification and the visitor's confirmation; then wakes the outbox. Returns the stored request's id.
 */
async function storeRequest(
  ctx: Context,
  guards: Guards,
  kind: FormKind,
  visitorEmail: string,
  store: (trx: DB, now: Date) => Promise<StoredRequest>,
  now = new Date(),
): Promise<number> {
  const id = await commitInGroup(ctx.db, async (trx) => {
    await useGuards(trx, guards)
    const request = await store(trx, now)
    const confirmation = await confirmationOf(ctx, trx, visitorEmail, request.confirmation, { [LOGGED_ID[kind]]: request.id, kind })
    await enqueueEmails(trx, [{ to: OFFICE_INBOX, replyTo: visitorEmail, ...request.notification }, ...confirmation])
    return request.id
  })
  notifyOutbox()
  return id
}

/**
 * The visitor's confirmation, to queue unless their address already had its share today, so our mail cannot be
 * aimed at a stranger's inbox over and over; the request itself is stored and reaches the office either way.
 */
async function confirmationOf(ctx: Context, trx: DB, visitorEmail: string, mail: RequestMail, logged: Record<string, unknown>): Promise<OutboxEmail[]> {
  if (await takeConfirmationSlot(trx, visitorEmail)) return [{ to: visitorEmail, replyTo: ctx.env.NOTIFY_EMAIL, ...mail }]
  ctx.logger.info(
    { ...logged, limit: CONFIRMATIONS_PER_ADDRESS_PER_DAY },
    'confirmation e-mail skipped: the address already received its confirmations for today',
  )
  return []
}

type Origin = { fromPage?: string; utm?: LeadInput['utm']; landing?: { page?: string; referrer?: string } }

/** A page path as the site spells them (lowercase, no query): anything else the browser sent is not kept. */
const PAGE_PATH = /^\/[a-z0-9/-]{0,199}$/

/** The request attributed as the visits are: the visit's first page, its campaign or referring site, the device. */
function attribution(ctx: Context, input: Origin) {
  const ownHost = new URL(ctx.env.PUBLIC_URL).hostname
  const fromPath = (() => {
    try {
      return input.fromPage ? new URL(input.fromPage).pathname : undefined
    } catch {
      return undefined
    }
  })()
  const landingPage = [input.landing?.page, fromPath].find((path) => path !== undefined && PAGE_PATH.test(path)) ?? null
  return {
    landingPage,
    trafficSource: campaignSource(input.utm?.source, input.utm?.medium, input.utm?.campaign) ?? referrerSource(input.landing?.referrer, ownHost) ?? 'diretto',
    device: deviceClass(ctx.userAgent),
  }
}
type Visitor = Origin & { fullName: string; email: string }

/** Where the request came from, as stored. */
const storedOrigin = (ctx: Context, input: Origin) => ({
  ipAddress: ctx.ip,
  userAgent: boundedUserAgent(ctx.userAgent) || null,
  fromPage: input.fromPage || null,
  ...attribution(ctx, input),
})

/** Where the request came from, as the office's notification shows it. */
const shownOrigin = (ctx: Context, input: Origin, now: Date) => ({
  submissionTimestamp: italianTimestamp(now),
  fromPage: input.fromPage || 'N/D',
  fromPageUrl: ownPageUrl(input.fromPage, ctx.env.PUBLIC_URL),
  ipAddress: ctx.ip,
  userAgent: boundedUserAgent(ctx.userAgent) || 'N/D',
})

const utmOrDash = (utm: LeadInput['utm']) => ({
  source: utm?.source || 'N/D',
  medium: utm?.medium || 'N/D',
  campaign: utm?.campaign || 'N/D',
  term: utm?.term || 'N/D',
  content: utm?.content || 'N/D',
})

type LeadFields = Omit<LeadInput, 'kind' | 'fullName' | 'email' | 'utm' | 'ipAddress' | 'userAgent' | 'fromPage'>

/** A quote request: the lead as stored, and what its two mails say. */
type LeadRequest = {
  lead: Pick<
    LeadFields,
    | 'phone'
    | 'serviceName'
    | 'description'
    | 'serviceId'
    | 'locationLabel'
    | 'placeId'
    | 'comuneSlug'
    | 'street'
    | 'marketingConsentAt'
    | 'marketingConsentText'
    | 'answers'
    | 'timing'
    | 'dispatch'
  >
  /** The slug of the profile the request was sent from; kept only while that profile is published. */
  preferredArtisan?: string
  /** When a craftsman should have accepted by (server/leads/promise.ts): stored, and said in the confirmation. */
  promiseDueAt: Date
  files: AttachmentInput[]
  notificationSubject: (id: number) => string
  confirmationSubject: string
}

/** The notification and confirmation of a request, as queued: the office's opens `adminUrl`, the visitor's confirms. */
function requestMails(
  ctx: Context,
  input: Visitor,
  now: Date,
  request: Omit<RequestNotificationProps, 'submissionTimestamp' | 'fromPage' | 'ipAddress' | 'userAgent' | 'utm'> & {
    kind: 'quote' | 'contact'
    promiseDue?: string
  },
): { notification: QueuedTemplate; confirmation: QueuedTemplate } {
  const { kind, promiseDue, ...shown } = request
  return {
    notification: { name: 'request-notification', props: { ...shown, ...shownOrigin(ctx, input, now), utm: utmOrDash(input.utm) } },
    confirmation: {
      name: 'request-confirmation',
      props: {
        kind,
        contactName: input.fullName,
        serviceName: request.serviceName,
        description: request.description,
        locationLabel: kind === 'quote' ? request.locationLabel : null,
        submissionTimestamp: italianTimestamp(now),
        promiseDue: promiseDue ?? null,
      },
    },
  }
}

/** Stores a quote request with its files, and its notification and confirmation. */
async function storeLead(ctx: Context, trx: DB, now: Date, input: Visitor, request: LeadRequest): Promise<StoredRequest> {
  const { files } = request
  const preferred = request.preferredArtisan ? await findPublishedArtisanBySlug(trx, request.preferredArtisan) : undefined
  const lead = { kind: 'quote' as const, fullName: input.fullName, email: input.email, subject: null, ...request.lead, utm: input.utm }
  const id = await insertLead(
    trx,
    { ...lead, ...storedOrigin(ctx, input), preferredArtisanId: preferred?.id ?? null, promiseDueAt: request.promiseDueAt.toISOString() },
    files,
    now.toISOString(),
  )
  const { notification, confirmation } = requestMails(ctx, input, now, {
    kind: 'quote',
    promiseDue: formatPromiseDue(request.promiseDueAt),
    formType: 'Richiesta Preventivo',
    leadId: id,
    contactName: lead.fullName,
    email: lead.email,
    phone: lead.phone || 'Non fornito',
    serviceName: lead.serviceName,
    description: lead.description,
    // The requester's confirmation reads the whole address; the office's notification the street and the comune apart.
    locationLabel: leadAddress({ street: lead.street ?? null, comune_slug: lead.comuneSlug, location_label: lead.locationLabel }) || 'Non specificato',
    street: lead.street ?? null,
    comuneName: lead.comuneSlug ? (findComune(lead.comuneSlug)?.name ?? null) : null,
    marketingConsent: Boolean(lead.marketingConsentAt),
    attachments: files.map((f) => ({ name: f.fileName, size: formatFileSize(f.content.length) })),
    preferredArtisan: preferred ? { name: preferred.name, url: `${ctx.env.PUBLIC_URL}/admin/artisans/${preferred.id}` } : null,
    answers: answerLines(lead.serviceId, lead.answers ?? null),
    timing: timingLabel(lead.timing ?? null),
    // The lead itself, opened over the list (?lead=), not the list.
    adminUrl: `${ctx.env.PUBLIC_URL}/admin/leads?lead=${id}`,
  })
  return {
    id,
    notification: {
      subject: request.notificationSubject(id),
      template: notification,
      category: `${lead.kind}-notification`,
      leadId: id,
      attachLeadFiles: files.length > 0,
    },
    confirmation: { subject: request.confirmationSubject, template: confirmation, category: `${lead.kind}-confirmation`, leadId: id },
  }
}

/**
 * Stores a message of /contattaci: a message to the office, not a lead (no pipeline, no requester, no newsletter),
 * with its notification, which opens it in Messaggi, and its confirmation.
 */
async function storeMessage(ctx: Context, trx: DB, now: Date, input: ContactRequest): Promise<StoredRequest> {
  const id = await insertContactMessage(
    trx,
    {
      fullName: input.fullName,
      email: input.email,
      phone: input.phone || null,
      subject: input.subject,
      message: input.message,
      utm: input.utm,
      ...storedOrigin(ctx, input),
      ...storedMarketingConsent(input.marketingConsent, now.toISOString()),
    },
    now.toISOString(),
  )
  const { notification, confirmation } = requestMails(ctx, input, now, {
    kind: 'contact',
    formType: CONTACT_SERVICE_NAME,
    leadId: id,
    contactName: input.fullName,
    email: input.email,
    phone: input.phone || 'Non fornito',
    serviceName: input.subject,
    description: input.message,
    locationLabel: null,
    marketingConsent: input.marketingConsent,
    attachments: [],
    adminUrl: `${ctx.env.PUBLIC_URL}/admin/messages?messaggio=${id}`,
  })
  return {
    id,
    notification: {
      subject: `Nuovo messaggio n. ${id}: ${defang(input.subject)}`,
      template: notification,
      category: 'contact-notification',
      contactMessageId: id,
    },
    confirmation: { subject: 'Abbiamo ricevuto il tuo messaggio', template: confirmation, category: 'contact-confirmation', contactMessageId: id },
  }
}

const formProcedure = publicProcedure.use(formRateLimit)

export const requestsRouter = router({
  /**
   * A new captcha for the three forms (docs/product.md §5), with the proof of work the browser solves in the background: both
   * signed, valid for an hour, usable once.
   */
  captcha: publicProcedure.query(async ({ ctx }) => {
    ctx.responseHeaders.set('Cache-Control', 'no-store')
    const secret = await captchaSecret(ctx.db, ctx.env)
    return { ...createChallenge(secret), proofOfWork: await createProofOfWork(secret, ctx.env.PROOF_OF_WORK_DIFFICULTY) }
  }),

  quote: formProcedure.input(quoteRequestSchema).mutation(async ({ ctx, input }) => {
    const guards = await screenRequest(ctx, input)
    const files = await checkAttachments(input.attachments)
    if (!files.ok) throw fieldError(['attachments', files.problem.index, 'dataUrl'], files.problem.message)
    const serviceName = quoteServiceName(input.serviceId)
    const now = new Date()
    // The office hours are read before the write transaction, which holds the database while it runs.
    const dispatch = await currentDispatchSettings(ctx.db)
    const due = promiseDueAt(dispatch, now)
    const leadId = await storeRequest(
      ctx,
      guards,
      'quote',
      input.email,
      (trx, now) =>
        storeLead(ctx, trx, now, input, {
          promiseDueAt: due,
          lead: {
            dispatch: dispatch.enabled,
            phone: input.phone,
            serviceId: input.serviceId,
            serviceName,
            locationLabel: input.location?.label || null,
            placeId: input.location?.placeId || null,
            // The schema let through only a comune of the catalogue: the street and the comune are stored apart.
            comuneSlug: input.comuneSlug,
            street: input.street,
            ...storedMarketingConsent(input.marketingConsent, now.toISOString()),
            description: input.description,
            answers: storedAnswersOf(input.serviceId, input.answers),
            timing: input.timing,
          },
          files: files.files,
          preferredArtisan: input.preferredArtisan,
          notificationSubject: (id) => `Richiesta Preventivo n. ${id}: ${serviceName}`,
          confirmationSubject: `Abbiamo ricevuto la tua richiesta di preventivo: ${serviceName}`,
        }),
      now,
    )
    ctx.logger.info({ leadId, kind: 'quote', serviceId: input.serviceId, attachments: files.files.length }, 'lead stored')
    // Due at once: with automatic dispatch on, offered within seconds instead of at the dispatcher's next poll.
    if (dispatch.enabled) notifyDispatcher()
    return { leadId, serviceName, promiseDue: formatPromiseDue(due) }
  }),

  contact: formProcedure.input(contactRequestSchema).mutation(async ({ ctx, input }) => {
    const guards = await screenRequest(ctx, input)
    const messageId = await storeRequest(ctx, guards, 'contact', input.email, (trx, now) => storeMessage(ctx, trx, now, input))
    ctx.logger.info({ messageId, kind: 'contact' }, 'contact message stored')
    return { messageId }
  }),

  application: formProcedure.input(artisanApplicationSchema).mutation(async ({ ctx, input }) => {
    const guards = await screenRequest(ctx, input)
    const sectors = input.specializationSectors.map(registerSector)
    const artisanId = await storeRequest(ctx, guards, 'application', input.email, async (trx, now) => {
      const artisan = await insertArtisan(
        trx,
        {
          companyName: input.companyName || null,
          vatNumber: input.vatNumber || null,
          contactName: input.contactName,
          email: input.email,
          phone: input.phone,
          specializationSectors: sectors,
          operativeZones: splitZones(input.operativeZones),
          status: 'pending_review',
          notes: null,
          profileImageUrl: null,
          isVerified: false,
          description: input.description || null,
          privacyConsentAt: now.toISOString(),
          source: 'application',
        },
        now.toISOString(),
      )
      const notification: QueuedTemplate = {
        name: 'application-notification',
        props: {
          artisanId: artisan.id,
          contactName: input.contactName,
          email: input.email,
          phone: input.phone,
          companyName: input.companyName || 'N/D',
          vatNumber: input.vatNumber || 'N/D',
          specializationSectors: sectors.join(', '),
          description: input.description || 'Nessuna descrizione fornita.',
          operativeZones: input.operativeZones,
          ...shownOrigin(ctx, input, now),
          adminUrl: `${ctx.env.PUBLIC_URL}/admin/artisans/edit/${artisan.id}`,
        },
      }
      return {
        id: artisan.id,
        notification: { subject: `Candidatura Artigiano: ${defang(input.contactName)}`, template: notification, category: 'application-notification' },
        confirmation: {
          subject: 'Abbiamo ricevuto la tua candidatura',
          template: { name: 'application-confirmation', props: { contactName: input.contactName } },
          category: 'application-confirmation',
        },
      }
    })
    ctx.logger.info({ artisanId, kind: 'application', sectors: sectors.length }, 'craftsman application stored')
    return { received: true as const }
  }),
})

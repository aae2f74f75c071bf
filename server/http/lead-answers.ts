import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { DB } from '#db/client.ts'
import { DECLINE_REASONS, type DeclineReason, RATING_OUTCOMES } from '#shared/enums.ts'
import { MAX_RATING_COMMENT, RATING_COMMENT_TOO_LONG, RATING_OUTCOME_INVALID, RATING_STARS_INVALID } from '#shared/lead-responses.ts'
import type { Env } from '../env.ts'
import { acceptFromLink, declineFromLink, withdrawFromLink } from '../leads/offers.ts'
import { type LeadLink, leadLinks, verifyLeadLinkToken } from '../leads/links.ts'
import type { Logger } from '../logger.ts'
import { acceptedArtisans, type AnswerOutcome, findOffer, isCurrentOffer, leadExists, type Offer, type OfferRef } from '../repositories/offers.ts'
import { leadRatings, saveRating } from '../repositories/ratings.ts'
import { leadReviews } from '../repositories/reviews.ts'
import {
  type Answer,
  acceptPage,
  DELETED,
  declinePage,
  EXPIRED_OFFER,
  EXPIRED_RATING,
  INVALID,
  REASSIGNED,
  type RatingDraft,
  type RatingField,
  ratingPage,
  SUPERSEDED,
  WITHDRAW_CLOSED,
  WITHDRAW_TOO_LATE,
} from './lead-answer-pages.tsx'

/** Plain pages of links and forms: never cached, never indexed, no script, posting only to this site. */
export const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
}

/** The fields whose refusal is shown beside them on the page. */
const RATING_FIELDS: RatingField[] = ['stelle', 'esito', 'commento']

const NOT_RATEABLE = 'Questo artigiano non ha accettato la tua richiesta: scegli uno di quelli elencati.'
/** Once per job (docs/product.md §11): a rating given is neither changed nor given again. */
const ALREADY_RATED = 'Hai già valutato questo artigiano per questa richiesta: la valutazione si dà una volta sola e non si può cambiare.'

const ratingSchema = z.object({
  artigiano: z.string({ error: NOT_RATEABLE }).regex(/^[1-9]\d{0,14}$/, NOT_RATEABLE),
  stelle: z.enum(['1', '2', '3', '4', '5'], { error: RATING_STARS_INVALID }),
  esito: z.enum(RATING_OUTCOMES, { error: RATING_OUTCOME_INVALID }),
  commento: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(MAX_RATING_COMMENT, RATING_COMMENT_TOO_LONG))
    .optional(),
})

/** The requester's page for the lead a rating link names, or why it is gone. */
async function ratingPageFor(db: DB, leadId: number, token: string, saved?: number, draft?: RatingDraft): Promise<Answer> {
  if (!(await leadExists(db, leadId))) return DELETED
  const [artisans, ratings, reviews] = await Promise.all([acceptedArtisans(db, leadId), leadRatings(db, leadId), leadReviews(db, leadId)])
  const given = new Map([...ratings].map(([artisanId, rating]) => [artisanId, { ...rating, review: reviews.get(artisanId) }]))
  return ratingPage(artisans, given, token, saved, draft)
}

/** A form field as one string: a repeated field or a file is not an answer. */
function field(body: Record<string, string | File | (string | File)[]>, name: string): string | undefined {
  const value = body[name]
  return typeof value === 'string' ? value : undefined
}

/**
 * The pages behind the links of the offer and rating e-mails. A GET only shows (mail scanners open every link); a POST
 * answers and redirects to the GET, so a reload never answers twice.
 */
export function createLeadAnswerRoutes({ db, env, logger }: { db: DB; env: Env; logger: Logger }) {
  const routes = new Hono()
  const links = leadLinks(db, env)
  const log = logger.child({ component: 'lead-answers' })
  const send = (c: Context, answer: Answer) => c.html(answer.html, answer.status, PAGE_HEADERS)

  /** The offer a link names as it stands, or the page that says why it cannot be used (an earlier offer's link among them). */
  async function offerFor(token: string | undefined, purpose: 'accept' | 'decline'): Promise<{ offer: Offer; ref: OfferRef } | Answer> {
    const check = verifyLeadLinkToken(await links.secret(), token, purpose)
    if (!check.ok) {
      if (check.reason === 'invalid') log.warn({ purpose }, 'lead link refused: invalid or altered token')
      return check.reason === 'invalid' ? INVALID : EXPIRED_OFFER
    }
    const link = check.link as Extract<LeadLink, { purpose: 'accept' | 'decline' }>
    const ref = { assignmentId: link.assignmentId, leadId: link.leadId, artisanId: link.artisanId, offerNumber: link.offerNumber }
    const offer = await findOffer(db, ref)
    if (offer) return isCurrentOffer(offer, ref) ? { offer, ref } : SUPERSEDED
    return (await leadExists(db, link.leadId)) ? REASSIGNED : DELETED
  }

  const body = (c: Context) => c.req.parseBody({ all: true })

  routes.get('/lavori/accetta', async (c) => {
    const token = c.req.query('t')
    const found = await offerFor(token, 'accept')
    return send(c, 'offer' in found ? acceptPage(found.offer, token!, new Date()) : found)
  })

  routes.post('/lavori/accetta', async (c) => {
    const token = field(await body(c), 't')
    const found = await offerFor(token, 'accept')
    if (!('offer' in found)) return send(c, found)
    const outcome = await acceptFromLink(links, found.ref, token!)
    log.info({ leadId: found.ref.leadId, artisanId: found.ref.artisanId, outcome }, 'offer accepted')
    if (outcome === 'done') return c.redirect(`/lavori/accetta?t=${encodeURIComponent(token!)}`, 303)
    return answerAfterConflict(c, found.ref, outcome, (offer) => acceptPage(offer, token!, new Date(), outcome))
  })

  routes.get('/lavori/rifiuta', async (c) => {
    const token = c.req.query('t')
    const found = await offerFor(token, 'decline')
    return send(c, 'offer' in found ? declinePage(found.offer, token!) : found)
  })

  routes.post('/lavori/rifiuta', async (c) => {
    const form = await body(c)
    const token = field(form, 't')
    const found = await offerFor(token, 'decline')
    if (!('offer' in found)) return send(c, found)
    const given = field(form, 'motivo')
    const reason = DECLINE_REASONS.includes(given as DeclineReason) ? (given as DeclineReason) : null
    const outcome = await declineFromLink(links, found.ref, reason)
    log.info({ leadId: found.ref.leadId, artisanId: found.ref.artisanId, outcome }, 'offer declined')
    if (outcome === 'done') return c.redirect(`/lavori/rifiuta?t=${encodeURIComponent(token!)}`, 303)
    return answerAfterConflict(c, found.ref, outcome, (offer) => declinePage(offer, token!, outcome))
  })

  routes.post('/lavori/rinuncia', async (c) => {
    const token = field(await body(c), 't')
    const found = await offerFor(token, 'accept')
    if (!('offer' in found)) return send(c, found)
    const outcome = await withdrawFromLink(links, found.ref)
    log.info({ leadId: found.ref.leadId, artisanId: found.ref.artisanId, outcome }, 'accepted offer withdrawn')
    if (outcome === 'done') return c.redirect(`/lavori/accetta?t=${encodeURIComponent(token!)}`, 303)
    if (outcome === 'too_late') return send(c, WITHDRAW_TOO_LATE)
    if (outcome === 'closed') return send(c, WITHDRAW_CLOSED)
    return answerAfterConflict(c, found.ref, outcome, (offer) => acceptPage(offer, token!, new Date(), outcome))
  })

  /** After a refused answer: the offer as it now stands, with 409, or why it is gone. */
  async function answerAfterConflict(c: Context, ref: OfferRef, outcome: AnswerOutcome, render: (offer: Offer) => Answer) {
    if (outcome === 'missing') return send(c, (await leadExists(db, ref.leadId)) ? REASSIGNED : DELETED)
    if (outcome === 'superseded') return send(c, SUPERSEDED)
    const offer = await findOffer(db, ref)
    if (!offer) return send(c, DELETED)
    const answer = render(offer)
    return send(c, answer.status === 200 ? { ...answer, status: 409 } : answer)
  }

  async function ratingLink(token: string | undefined): Promise<Extract<LeadLink, { purpose: 'rate' }> | Answer> {
    const check = verifyLeadLinkToken(await links.secret(), token, 'rate')
    if (check.ok) return check.link as Extract<LeadLink, { purpose: 'rate' }>
    if (check.reason === 'invalid') log.warn({ purpose: 'rate' }, 'lead link refused: invalid or altered token')
    return check.reason === 'invalid' ? INVALID : EXPIRED_RATING
  }

  routes.get('/valutazione', async (c) => {
    const token = c.req.query('t')
    const link = await ratingLink(token)
    if ('html' in link) return send(c, link)
    const saved = Number(c.req.query('salvato'))
    return send(c, await ratingPageFor(db, link.leadId, token!, Number.isSafeInteger(saved) ? saved : undefined))
  })

  routes.post('/valutazione', async (c) => {
    const form = await body(c)
    const token = field(form, 't')
    const link = await ratingLink(token)
    if ('html' in link) return send(c, link)
    const values = { artigiano: field(form, 'artigiano'), stelle: field(form, 'stelle'), esito: field(form, 'esito'), commento: field(form, 'commento') }
    const artisanId = Number(values.artigiano)
    const parsed = ratingSchema.safeParse(values)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      const field = RATING_FIELDS.find((name) => name === issue.path[0])
      const draft = { artisanId, stars: values.stelle, outcome: values.esito, comment: values.commento, error: issue.message, field }
      const answer = await ratingPageFor(db, link.leadId, token!, undefined, draft)
      return send(c, { ...answer, status: answer.status === 200 ? 400 : answer.status })
    }
    const result = await saveRating(db, {
      leadId: link.leadId,
      artisanId,
      stars: Number(parsed.data.stelle),
      outcome: parsed.data.esito,
      comment: parsed.data.commento || null,
    })
    log.info({ leadId: link.leadId, artisanId, result }, 'rating saved')
    if (result !== 'created') {
      const refused = result === 'already_rated' ? { error: ALREADY_RATED, status: 409 as const } : { error: NOT_RATEABLE, status: 400 as const }
      const answer = await ratingPageFor(db, link.leadId, token!, undefined, { artisanId, error: refused.error })
      return send(c, { ...answer, status: answer.status === 200 || answer.status === 400 ? refused.status : answer.status })
    }
    return c.redirect(`/valutazione?t=${encodeURIComponent(token!)}&salvato=${artisanId}#valutazione-${artisanId}`, 303)
  })

  return routes
}

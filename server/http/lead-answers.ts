import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { DB } from '#db/client.ts'
import { DECLINE_REASONS, type DeclineReason, RATING_OUTCOMES } from '#shared/enums.ts'
import {
  DECLINE_REASON_LABELS,
  MAX_RATING_COMMENT,
  RATING_COMMENT_TOO_LONG,
  RATING_OUTCOME_INVALID,
  RATING_OUTCOME_LABELS,
  RATING_STARS_INVALID,
  WITHDRAW_HOURS,
} from '#shared/lead-responses.ts'
import type { Env } from '../env.ts'
import { acceptFromLink, declineFromLink, withdrawFromLink } from '../leads/answers.ts'
import { type LeadLink, leadLinks, verifyLeadLinkToken } from '../leads/links.ts'
import type { Logger } from '../logger.ts'
import { italianTimestamp } from '../mail/render.ts'
import {
  acceptedArtisans,
  type AnswerOutcome,
  canWithdraw,
  findOffer,
  isCurrentOffer,
  leadExists,
  leadRatings,
  type Offer,
  type OfferRef,
  saveRating,
} from '../repositories/lead-responses.ts'
import { leadTown } from '../repositories/matching.ts'
import { escapeHtml, plainPage } from './plain-page.ts'

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
}

const STYLE = `
table{width:100%;border-collapse:collapse;margin:1rem 0;font-size:.95rem}
th,td{text-align:left;vertical-align:top;padding:.5rem 0;border-bottom:1px solid #e2e8f0}
th{width:38%;padding-right:.75rem;color:#475569;font-weight:600}
td{white-space:pre-wrap;overflow-wrap:anywhere}
fieldset{border:1px solid #e2e8f0;border-radius:.5rem;margin:1rem 0;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}
label{display:flex;gap:.5rem;align-items:center;padding:.3rem 0;cursor:pointer}
.stars{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
textarea{width:100%;box-sizing:border-box;min-height:6rem;font:inherit;padding:.5rem;border:1px solid #cbd5e1;border-radius:.5rem}
.secondary{background:#fff;color:#0f172a;border:1px solid #94a3b8}
.notice{background:#f0fdf4;border:1px solid #86efac;border-radius:.5rem;padding:.75rem 1rem;color:#14532d}
.error{background:#fef2f2;border:1px solid #fca5a5;border-radius:.5rem;padding:.75rem 1rem;color:#7f1d1d}
section{border-top:1px solid #e2e8f0;margin-top:1.5rem;padding-top:.5rem}
h2{font-size:1.15rem;margin:.75rem 0 .25rem}
.muted{color:#64748b;font-size:.9rem}
`

const page = (title: string, body: string) => plainPage(title, body, STYLE)
const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`

/** Label and value rows; a value with an href (tel:, mailto:) is a link, everything is escaped. */
function detailsTable(rows: ([string, string] | [string, string, string])[]): string {
  const cell = (value: string, href?: string) => (href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value))
  return `<table><tbody>${rows.map(([label, value, href]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${cell(value, href)}</td></tr>`).join('')}</tbody></table>`
}

/** The pages a link can end on when it cannot be used, with their status. */
const INVALID = {
  status: 400,
  html: page('Link non valido', paragraph("Il link non è valido o è stato modificato. Usa il link dell'email che ti abbiamo inviato, senza cambiarlo.")),
} as const
const EXPIRED_OFFER = {
  status: 410,
  html: page(
    'Link scaduto',
    paragraph(
      "Questo link è scaduto: i link delle offerte di lavoro valgono 7 giorni. Se il lavoro ti interessa ancora, rispondi all'email e ti ricontatteremo.",
    ),
  ),
} as const
const EXPIRED_RATING = {
  status: 410,
  html: page('Link scaduto', paragraph('Questo link per la valutazione è scaduto. Grazie comunque per aver usato Artigiani Milano.')),
} as const
const DELETED = {
  status: 410,
  html: page('Richiesta non più disponibile', paragraph('Questa richiesta non è più disponibile: è stata ritirata o cancellata. Non devi fare nulla.')),
} as const
const REASSIGNED = {
  status: 410,
  html: page(
    'Lavoro affidato ad altri',
    paragraph(
      "Questa richiesta è stata affidata a un altro artigiano: l'offerta non è più valida. Non devi fare nulla, ti proporremo i prossimi lavori nella tua zona.",
    ),
  ),
} as const

const SUPERSEDED = {
  status: 410,
  html: page(
    'Offerta non più valida',
    paragraph("Questa offerta non è più valida: ti abbiamo proposto di nuovo questo lavoro con un'altra email. Usa i link dell'email più recente."),
  ),
} as const
const WITHDRAW_TOO_LATE = {
  status: 409,
  html: page(
    'Non puoi più rinunciare',
    paragraph(`Sono passate più di ${WITHDRAW_HOURS} ore da quando hai accettato: per rinunciare ora rispondi all'email e avvisa l'ufficio.`),
  ),
} as const
const WITHDRAW_CLOSED = {
  status: 409,
  html: page(
    'Non puoi più rinunciare',
    paragraph("Questa richiesta è chiusa: non puoi più rinunciare al lavoro. Se c'è un problema, rispondi all'email e avvisa l'ufficio."),
  ),
} as const

type Answer = { status: 200 | 400 | 409 | 410; html: string }

function jobRows(offer: Offer): [string, string][] {
  return [
    ['Servizio', offer.service_name],
    ['Comune', leadTown(offer)?.name ?? 'Non specificato'],
    ['Descrizione', offer.description || 'Nessuna descrizione fornita.'],
    ['Allegati', offer.attachments.length ? offer.attachments.map((file) => file.file_name).join('\n') : 'Nessun allegato'],
    ['Arrivata il', italianTimestamp(new Date(offer.created_at))],
    ['Proposta a', offer.offeredTo === 1 ? 'solo a te' : `${offer.offeredTo} artigiani`],
  ]
}

const jobTitle = (offer: Offer) => {
  const town = leadTown(offer)?.name
  return `${offer.service_name}${town ? ` a ${town}` : ''}`
}

const hidden = (token: string) => `<input type="hidden" name="t" value="${escapeHtml(token)}">`

/** The craftsman's view of an offer, whatever its state, from the link that accepts it. */
function acceptPage(offer: Offer, token: string, now: Date, conflict?: AnswerOutcome): Answer {
  const status = conflict ? 409 : 200
  if (offer.revoked_at) return REASSIGNED
  if (offer.response === 'declined') {
    return {
      status,
      html: page('Hai già risposto', paragraph(`Hai già detto di non essere disponibile per questo lavoro (n. ${offer.lead_id}). Grazie per la risposta.`)),
    }
  }
  if (offer.response === 'accepted') {
    const dial = offer.phone?.replace(/[^\d+]/g, '')
    const client: ([string, string] | [string, string, string])[] = [
      ['Cliente', offer.full_name],
      dial ? ['Telefono', offer.phone!, `tel:${dial}`] : ['Telefono', 'Non fornito'],
      ['Email', offer.email, `mailto:${encodeURIComponent(offer.email).replace(/%40/g, '@')}`],
      ['Indirizzo', offer.location_label ?? 'Non specificato'],
      ['Descrizione', offer.description || 'Nessuna descrizione fornita.'],
      ['Allegati', offer.attachments.length ? `${offer.attachments.length}, nell'email con i contatti del cliente` : 'Nessun allegato'],
    ]
    if (offer.withdrawn_at) {
      return {
        status,
        html: page(
          'Hai rinunciato al lavoro',
          paragraph(`Hai rinunciato a questo lavoro (n. ${offer.lead_id}) il ${italianTimestamp(new Date(offer.withdrawn_at))}. Abbiamo avvisato l'ufficio.`),
        ),
      }
    }
    const until = new Date(Date.parse(offer.responded_at!) + WITHDRAW_HOURS * 3_600_000)
    const withdraw = canWithdraw(offer, now)
      ? `<form method="post" action="/lavori/rinuncia">${hidden(token)}
<p class="muted">Non puoi più seguirlo? Puoi rinunciare fino al ${escapeHtml(italianTimestamp(until))}: avviseremo noi l'ufficio.</p>
<button type="submit" class="secondary">Rinuncio al lavoro</button></form>`
      : ''
    return {
      status,
      html: page(
        `Lavoro accettato: ${jobTitle(offer)}`,
        `${conflict ? `<p class="notice">${escapeHtml('Hai già accettato questo lavoro.')}</p>` : ''}${paragraph(
          `Il lavoro n. ${offer.lead_id} è tuo. Chiama il cliente entro 24 ore per fissare il sopralluogo gratuito: gli abbiamo detto che lo contatterai tu.`,
        )}${detailsTable(client)}${withdraw}`,
      ),
    }
  }
  if (offer.status === 'acquisito' || offer.status === 'perso') {
    return { status, html: page('Richiesta chiusa', paragraph('Questa richiesta è chiusa: non serve più una risposta. Grazie.')) }
  }
  return {
    status,
    html: page(
      `Nuovo lavoro: ${jobTitle(offer)}`,
      `${paragraph(`Ti interessa questo lavoro (n. ${offer.lead_id})? Confermando riceverai subito nome, telefono, email e indirizzo del cliente.`)}${detailsTable(jobRows(offer))}
<form method="post" action="/lavori/accetta">${hidden(token)}<button type="submit">Accetto il lavoro</button></form>`,
    ),
  }
}

/** The craftsman's view of an offer from the link that declines it. */
function declinePage(offer: Offer, token: string, conflict?: AnswerOutcome): Answer {
  const status = conflict ? 409 : 200
  if (offer.revoked_at) return REASSIGNED
  if (offer.response === 'declined') {
    const reason = offer.decline_reason ? ` (motivo: ${DECLINE_REASON_LABELS[offer.decline_reason].toLowerCase()})` : ''
    return { status, html: page('Risposta registrata', paragraph(`Hai detto di non essere disponibile per questo lavoro${reason}. Grazie per la risposta.`)) }
  }
  if (offer.response === 'accepted') {
    return {
      status,
      html: page(
        'Hai già accettato',
        paragraph("Hai già accettato questo lavoro: trovi i contatti del cliente nell'email che ti abbiamo inviato. Da lì puoi anche rinunciare entro 24 ore."),
      ),
    }
  }
  if (offer.status === 'acquisito' || offer.status === 'perso') {
    return { status, html: page('Richiesta chiusa', paragraph('Questa richiesta è chiusa: non serve più una risposta. Grazie.')) }
  }
  const reasons = DECLINE_REASONS.map(
    (reason) => `<label><input type="radio" name="motivo" value="${reason}"> ${escapeHtml(DECLINE_REASON_LABELS[reason])}</label>`,
  ).join('')
  return {
    status,
    html: page(
      `Non disponibile: ${jobTitle(offer)}`,
      `${paragraph(`Confermi di non essere disponibile per questo lavoro (n. ${offer.lead_id})? Lo proporremo a un altro artigiano.`)}${detailsTable(jobRows(offer))}
<form method="post" action="/lavori/rifiuta">${hidden(token)}
<fieldset><legend>Perché? (facoltativo)</legend>${reasons}</fieldset>
<button type="submit">Non sono disponibile</button></form>`,
    ),
  }
}

const NOT_RATEABLE = 'Questo artigiano non ha accettato la tua richiesta: scegli uno di quelli elencati.'

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

type RatingDraft = { artisanId: number; stars?: string; outcome?: string; comment?: string; error?: string }

/** The requester's page: one form per craftsman who accepted, filled with the rating already given. */
async function ratingPage(db: DB, link: Extract<LeadLink, { purpose: 'rate' }>, token: string, saved?: number, draft?: RatingDraft): Promise<Answer> {
  if (!(await leadExists(db, link.leadId))) return DELETED
  const [artisans, ratings] = await Promise.all([acceptedArtisans(db, link.leadId), leadRatings(db, link.leadId)])
  if (!artisans.length) {
    return {
      status: 200,
      html: page("Com'è andata?", paragraph('Non ci sono artigiani da valutare per questa richiesta. Grazie per aver usato Artigiani Milano.')),
    }
  }
  const sections = artisans.map((artisan) => {
    const given = ratings.get(artisan.id)
    const current =
      draft?.artisanId === artisan.id ? draft : { stars: given ? String(given.stars) : undefined, outcome: given?.outcome, comment: given?.comment ?? '' }
    const name = artisan.company_name ? `${artisan.company_name} (${artisan.contact_name})` : artisan.contact_name
    const stars = [1, 2, 3, 4, 5]
      .map(
        (n) =>
          `<label><input type="radio" name="stelle" value="${n}" required${current.stars === String(n) ? ' checked' : ''}> ${n} ${n === 1 ? 'stella' : 'stelle'}</label>`,
      )
      .join('')
    const outcomes = RATING_OUTCOMES.map(
      (outcome) =>
        `<label><input type="radio" name="esito" value="${outcome}" required${current.outcome === outcome ? ' checked' : ''}> ${escapeHtml(RATING_OUTCOME_LABELS[outcome])}</label>`,
    ).join('')
    const error = draft?.artisanId === artisan.id && draft.error ? `<p class="error" role="alert">${escapeHtml(draft.error)}</p>` : ''
    const notice = saved === artisan.id && !draft ? `<p class="notice" role="status">Grazie! Abbiamo salvato la tua valutazione.</p>` : ''
    const field = `valutazione-${artisan.id}`
    return `<section aria-labelledby="${field}"><h2 id="${field}">${escapeHtml(name)}</h2>${notice}${error}
<form method="post" action="/valutazione">${hidden(token)}<input type="hidden" name="artigiano" value="${artisan.id}">
<fieldset><legend>Il tuo voto</legend><div class="stars">${stars}</div></fieldset>
<fieldset><legend>Il lavoro</legend>${outcomes}</fieldset>
<label for="${field}-commento" style="display:block">Commento (facoltativo)</label>
<textarea id="${field}-commento" name="commento" maxlength="${MAX_RATING_COMMENT}">${escapeHtml(current.comment ?? '')}</textarea>
<p><button type="submit">${given ? 'Aggiorna la valutazione' : 'Salva la valutazione'}</button></p></form></section>`
  })
  const stray =
    draft?.error && !artisans.some((artisan) => artisan.id === draft.artisanId) ? `<p class="error" role="alert">${escapeHtml(draft.error)}</p>` : ''
  return {
    status: draft?.error ? 400 : 200,
    html: page(
      "Com'è andata?",
      `${stray}${paragraph('Dicci come ti sei trovato con gli artigiani che hanno accettato la tua richiesta. Il voto resta a noi: ci aiuta a scegliere gli artigiani migliori.')}${sections.join('')}`,
    ),
  }
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
    return send(c, await ratingPage(db, link, token!, Number.isSafeInteger(saved) ? saved : undefined))
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
      const draft = { artisanId, stars: values.stelle, outcome: values.esito, comment: values.commento, error: parsed.error.issues[0]!.message }
      const answer = await ratingPage(db, link, token!, undefined, draft)
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
    if (result === 'not_rateable') {
      const answer = await ratingPage(db, link, token!, undefined, { artisanId, error: NOT_RATEABLE })
      return send(c, { ...answer, status: answer.status === 200 ? 400 : answer.status })
    }
    return c.redirect(`/valutazione?t=${encodeURIComponent(token!)}&salvato=${artisanId}#valutazione-${artisanId}`, 303)
  })

  return routes
}

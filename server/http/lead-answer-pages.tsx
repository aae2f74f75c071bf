import { Fragment, type ReactNode } from 'react'
import { DECLINE_REASONS, RATING_OUTCOMES } from '#shared/enums.ts'
import type { ReviewStatus } from '#db/schema.ts'
import { DECLINE_REASON_LABELS, MAX_RATING_COMMENT, RATING_OUTCOME_LABELS, WITHDRAW_HOURS } from '#shared/lead-responses.ts'
import { leadAddress } from '#shared/address.ts'
import { italianTimestamp } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { ACCEPTED_RULE, acceptedSoFarLabel, OFFER_RULE, offeredToLabel } from '#shared/promise.ts'
import { type AnswerOutcome, canWithdraw, type Offer } from '../repositories/offers.ts'
import { leadComune } from '../repositories/matching.ts'
import { answerLines, answersText, timingLabel } from '#shared/catalog/questions.ts'
import { alreadyDeclinedMessage, OFFER_MESSAGES, withdrawnMessage } from '../leads/answer-messages.ts'
import { messagePage, plainPage } from './plain-page.tsx'

/** The CSS of the pages behind e-mail links and of the other plain forms (the report of a review). */
export const ANSWER_STYLE = `
table{width:100%;border-collapse:collapse;margin:1rem 0;font-size:.95rem}
th,td{text-align:left;vertical-align:top;padding:.5rem 0;border-bottom:1px solid #e2e8f0}
th{width:38%;padding-right:.75rem;color:#475569;font-weight:600}
td{white-space:pre-wrap;overflow-wrap:anywhere}
fieldset{border:1px solid #e2e8f0;border-radius:.5rem;margin:1rem 0;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}
label{display:flex;gap:.5rem;align-items:center;padding:.3rem 0;min-height:2.75rem;cursor:pointer}
input[type=radio]{flex:none;width:1.25rem;height:1.25rem;margin:0;accent-color:#c81e1e}
.stars{position:relative;display:flex;gap:.25rem;margin:.25rem 0}
.stars input[type=radio]{position:absolute;opacity:0;width:1px;height:1px;margin:0}
.stars label{justify-content:center;width:3rem;height:3rem;padding:0;font-size:2.25rem;line-height:1;border-radius:.5rem;color:transparent;-webkit-text-stroke:2px #6b7280}
.stars input:checked+label,.stars label:has(~input:checked){color:#d97706;-webkit-text-stroke-color:#b45309}
.stars:has(label:hover) label{color:transparent;-webkit-text-stroke-color:#6b7280}
.stars:has(label:hover) label:hover,.stars:has(label:hover) label:has(~label:hover){color:#f59e0b;-webkit-text-stroke-color:#b45309}
.stars input:focus-visible+label{outline:3px solid #1d4ed8;outline-offset:1px}
.scale{margin:0;font-size:.85rem;color:#64748b}
.text-label{display:block;min-height:0;padding:0 0 .35rem}
.field-error{margin:.25rem 0 0;color:#b91c1c;font-weight:600;font-size:.95rem}
.invalid{border-color:#dc2626}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
textarea{width:100%;box-sizing:border-box;min-height:6rem;font:inherit;padding:.5rem;border:1px solid #cbd5e1;border-radius:.5rem}
.secondary{background:#fff;color:#0f172a;border:1px solid #94a3b8}
.notice{background:#f0fdf4;border:1px solid #86efac;border-radius:.5rem;padding:.75rem 1rem;color:#14532d}
.error{background:#fef2f2;border:1px solid #fca5a5;border-radius:.5rem;padding:.75rem 1rem;color:#7f1d1d}
section{border-top:1px solid #e2e8f0;margin-top:1.5rem;padding-top:.5rem}
h2{font-size:1.15rem;margin:.75rem 0 .25rem}
.muted{color:#64748b;font-size:.9rem}
`

/** A page behind a link of the offer and rating e-mails, with the status it is sent with. */
export type Answer = { status: 200 | 400 | 409 | 410; html: string }

const answer = (status: Answer['status'], title: string, body: ReactNode): Answer => ({ status, html: plainPage(title, body, ANSWER_STYLE) })
const message = (status: Answer['status'], title: string, text: string): Answer => ({ status, html: messagePage(title, text, ANSWER_STYLE) })

/** The pages a link can end on when it cannot be used. */
export const INVALID = message(
  400,
  'Link non valido',
  "Il link non è valido o è stato modificato. Usa il link dell'email che ti abbiamo inviato, senza cambiarlo.",
)
export const EXPIRED_OFFER = message(410, 'Link scaduto', OFFER_MESSAGES.expired)
export const EXPIRED_RATING = message(410, 'Link scaduto', 'Questo link per la valutazione è scaduto. Grazie comunque per aver usato Artigiani Milano.')
export const DELETED = message(410, 'Richiesta non più disponibile', OFFER_MESSAGES.deleted)
export const REASSIGNED = message(410, 'Lavoro affidato ad altri', OFFER_MESSAGES.reassigned)
export const SUPERSEDED = message(410, 'Offerta non più valida', OFFER_MESSAGES.superseded)
export const WITHDRAW_TOO_LATE = message(409, 'Non puoi più rinunciare', OFFER_MESSAGES.withdrawTooLate)
export const WITHDRAW_CLOSED = message(409, 'Non puoi più rinunciare', OFFER_MESSAGES.withdrawClosed)

/** A label and its value; a value with an href (tel:, mailto:) is a link. */
type DetailRow = [label: string, value: string, href?: string]

function DetailsTable({ rows }: { rows: DetailRow[] }) {
  return (
    <table>
      <tbody>
        {rows.map(([label, value, href]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{href ? <a href={href}>{value}</a> : value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The signed link's token, sent back with every answer. */
const TokenField = ({ token }: { token: string }) => <input type="hidden" name="t" value={token} />

/** The requester's answers to the service's questions (a "Domanda: risposta" line each) and "Quando", when given. */
function answerRowsOf(offer: Offer): DetailRow[] {
  const lines = answerLines(offer.service_id, offer.answers)
  const when = timingLabel(offer.timing)
  return [...(lines.length ? [['Risposte', answersText(lines)] as DetailRow] : []), ...(when ? [['Quando', when] as DetailRow] : [])]
}

function jobRows(offer: Offer): DetailRow[] {
  return [
    ['Servizio', offer.service_name],
    ['Comune', leadComune(offer)?.name ?? 'Non specificato'],
    ...answerRowsOf(offer),
    ['Descrizione', offer.description || 'Nessuna descrizione fornita.'],
    ['Allegati', offer.attachments.length ? offer.attachments.map((file) => file.file_name).join('\n') : 'Nessun allegato'],
    ['Arrivata il', italianTimestamp(new Date(offer.created_at))],
    ['Proposta a', offeredToLabel(offer.offeredTo)],
    ['Accettata finora da', acceptedSoFarLabel(offer.acceptedSoFar)],
  ]
}

const jobTitle = (offer: Offer) => {
  const comuneName = leadComune(offer)?.name
  return `${offer.service_name}${comuneName ? ` a ${comuneName}` : ''}`
}

const CLOSED = (status: Answer['status']) => message(status, 'Richiesta chiusa', OFFER_MESSAGES.closed)

/** The craftsman's view of an offer, whatever its state, from the link that accepts it. */
export function acceptPage(offer: Offer, token: string, now: Date, conflict?: AnswerOutcome): Answer {
  const status = conflict ? 409 : 200
  if (offer.revoked_at) return REASSIGNED
  if (offer.response === 'declined') {
    return message(status, 'Hai già risposto', alreadyDeclinedMessage(offer.lead_id))
  }
  if (offer.response === 'accepted') {
    if (offer.withdrawn_at) {
      return message(status, 'Hai rinunciato al lavoro', withdrawnMessage(offer.lead_id, offer.withdrawn_at))
    }
    const dial = offer.phone?.replace(/[^\d+]/g, '')
    const client: DetailRow[] = [
      ['Cliente', offer.full_name],
      // Non-breaking spaces: a number never wraps across two lines of a phone's screen.
      dial ? ['Telefono', offer.phone!.replace(/\s/g, '\u00a0'), `tel:${dial}`] : ['Telefono', 'Non fornito'],
      ['Email', offer.email, `mailto:${encodeURIComponent(offer.email).replace(/%40/g, '@')}`],
      ['Indirizzo', leadAddress(offer) ?? 'Non specificato'],
      ...answerRowsOf(offer),
      ['Descrizione', offer.description || 'Nessuna descrizione fornita.'],
      ['Allegati', offer.attachments.length ? `${offer.attachments.length}, nell'email con i contatti del cliente` : 'Nessun allegato'],
    ]
    const until = new Date(Date.parse(offer.responded_at!) + WITHDRAW_HOURS * 3_600_000)
    return answer(
      status,
      `Lavoro accettato: ${jobTitle(offer)}`,
      <>
        {conflict && <p className="notice">{OFFER_MESSAGES.alreadyAccepted}</p>}
        <p>
          Hai accettato il lavoro n. {offer.lead_id}. {ACCEPTED_RULE} Chiama il cliente entro 24 ore per fissare il sopralluogo gratuito: gli abbiamo detto che
          lo contatterai tu.
        </p>
        <DetailsTable rows={client} />
        {canWithdraw(offer, now) && (
          <form method="post" action="/lavori/rinuncia">
            <TokenField token={token} />
            <p className="muted">Non puoi più seguirlo? Puoi rinunciare fino al {italianTimestamp(until)}: avviseremo noi l'ufficio.</p>
            <button type="submit" className="secondary">
              Rinuncio al lavoro
            </button>
          </form>
        )}
      </>,
    )
  }
  if (offer.status === 'acquisito' || offer.status === 'perso') return CLOSED(status)
  return answer(
    status,
    `Nuovo lavoro: ${jobTitle(offer)}`,
    <>
      <p>Ti interessa questo lavoro (n. {offer.lead_id})? Confermando riceverai subito nome, telefono, email e indirizzo del cliente.</p>
      <DetailsTable rows={jobRows(offer)} />
      <p className="muted">{OFFER_RULE}</p>
      <form method="post" action="/lavori/accetta">
        <TokenField token={token} />
        <button type="submit">Accetto il lavoro</button>
      </form>
    </>,
  )
}

/** The craftsman's view of an offer from the link that declines it. */
export function declinePage(offer: Offer, token: string, conflict?: AnswerOutcome): Answer {
  const status = conflict ? 409 : 200
  if (offer.revoked_at) return REASSIGNED
  if (offer.response === 'declined') {
    const reason = offer.decline_reason ? ` (motivo: ${DECLINE_REASON_LABELS[offer.decline_reason].toLowerCase()})` : ''
    return message(status, 'Risposta registrata', `Hai detto di non essere disponibile per questo lavoro${reason}. Grazie per la risposta.`)
  }
  if (offer.response === 'accepted') {
    return message(status, 'Hai già accettato', OFFER_MESSAGES.acceptedNotDeclined)
  }
  if (offer.status === 'acquisito' || offer.status === 'perso') return CLOSED(status)
  return answer(
    status,
    `Non disponibile: ${jobTitle(offer)}`,
    <>
      <p>Confermi di non essere disponibile per questo lavoro (n. {offer.lead_id})? Lo proporremo a un altro artigiano.</p>
      <DetailsTable rows={jobRows(offer)} />
      <form method="post" action="/lavori/rifiuta">
        <TokenField token={token} />
        <fieldset>
          <legend>Perché? (facoltativo)</legend>
          {DECLINE_REASONS.map((reason) => (
            <label key={reason}>
              <input type="radio" name="motivo" value={reason} /> {DECLINE_REASON_LABELS[reason]}
            </label>
          ))}
        </fieldset>
        <button type="submit">Non sono disponibile</button>
      </form>
    </>,
  )
}

/** A craftsman who accepted the request, and the rating the requester gave him if any, with its review's state. */
type RatedArtisan = { id: number; company_name: string | null; contact_name: string }
type GivenRating = { stars: number; outcome: string; comment: string | null; review?: ReviewStatus }

/** The review's state in the requester's words. */
const REVIEW_STATE_TEXT: Record<ReviewStatus, string> = {
  published: "La recensione è pubblicata sul profilo dell'artigiano, se l'artigiano ha un profilo pubblico.",
  pending: 'Leggiamo il commento prima di pubblicarlo: ti scriviamo solo se non possiamo pubblicarlo.',
  hidden: 'Non abbiamo pubblicato la recensione: ti abbiamo scritto il motivo via email.',
}

/** A craftsman's name over the rating, the thanks once it is saved, and a refusal shown above the rest. */
function RatingHeading({ id, name, saved, refused }: { id: string; name: string; saved: boolean; refused?: string }) {
  return (
    <>
      <h2 id={id}>{name}</h2>
      {saved && (
        <p className="notice" role="status">
          Grazie! Abbiamo salvato la tua valutazione.
        </p>
      )}
      {refused && (
        <p className="error" role="alert">
          {refused}
        </p>
      )}
    </>
  )
}

/** A rating already given: shown as it was given, once per job, with no form to change it. */
function GivenRatingSection({ id, name, given, saved, refused }: { id: string; name: string; given: GivenRating; saved: boolean; refused?: string }) {
  return (
    <section aria-labelledby={id}>
      <RatingHeading id={id} name={name} saved={saved} refused={refused} />
      <DetailsTable
        rows={[
          ['Il tuo voto', countOf(given.stars, 'stella', 'stelle')],
          ['Il lavoro', RATING_OUTCOME_LABELS[given.outcome as keyof typeof RATING_OUTCOME_LABELS] ?? given.outcome],
          ['Commento', given.comment ?? 'Nessun commento'],
        ]}
      />
      {given.review && <p className="muted">{REVIEW_STATE_TEXT[given.review]}</p>}
    </section>
  )
}
/** A field of the rating form a refusal can be about; any other reason is shown above the form. */
export type RatingField = 'stelle' | 'esito' | 'commento'
/** What the requester sent for one craftsman when it was refused, shown again with the reason beside the field it concerns. */
export type RatingDraft = { artisanId: number; stars?: string; outcome?: string; comment?: string; error?: string; field?: RatingField }

/** A refusal's message under the field it concerns; the field points at it with aria-describedby. */
const FieldError = ({ id, children }: { id: string; children?: string }) =>
  children ? (
    <p id={id} className="field-error" role="alert">
      {children}
    </p>
  ) : null

/** One craftsman's rating form, filled with the draft sent or the rating already given. */
function RatingForm({
  artisan,
  token,
  given,
  saved,
  draft,
}: {
  artisan: RatedArtisan
  token: string
  given?: GivenRating
  saved: boolean
  draft?: RatingDraft
}) {
  const name = artisan.company_name ? `${artisan.company_name} (${artisan.contact_name})` : artisan.contact_name
  const field = `valutazione-${artisan.id}`
  if (given) return <GivenRatingSection id={field} name={name} given={given} saved={saved} refused={draft?.error} />
  const current = draft ?? { stars: undefined, outcome: undefined, comment: '' }
  const errorOf = (which: RatingField) => (draft?.field === which ? draft.error : undefined)
  const described = (which: RatingField) => (errorOf(which) ? { className: 'invalid', 'aria-describedby': `${field}-${which}-errore` } : {})
  return (
    <section aria-labelledby={field}>
      <RatingHeading id={field} name={name} saved={saved} refused={draft?.field ? undefined : draft?.error} />
      {/* The server checks every answer and shows its message beside the field; the browser's own bubble would say less. */}
      <form method="post" action={`/valutazione#${field}`} noValidate>
        <TokenField token={token} />
        <input type="hidden" name="artigiano" value={artisan.id} />
        <fieldset {...described('stelle')}>
          <legend>Il tuo voto</legend>
          <FieldError id={`${field}-stelle-errore`}>{errorOf('stelle')}</FieldError>
          <div className="stars">
            {[1, 2, 3, 4, 5].map((n) => (
              <Fragment key={n}>
                <input type="radio" id={`${field}-stelle-${n}`} name="stelle" value={n} required defaultChecked={current.stars === String(n)} />
                <label htmlFor={`${field}-stelle-${n}`}>
                  <span aria-hidden="true">★</span>
                  <span className="sr-only">{countOf(n, 'stella', 'stelle')}</span>
                </label>
              </Fragment>
            ))}
          </div>
          <p className="scale" aria-hidden="true">
            1 stella: pessimo · 5 stelle: ottimo
          </p>
        </fieldset>
        <fieldset {...described('esito')}>
          <legend>Il lavoro</legend>
          <FieldError id={`${field}-esito-errore`}>{errorOf('esito')}</FieldError>
          {RATING_OUTCOMES.map((outcome) => (
            <label key={outcome}>
              <input type="radio" name="esito" value={outcome} required defaultChecked={current.outcome === outcome} /> {RATING_OUTCOME_LABELS[outcome]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${field}-commento`} className="text-label">
          Commento (facoltativo)
        </label>
        <textarea
          id={`${field}-commento`}
          name="commento"
          maxLength={MAX_RATING_COMMENT}
          defaultValue={current.comment ?? ''}
          aria-invalid={errorOf('commento') ? true : undefined}
          {...described('commento')}
        />
        <FieldError id={`${field}-commento-errore`}>{errorOf('commento')}</FieldError>
        <p>
          <button type="submit">Salva la valutazione</button>
        </p>
      </form>
    </section>
  )
}

/** The requester's page: one form per craftsman who accepted; `saved` names the one just rated, `draft` a refused answer. */
export function ratingPage(artisans: RatedArtisan[], ratings: Map<number, GivenRating>, token: string, saved?: number, draft?: RatingDraft): Answer {
  if (!artisans.length) {
    return message(200, "Com'è andata?", 'Non ci sono artigiani da valutare per questa richiesta. Grazie per aver usato Artigiani Milano.')
  }
  const stray = draft?.error && !artisans.some((artisan) => artisan.id === draft.artisanId)
  return answer(
    draft?.error ? 400 : 200,
    "Com'è andata?",
    <>
      {stray && (
        <p className="error" role="alert">
          {draft.error}
        </p>
      )}
      <p>
        Dicci come ti sei trovato con gli artigiani che hanno accettato la tua richiesta: puoi valutare ciascuno una volta sola. Il voto e il commento possono
        comparire sul profilo pubblico dell'artigiano con il tuo nome e l'iniziale del cognome, il comune, il servizio e il mese del lavoro; i commenti li
        leggiamo prima di pubblicarli. <a href="/come-verifichiamo-le-recensioni">Come verifichiamo le recensioni</a>
      </p>
      {artisans.map((artisan) => (
        <RatingForm
          key={artisan.id}
          artisan={artisan}
          token={token}
          given={ratings.get(artisan.id)}
          saved={saved === artisan.id && !draft}
          draft={draft?.artisanId === artisan.id ? draft : undefined}
        />
      ))}
    </>,
  )
}

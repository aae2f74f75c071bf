import { type Context, Hono } from 'hono'
import { formatMonth } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { MAX_REPORT_NOTE_LENGTH, REPORT_REASON_KEYS, REPORT_REASONS } from '#shared/reviews.ts'
import { REPORT_ALREADY_SENT, REPORTS_TOO_MANY, reviewReportSchema } from '#shared/schemas/reviews.ts'
import type { DB } from '#db/client.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import type { AppEnv } from './app-env.ts'
import { findPublishedReview, reportReview, reporterKey } from '../repositories/reviews.ts'
import { clientAddress, compileProxyTrust } from './client-address.ts'
import { ANSWER_STYLE } from './lead-answer-pages.tsx'
import { PAGE_HEADERS } from './lead-answers.ts'
import { messagePage, plainPage } from './plain-page.tsx'

type PublishedReview = NonNullable<Awaited<ReturnType<typeof findPublishedReview>>>
type Draft = { reason?: string; note?: string; error: string; field?: 'motivo' | 'nota' }

const TITLE = 'Segnala una recensione'
const NOT_FOUND = messagePage('Recensione non trovata', 'Questa recensione non esiste o non è pubblicata: non c’è nulla da segnalare.', ANSWER_STYLE)
const CROSS_SITE = 'La segnalazione va inviata dal modulo di questa pagina.'
const POLICY = '/come-verifichiamo-le-recensioni'

/** "Marco R., Sesto San Giovanni, Elettricista, marzo 2026": what identifies the review without its text. */
function ReviewSummary({ review }: { review: PublishedReview }) {
  const artisan = review.company_name ?? review.contact_name
  const job = [review.service_name, review.comune, formatMonth(new Date(`${review.job_month}-15T12:00:00Z`))].filter(Boolean).join(', ')
  return (
    <table>
      <tbody>
        <tr>
          <th scope="row">Recensione di</th>
          <td>{review.author_label}</td>
        </tr>
        <tr>
          <th scope="row">Su</th>
          <td>{artisan}</td>
        </tr>
        <tr>
          <th scope="row">Lavoro</th>
          <td>{job}</td>
        </tr>
        <tr>
          <th scope="row">Voto</th>
          <td>{countOf(review.stars, 'stella', 'stelle')}</td>
        </tr>
      </tbody>
    </table>
  )
}

function reportForm(review: PublishedReview, draft?: Draft): string {
  const errorId = (field: string) => `${field}-errore`
  const described = (field: Draft['field']) => (draft?.field === field ? { 'aria-describedby': errorId(field!), className: 'invalid' } : {})
  return plainPage(
    TITLE,
    <>
      <p>
        Segnalaci una recensione che contiene insulti, dati personali, che non parla del lavoro o che è stata scritta da chi ha un conflitto d’interessi. La
        leggiamo e decidiamo secondo <a href={POLICY}>le regole pubblicate</a>: una recensione negativa non viene tolta per questo.
      </p>
      <ReviewSummary review={review} />
      {draft && !draft.field && (
        <p className="error" role="alert">
          {draft.error}
        </p>
      )}
      {/* The server checks every answer and shows its message beside the field. */}
      <form method="post" action={`/recensioni/${review.id}/segnala`} noValidate>
        <fieldset {...described('motivo')}>
          <legend>Motivo</legend>
          {draft?.field === 'motivo' && (
            <p id={errorId('motivo')} className="field-error" role="alert">
              {draft.error}
            </p>
          )}
          {REPORT_REASON_KEYS.map((reason) => (
            <label key={reason}>
              <input type="radio" name="motivo" value={reason} required defaultChecked={draft?.reason === reason} /> {REPORT_REASONS[reason]}
            </label>
          ))}
        </fieldset>
        <label htmlFor="nota" className="text-label">
          Nota (facoltativa, al massimo {MAX_REPORT_NOTE_LENGTH} caratteri)
        </label>
        <textarea
          id="nota"
          name="nota"
          maxLength={MAX_REPORT_NOTE_LENGTH}
          defaultValue={draft?.note ?? ''}
          aria-invalid={draft?.field === 'nota' ? true : undefined}
          {...described('nota')}
        />
        {draft?.field === 'nota' && (
          <p id={errorId('nota')} className="field-error" role="alert">
            {draft.error}
          </p>
        )}
        <p className="muted">Non conserviamo il tuo indirizzo IP: solo un codice che ci permette di contare le segnalazioni.</p>
        <p>
          <button type="submit">Invia la segnalazione</button>
        </p>
      </form>
    </>,
    ANSWER_STYLE,
  )
}

const SENT = messagePage(
  'Segnalazione inviata',
  'Grazie: abbiamo ricevuto la segnalazione. La leggiamo e, se la recensione viola le regole pubblicate, la nascondiamo.',
  ANSWER_STYLE,
)

/** A form field as one string: a repeated field or a file is not an answer. */
function field(body: Record<string, string | File | (string | File)[]>, name: string): string | undefined {
  const value = body[name]
  return typeof value === 'string' ? value : undefined
}

/** A review id of the path, or null: decimal digits only, no leading zero. */
const reviewIdOf = (text: string) => (/^[1-9]\d{0,14}$/.test(text) ? Number(text) : null)

/**
 * "Segnala" under a published review (docs/product.md §11): a plain server page and form, no script, like the pages of
 * the e-mail links. The reporter is stored as a keyed hash of the client's address, once per review and a few a day.
 */
export function createReviewReportRoutes({ db, env, logger }: { db: DB; env: Env; logger: Logger }) {
  const routes = new Hono<AppEnv>()
  const proxyTrust = compileProxyTrust(env.TRUST_PROXY)
  const log = logger.child({ component: 'review-reports' })
  const send = (c: Context<AppEnv>, html: string, status: 200 | 400 | 403 | 404 | 409 | 429 = 200) => c.html(html, status, PAGE_HEADERS)

  routes.get('/recensioni/:id/segnala', async (c) => {
    const id = reviewIdOf(c.req.param('id'))
    const review = id ? await findPublishedReview(db, id) : undefined
    if (!review) return send(c, NOT_FOUND, 404)
    if (c.req.query('inviata') === '1') return send(c, SENT)
    return send(c, reportForm(review))
  })

  routes.post('/recensioni/:id/segnala', async (c) => {
    const id = reviewIdOf(c.req.param('id'))
    const review = id ? await findPublishedReview(db, id) : undefined
    if (!review) return send(c, NOT_FOUND, 404)
    // A page of another site cannot post reports from its visitors' browsers (and addresses).
    if (c.req.header('sec-fetch-site') === 'cross-site') return send(c, reportForm(review, { error: CROSS_SITE }), 403)
    const form = await c.req.parseBody({ all: true })
    const values = { motivo: field(form, 'motivo'), nota: field(form, 'nota') }
    const parsed = reviewReportSchema.safeParse(values)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      const which = issue.path[0] === 'nota' ? 'nota' : 'motivo'
      return send(c, reportForm(review, { reason: values.motivo, note: values.nota, error: issue.message, field: which }), 400)
    }
    const reporter = await reporterKey(db, clientAddress(c.env?.incoming, proxyTrust))
    const outcome = await reportReview(db, { reviewId: review.id, reason: parsed.data.motivo, note: parsed.data.nota || null, reporter })
    log.info({ reviewId: review.id, outcome }, 'review report')
    if (outcome === 'not_found') return send(c, NOT_FOUND, 404)
    if (outcome === 'already_reported') return send(c, reportForm(review, { error: REPORT_ALREADY_SENT }), 409)
    if (outcome === 'too_many') return send(c, reportForm(review, { error: REPORTS_TOO_MANY }), 429)
    return c.redirect(`/recensioni/${review.id}/segnala?inviata=1`, 303)
  })

  return routes
}

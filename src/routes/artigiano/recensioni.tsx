import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import { ClockIcon, FlagIcon } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import type { z } from 'zod'
import { AreaPage } from '#src/components/area/area-page.tsx'
import { REVIEW_STATUS_VARIANT, ReasonSelect, ReviewStars, reviewJob } from '#src/components/review-parts.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent } from '#src/components/ui/card.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { Textarea } from '#src/components/ui/textarea.tsx'
import { pageParam } from '#src/lib/area-search.ts'
import { serverMessage } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { prefetch } from '#src/lib/admin-handle.ts'
import type { AppRouter } from '#server/trpc/router.ts'
import { formatDateTime } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { HIDE_REASONS, MAX_REPLY_LENGTH, MAX_REPORT_NOTE_LENGTH, REPORT_REASON_KEYS, REPORT_REASONS } from '#shared/reviews.ts'
import { areaReplyInput, areaReportInput } from '#shared/schemas/artisan-area-profile.ts'
import { REVIEW_STATUS_LABELS } from '#shared/schemas/reviews.ts'
import { CountedTextarea } from './-components/counted-textarea.tsx'

const searchSchema = (search: Record<string, unknown>): { pagina?: number } => ({ pagina: pageParam(search.pagina, 100_000) })

export const Route = createFileRoute('/artigiano/recensioni')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.pagina ?? 1 }),
  loader: ({ context, deps }) => prefetch(context.admin, (trpc) => trpc.area.reviews.list.queryOptions(deps)),
  component: ReviewsPage,
})

type Review = inferRouterOutputs<AppRouter>['area']['reviews']['list']['rows'][number]

/** How the craftsman reads a review's state: "Da moderare" is the office's word. */
const STATUS_LABELS = { ...REVIEW_STATUS_LABELS, pending: 'In verifica' }

const hideReason = (key: string | null) => (key && Object.hasOwn(HIDE_REASONS, key) ? HIDE_REASONS[key as keyof typeof HIDE_REASONS] : null)

/** "Recensioni": every review with its state, one reply each (checked by the office), "Segnala" for the policy's reasons. */
function ReviewsPage() {
  const page = Route.useSearch().pagina ?? 1
  const navigate = Route.useNavigate()
  return (
    <AreaPage
      title="Recensioni"
      intro={
        <>
          Puoi rispondere una volta a ogni recensione pubblicata: l’ufficio controlla la risposta prima di pubblicarla sotto la recensione. Se una recensione
          viola le{' '}
          <a href="/come-verifichiamo-le-recensioni" className="text-brand-700 underline underline-offset-4">
            regole delle recensioni
          </a>
          , segnalala.
        </>
      }
      options={(trpc) => ({ ...trpc.area.reviews.list.queryOptions({ page }), placeholderData: keepPreviousData })}
      failed="Impossibile caricare le tue recensioni."
    >
      {(data) =>
        data.total === 0 ? (
          <Card>
            <CardContent>
              <p className="text-muted">Non hai ancora recensioni. Arrivano dai clienti dopo un lavoro accettato tramite Artigiani Milano.</p>
            </CardContent>
          </Card>
        ) : (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              {countOf(data.total, 'recensione', 'recensioni')}
              {data.pageCount > 1 ? ` · pagina ${data.page} di ${data.pageCount}` : ''}
            </p>
            <ol className="grid gap-3">
              {data.rows.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ol>
            {data.pageCount > 1 ? (
              <nav aria-label="Pagine delle recensioni" className="flex justify-between gap-2">
                <Button variant="outline" className="min-h-11" disabled={page <= 1} onClick={() => void navigate({ search: { pagina: page - 1 } })}>
                  Precedenti
                </Button>
                <Button
                  variant="outline"
                  className="min-h-11"
                  disabled={page >= data.pageCount}
                  onClick={() => void navigate({ search: { pagina: page + 1 } })}
                >
                  Successive
                </Button>
              </nav>
            ) : null}
          </>
        )
      }
    </AreaPage>
  )
}

function ReviewItem({ review }: { review: Review }) {
  const headingId = useId()
  const job = reviewJob(review)
  const canReply = review.status === 'published' && !review.reply && !review.pendingReply
  return (
    <li>
      <Card>
        <CardContent className="grid gap-3">
          <article aria-labelledby={headingId} className="grid gap-2">
            <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h2 id={headingId} className="font-semibold text-ink">
                {review.author_label}
              </h2>
              <ReviewStars count={review.stars} />
              <Badge variant={REVIEW_STATUS_VARIANT[review.status]}>{STATUS_LABELS[review.status]}</Badge>
              {review.reported ? <Badge variant="info">Segnalata da te</Badge> : null}
            </header>
            <p className="text-sm text-muted">{job}</p>
            {review.comment ? (
              <p className="whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">{review.comment}</p>
            ) : (
              <p className="text-sm italic text-muted">
                {review.textWithheld
                  ? 'Il testo si legge qui quando la recensione è pubblicata.'
                  : review.text_removed_at
                    ? 'Testo rimosso su richiesta dell’autore'
                    : 'Senza commento'}
              </p>
            )}
            {review.status === 'hidden' ? (
              <p className="text-sm text-red-800">Non pubblicata: {hideReason(review.hidden_reason) ?? 'motivo non indicato'}</p>
            ) : null}
            {review.status === 'pending' ? <p className="text-sm text-muted">L’ufficio la sta verificando: potrai rispondere quando sarà pubblicata.</p> : null}
          </article>
          {review.reply ? (
            <div className="rounded-lg border-l-2 border-brand-600 bg-gray-50 p-3">
              <p className="text-sm font-semibold text-ink">La tua risposta{review.reply_at ? ` · pubblicata il ${formatDateTime(review.reply_at)}` : ''}</p>
              <p className="whitespace-pre-wrap text-sm text-gray-800 [overflow-wrap:anywhere]">{review.reply}</p>
            </div>
          ) : review.pendingReply ? (
            <div className="grid gap-1 rounded-lg border border-amber-200 bg-amber-50 p-3">
              <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-amber-900">
                <ClockIcon className="size-4" aria-hidden /> La tua risposta è in attesa di approvazione
              </p>
              <p className="whitespace-pre-wrap text-sm text-ink [overflow-wrap:anywhere]">{review.pendingReply.text}</p>
            </div>
          ) : null}
          {review.refusedReply ? (
            <div className="grid gap-1 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
              <p className="font-semibold text-red-900">Risposta non approvata il {formatDateTime(review.refusedReply.decided_at!)}</p>
              <p className="line-clamp-3 whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">{review.refusedReply.text}</p>
              <p className="text-ink [overflow-wrap:anywhere]">
                <span className="font-medium">Motivo:</span> {review.refusedReply.refusal_reason}
              </p>
              <p className="text-muted">Puoi scriverne un’altra.</p>
            </div>
          ) : null}
          {canReply || (review.status === 'published' && !review.reported) ? (
            <div className="flex flex-wrap items-start gap-2 border-t border-gray-100 pt-3">
              {canReply ? <ReplyForm reviewId={review.id} author={review.author_label} /> : null}
              {review.status === 'published' && !review.reported ? <ReportForm reviewId={review.id} author={review.author_label} /> : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  )
}

/**
 * Rispondi and Segnala: a button that opens a form; what it sends is checked by the shared schema first, then sent,
 * and on success a toast, the form closed and the list read again; on failure the server's message under the form.
 */
function useReviewForm(success: { title: string; description: string }, failed: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const callbacks = {
    onSuccess: async () => {
      toast(success)
      setOpen(false)
      await queryClient.invalidateQueries({ queryKey: trpc.area.reviews.list.pathKey() })
    },
    onError: (e: unknown) => setError(serverMessage(e, failed)),
  }
  const submit =
    <Input,>(parse: () => z.ZodSafeParseResult<Input>, send: (input: Input) => void) =>
    (event: FormEvent) => {
      event.preventDefault()
      const parsed = parse()
      if (!parsed.success) return setError(parsed.error.issues[0]!.message)
      setError(null)
      send(parsed.data)
    }
  return { open, setOpen, error, callbacks, submit }
}

/** The form's send button ("Invio..." while it goes) and Annulla, which closes it. */
function FormButtons({ label, pending, variant, onCancel }: { label: string; pending: boolean; variant?: 'destructive'; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" variant={variant} className="min-h-11" disabled={pending}>
        {pending ? 'Invio...' : label}
      </Button>
      <Button type="button" variant="ghost" className="min-h-11" onClick={onCancel}>
        Annulla
      </Button>
    </div>
  )
}

function ReplyForm({ reviewId, author }: { reviewId: number; author: string }) {
  const trpc = useTRPC()
  const id = useId()
  const [text, setText] = useState('')
  const form = useReviewForm(
    { title: 'Risposta inviata all’ufficio', description: 'La pubblichiamo sotto la recensione dopo averla controllata.' },
    'Impossibile inviare la risposta. Riprova.',
  )
  const reply = useMutation(trpc.area.reviews.reply.mutationOptions(form.callbacks))
  const { error } = form
  if (!form.open) {
    return (
      <Button variant="outline" className="min-h-11" onClick={() => form.setOpen(true)}>
        Rispondi<span className="sr-only"> a {author}</span>
      </Button>
    )
  }
  return (
    <form noValidate className="grid w-full gap-2" onSubmit={form.submit(() => areaReplyInput.safeParse({ reviewId, reply: text }), reply.mutate)}>
      <CountedTextarea
        id={id}
        field="reply"
        rows={4}
        max={MAX_REPLY_LENGTH}
        label={<>La tua risposta a {author}</>}
        hint="Una sola risposta per recensione, pubblicata dopo il controllo dell’ufficio."
        value={text}
        onChange={setText}
        error={error}
      />
      <FormButtons label="Invia la risposta" pending={reply.isPending} onCancel={() => form.setOpen(false)} />
    </form>
  )
}

function ReportForm({ reviewId, author }: { reviewId: number; author: string }) {
  const trpc = useTRPC()
  const id = useId()
  const [reason, setReason] = useState('')
  const [note, setNote] = useState('')
  const form = useReviewForm(
    { title: 'Segnalazione inviata', description: 'L’ufficio la esamina secondo le regole delle recensioni.' },
    'Impossibile inviare la segnalazione. Riprova.',
  )
  const report = useMutation(trpc.area.reviews.report.mutationOptions(form.callbacks))
  if (!form.open) {
    return (
      <Button variant="ghost" className="min-h-11" onClick={() => form.setOpen(true)}>
        <FlagIcon aria-hidden /> Segnala<span className="sr-only"> la recensione di {author}</span>
      </Button>
    )
  }
  return (
    <form
      noValidate
      aria-label={`Segnala la recensione di ${author}`}
      className="grid w-full gap-2 rounded-lg bg-gray-50 p-3"
      onSubmit={form.submit(() => areaReportInput.safeParse({ reviewId, reason, note }), report.mutate)}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-reason`}>Motivo</Label>
        <ReasonSelect id={id} reasons={REPORT_REASONS} keys={REPORT_REASON_KEYS} value={reason} onChange={setReason} error={form.error} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-note`}>Nota (facoltativa)</Label>
        <Textarea id={`${id}-note`} rows={3} value={note} maxLength={MAX_REPORT_NOTE_LENGTH} onChange={(event) => setNote(event.target.value)} />
      </div>
      <p className="text-sm text-muted">Una recensione negativa non è un motivo: la nascondiamo solo se viola le regole.</p>
      <FieldError id={`${id}-error`}>{form.error}</FieldError>
      <FormButtons label="Invia la segnalazione" variant="destructive" pending={report.isPending} onCancel={() => form.setOpen(false)} />
    </form>
  )
}

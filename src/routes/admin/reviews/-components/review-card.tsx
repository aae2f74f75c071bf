import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '#server/trpc/router.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { TRPCClientError } from '@trpc/client'
import { type FormEvent, useId, useState } from 'react'
import { ConfirmDialog } from '#src/components/admin/confirm-dialog.tsx'
import { REVIEW_STATUS_VARIANT, ReasonSelect, ReviewStars, reviewJob } from '#src/components/review-parts.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { Textarea } from '#src/components/ui/textarea.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { formatDateTime } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { HIDE_REASON_KEYS, HIDE_REASONS, type HideReason, MAX_REPLY_LENGTH, REPORT_REASONS } from '#shared/reviews.ts'
import { HIDE_REASON_REQUIRED, REVIEW_STATUS_LABELS } from '#shared/schemas/reviews.ts'

type ReviewOutputs = inferRouterOutputs<AppRouter>['admin']['reviews']
/** A review as admin.reviews.queue and admin.reviews.list give it; `reports` are the open ones when the queue gives them. */
export type ReviewRow = ReviewOutputs['list']['rows'][number] & { reports?: ReviewOutputs['queue']['reported'][number]['reports'] }

const labelOf = <T extends Record<string, string>>(labels: T, key: string | null) => (key && Object.hasOwn(labels, key) ? labels[key as keyof T] : key)

const errorMessage = (error: unknown) => (error instanceof TRPCClientError ? error.message : 'Operazione non riuscita: riprova.')

/** Every change to a review moves the queue, the list, the menu's count. */
function useReviewMutations(onDone?: () => void) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.reviews.pathKey() })
  const options = (title: string) => ({
    onSuccess: () => {
      toast({ title })
      onDone?.()
      return refresh()
    },
    onError: (error: unknown) => toast({ title: 'Errore Recensione', description: errorMessage(error), variant: 'destructive' as const }),
  })
  return {
    moderate: useMutation(trpc.admin.reviews.moderate.mutationOptions(options('Recensione aggiornata'))),
    keep: useMutation(trpc.admin.reviews.keep.mutationOptions(options('Segnalazioni chiuse: la recensione resta'))),
    reply: useMutation(trpc.admin.reviews.reply.mutationOptions(options('Risposta pubblicata'))),
    removeText: useMutation(trpc.admin.reviews.removeText.mutationOptions(options('Testo rimosso'))),
  }
}

/** Nascondi: a reason of the policy is required, chosen here. */
function HideForm({ pending, onHide }: { pending: boolean; onHide: (reason: HideReason) => void }) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!reason) return setError(HIDE_REASON_REQUIRED)
    setError(null)
    onHide(reason as HideReason)
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-0 flex-1 basis-56 gap-1">
        <Label htmlFor={`${id}-reason`}>Motivo per nasconderla</Label>
        <ReasonSelect id={id} reasons={HIDE_REASONS} keys={HIDE_REASON_KEYS} value={reason} onChange={setReason} error={error} />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="destructive" disabled={pending}>
        Nascondi
      </Button>
    </form>
  )
}

/** The craftsman's reply as they sent it to the office: one per review. */
function ReplyForm({ pending, onReply }: { pending: boolean; onReply: (reply: string) => void }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  if (!open) {
    return (
      <Button type="button" variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        Aggiungi la risposta dell'artigiano
      </Button>
    )
  }
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        onReply(text)
      }}
    >
      <Label htmlFor={`${id}-reply`}>Risposta dell'artigiano (come l'ha inviata, al massimo {MAX_REPLY_LENGTH} caratteri)</Label>
      <Textarea id={`${id}-reply`} value={text} maxLength={MAX_REPLY_LENGTH} rows={4} onChange={(event) => setText(event.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending || !text.trim()}>
          Pubblica la risposta
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Annulla
        </Button>
      </div>
    </form>
  )
}

/** One review with what the office can do to it where it stands. */
export function ReviewCard({ review }: { review: ReviewRow }) {
  const [removing, setRemoving] = useState(false)
  const actions = useReviewMutations(() => setRemoving(false))
  const artisan = review.company_name ? `${review.company_name} (${review.contact_name})` : review.contact_name
  const job = reviewJob(review)
  const openReports = (review.reports ?? []).filter((report) => !report.resolved_at)
  const busy = actions.moderate.isPending || actions.keep.isPending
  // The same review may be shown twice (in the queue and in the list): ids of its own each time.
  const headingId = useId()
  return (
    <article aria-labelledby={headingId} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold text-ink">
          {review.author_label} su {artisan}
        </h3>
        <ReviewStars count={review.stars} />
        <Badge variant={REVIEW_STATUS_VARIANT[review.status]}>{REVIEW_STATUS_LABELS[review.status]}</Badge>
        {openReports.length ? <Badge variant="danger">{countOf(openReports.length, 'segnalazione', 'segnalazioni')}</Badge> : null}
      </header>
      <p className="text-sm text-muted">
        {job} · ricevuta il {formatDateTime(review.created_at)} · n. {review.id}
      </p>
      {review.comment ? (
        <p className="whitespace-pre-wrap break-words text-ink [overflow-wrap:anywhere]">{review.comment}</p>
      ) : (
        <p className="text-sm italic text-muted">
          {review.text_removed_at ? `Testo rimosso su richiesta il ${formatDateTime(review.text_removed_at)}` : 'Senza commento'}
        </p>
      )}
      {review.status === 'hidden' ? (
        <p className="text-sm text-red-800">
          Nascosta: {labelOf(HIDE_REASONS, review.hidden_reason)}
          {review.moderated_at ? ` · ${formatDateTime(review.moderated_at)}` : ''}
          {review.moderated_by_email ? ` · ${review.moderated_by_email}` : ''}
        </p>
      ) : null}
      {openReports.length ? (
        <div className="grid gap-2 rounded-lg bg-red-50 p-3">
          <h4 className="text-sm font-semibold text-red-900">Segnalazioni aperte</h4>
          <ul className="grid gap-2 text-sm">
            {openReports.map((report) => (
              <li key={report.id} className="grid gap-0.5">
                <span className="font-medium text-ink">
                  {labelOf(REPORT_REASONS, report.reason)} · {formatDateTime(report.created_at)}
                  {report.byArtisan ? ' · dall’artigiano recensito' : ''}
                </span>
                {report.note ? <span className="whitespace-pre-wrap break-words text-gray-800 [overflow-wrap:anywhere]">{report.note}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {review.reply ? (
        <div className="rounded-lg border-l-2 border-gray-300 bg-gray-50 p-3">
          <p className="text-sm font-semibold text-ink">Risposta dell'artigiano{review.reply_at ? ` · ${formatDateTime(review.reply_at)}` : ''}</p>
          <p className="whitespace-pre-wrap break-words text-sm text-gray-800 [overflow-wrap:anywhere]">{review.reply}</p>
        </div>
      ) : null}
      <div className="grid gap-3 border-t border-gray-100 pt-4">
        <div className="flex flex-wrap gap-2">
          {review.status !== 'published' ? (
            <Button type="button" variant="trade" disabled={busy} onClick={() => actions.moderate.mutate({ id: review.id, action: 'publish' })}>
              Pubblica
            </Button>
          ) : null}
          {openReports.length && review.status === 'published' ? (
            <Button type="button" variant="outline" disabled={busy} onClick={() => actions.keep.mutate({ id: review.id })}>
              Mantieni la recensione
            </Button>
          ) : null}
          {review.comment ? (
            <Button type="button" variant="outline" onClick={() => setRemoving(true)}>
              Rimuovi testo
            </Button>
          ) : null}
        </div>
        {review.status !== 'hidden' ? (
          <HideForm pending={busy} onHide={(reason) => actions.moderate.mutate({ id: review.id, action: 'hide', reason })} />
        ) : null}
        {review.reply ? null : <ReplyForm pending={actions.reply.isPending} onReply={(reply) => actions.reply.mutate({ id: review.id, reply })} />}
      </div>
      <ConfirmDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title="Rimuovere il testo?"
        description="Su richiesta dell'autore: il testo della recensione viene cancellato per sempre, restano le stelle."
        confirmLabel="Rimuovi testo"
        pendingLabel="Rimozione..."
        pending={actions.removeText.isPending}
        onConfirm={() => actions.removeText.mutate({ id: review.id })}
      />
    </article>
  )
}

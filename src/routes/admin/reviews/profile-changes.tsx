import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import { CheckIcon, XIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { QueueCard, ScreenHeader } from '#src/components/admin/list-screen.tsx'
import { ReviewStars } from '#src/components/review-parts.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { Textarea } from '#src/components/ui/textarea.tsx'
import { prefetch } from '#src/lib/admin-handle.ts'
import { serverMessage, toastServerError } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import type { AppRouter } from '#server/trpc/router.ts'
import { formatDateTime, formatMonth } from '#shared/italian-time.ts'
import { MAX_REFUSAL_REASON_LENGTH, PROFILE_CHANGE_KINDS, refuseChangeInput } from '#shared/schemas/artisan-area-profile.ts'

export const Route = createFileRoute('/admin/reviews/profile-changes')({
  loader: ({ context }) => prefetch(context.admin, (trpc) => trpc.admin.profileChanges.queue.queryOptions()),
  head: () => ({ meta: [{ title: 'Modifiche profilo - Artigiani Milano' }] }),
  component: ProfileChangesPage,
})

type Change = inferRouterOutputs<AppRouter>['admin']['profileChanges']['queue']['rows'][number]

/** "Modifiche profilo": what craftsmen proposed from their area, oldest first, each approved or refused with a reason. */
function ProfileChangesPage() {
  const trpc = useTRPC()
  const queue = useQuery(trpc.admin.profileChanges.queue.queryOptions())
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader title="Modifiche profilo">
        Descrizioni, foto e risposte alle recensioni che gli artigiani propongono dalla loro area. Vanno online solo se le approvi; se rifiuti, l’artigiano
        legge il motivo. Le recensioni dei clienti sono in{' '}
        <Link to="/admin/reviews" className="text-brand-700 underline">
          Recensioni
        </Link>
        .
      </ScreenHeader>
      <QueueCard
        title="Da approvare"
        idle="Niente da approvare"
        query={queue}
        loading="Caricamento delle modifiche..."
        failed="Errore nel caricamento delle modifiche."
        empty="Nessuna modifica in attesa."
        items={(data) => data.rows.map((change) => <ChangeCard key={change.id} change={change} />)}
      />
    </div>
  )
}

function ChangeCard({ change }: { change: Change }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const headingId = useId()
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.profileChanges.pathKey() })
  const approve = useMutation(
    trpc.admin.profileChanges.approve.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Modifica approvata', description: 'È online sul profilo pubblico.' })
        await refresh()
      },
      onError: toastServerError('Modifica non approvata', 'Impossibile approvare la modifica. Riprova.'),
    }),
  )
  const artisan = change.company_name ? `${change.company_name} (${change.contact_name})` : change.contact_name
  return (
    <article aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold text-ink">
          {PROFILE_CHANGE_KINDS[change.kind]} di{' '}
          <Link to="/admin/artisans/$artisanId" params={{ artisanId: String(change.artisan_id) }} className="text-brand-700 underline">
            {artisan}
          </Link>
        </h3>
        {change.published_at ? <Badge variant="success">Profilo pubblico</Badge> : <Badge>Profilo non pubblico</Badge>}
      </header>
      <p className="text-sm text-muted">
        Inviata il {formatDateTime(change.created_at)} · n. {change.id}
      </p>
      {change.kind === 'description' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid content-start gap-1">
            <p className="text-sm font-medium text-gray-700">Ora sul profilo</p>
            <p className="whitespace-pre-wrap rounded-md bg-gray-50 p-3 text-sm text-ink [overflow-wrap:anywhere]">
              {change.current_description || <span className="italic text-muted">Nessuna descrizione</span>}
            </p>
          </div>
          <div className="grid content-start gap-1">
            <p className="text-sm font-medium text-gray-700">Proposta</p>
            <p className="whitespace-pre-wrap rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-ink [overflow-wrap:anywhere]">{change.text}</p>
          </div>
        </div>
      ) : change.kind === 'photo' ? (
        <figure className="grid gap-1">
          <img
            src={change.photoPath!}
            alt={change.photo_caption ?? 'Foto proposta, senza didascalia'}
            width={change.photo_width ?? undefined}
            height={change.photo_height ?? undefined}
            loading="lazy"
            className="max-h-80 w-auto max-w-full justify-self-start rounded bg-gray-100 object-contain"
          />
          <figcaption className="text-sm text-ink [overflow-wrap:anywhere]">
            {change.photo_caption ? `Didascalia: ${change.photo_caption}` : 'Senza didascalia'}
          </figcaption>
        </figure>
      ) : (
        <div className="grid gap-2">
          <div className="grid gap-1 rounded-md bg-gray-50 p-3 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
              Recensione di {change.review_author} {change.review_stars ? <ReviewStars count={change.review_stars} /> : null}
              {change.review_month ? <span className="font-normal text-muted">{formatMonth(new Date(`${change.review_month}-15T12:00:00Z`))}</span> : null}
            </p>
            {change.review_comment ? <p className="whitespace-pre-wrap text-gray-800 [overflow-wrap:anywhere]">{change.review_comment}</p> : null}
          </div>
          <div className="grid gap-1 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
            <p className="font-medium text-ink">Risposta proposta</p>
            <p className="whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">{change.text}</p>
          </div>
        </div>
      )}
      <div className="grid gap-3 border-t border-gray-100 pt-4">
        <Button variant="trade" className="justify-self-start" disabled={approve.isPending} onClick={() => approve.mutate({ changeId: change.id })}>
          <CheckIcon aria-hidden /> Approva<span className="sr-only"> la modifica n. {change.id}</span>
        </Button>
        <RefuseForm changeId={change.id} onDone={refresh} />
      </div>
    </article>
  )
}

/** Rifiuta: the reason is required, and the craftsman reads it in their area. */
function RefuseForm({ changeId, onDone }: { changeId: number; onDone: () => Promise<unknown> }) {
  const trpc = useTRPC()
  const id = useId()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const refuse = useMutation(
    trpc.admin.profileChanges.refuse.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Modifica rifiutata', description: 'L’artigiano vede il motivo nella sua area.' })
        await onDone()
      },
      onError: (e) => setError(serverMessage(e, 'Impossibile rifiutare la modifica. Riprova.')),
    }),
  )
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        const parsed = refuseChangeInput.safeParse({ changeId, reason })
        if (!parsed.success) return setError(parsed.error.issues[0]!.message)
        setError(null)
        refuse.mutate(parsed.data)
      }}
    >
      <Label htmlFor={`${id}-reason`}>Motivo del rifiuto (lo legge l’artigiano)</Label>
      <Textarea
        id={`${id}-reason`}
        rows={2}
        value={reason}
        maxLength={MAX_REFUSAL_REASON_LENGTH}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <Button type="submit" variant="destructive" className="justify-self-start" disabled={refuse.isPending}>
        <XIcon aria-hidden /> Rifiuta<span className="sr-only"> la modifica n. {changeId}</span>
      </Button>
    </form>
  )
}

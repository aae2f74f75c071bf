import { useMutation } from '@tanstack/react-query'
import type { inferRouterOutputs } from '@trpc/server'
import { MailIcon, PhoneIcon } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import type { AppRouter } from '#server/trpc/router.ts'
import { Button } from '#src/components/ui/button.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { fieldIssuesOf, serverMessage } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { italianTimestamp } from '#shared/italian-time.ts'
import { OFFER_OUTCOME_LABELS, OFFER_OUTCOMES, type OfferOutcome, outcomeText } from '#shared/offer-outcomes.ts'
import { OUTCOME_REQUIRED } from '#shared/area-offers.ts'
import { OfferCard, OfferJobDetails, OfferPlace } from './offer-job.tsx'
import { useRefreshOffers } from './open-offer-card.tsx'

// The confirmation (and the dialog library under it) loads when a craftsman first gives a job back, not with the list.
const ConfirmDialog = lazy(() => import('#src/components/admin/confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })))

export type AcceptedJob = inferRouterOutputs<AppRouter>['area']['offers']['accepted']['jobs'][number]

/** A job the craftsman accepted: the requester's contacts (call first), the job, "Com'è finita?" and, for 24 hours, "Rinuncio". */
export function AcceptedJobCard({ job }: { job: AcceptedJob }) {
  const dial = job.requester.phone?.replace(/[^\d+]/g, '')
  return (
    <OfferCard title={job.serviceName} leadId={job.leadId}>
      <p className="text-xs text-muted">
        Accettato il {italianTimestamp(new Date(job.acceptedAt))}
        {job.closed ? ' · richiesta chiusa dall’ufficio' : ''}
      </p>
      <div className="grid gap-1 rounded-lg bg-gray-50 p-3 text-sm">
        <p className="font-semibold text-ink">{job.requester.name}</p>
        <p className="break-words text-ink">{job.requester.address ?? 'Indirizzo non specificato'}</p>
        <div className="mt-1 grid gap-2">
          {dial ? (
            <Button asChild size="lg" className="w-full">
              <a href={`tel:${dial}`} aria-label={`Chiama ${job.requester.name} al ${job.requester.phone}`}>
                <PhoneIcon aria-hidden /> <span className="whitespace-nowrap">{job.requester.phone}</span>
              </a>
            </Button>
          ) : (
            <p className="text-muted">Telefono non fornito</p>
          )}
          {/* A long address goes on two lines on a phone: whole, as the craftsman may copy it, and never wider than the screen. */}
          <Button asChild size="lg" variant="outline" className="h-auto min-h-12 w-full whitespace-normal py-2">
            <a href={`mailto:${encodeURIComponent(job.requester.email).replace(/%40/g, '@')}`} aria-label={`Scrivi a ${job.requester.name}`}>
              <MailIcon aria-hidden /> <span className="min-w-0 text-center [overflow-wrap:anywhere]">{job.requester.email}</span>
            </a>
          </Button>
        </div>
      </div>
      <OfferPlace job={job} />
      <details className="text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center font-medium text-brand-700">Dettagli del lavoro</summary>
        <OfferJobDetails job={job} />
      </details>
      <OutcomeForm job={job} />
      {job.withdrawUntil ? <WithdrawButton job={job} /> : null}
    </OfferCard>
  )
}

/** "Com'è finita?": one of three, with an optional amount in euros; changeable, the office reads it in the lead. */
function OutcomeForm({ job }: { job: AcceptedJob }) {
  const trpc = useTRPC()
  const refresh = useRefreshOffers()
  const id = useId()
  const [outcome, setOutcome] = useState<OfferOutcome | null>(job.outcome)
  const [amount, setAmount] = useState(job.outcomeAmountCents === null ? '' : centsText(job.outcomeAmountCents))
  const [error, setError] = useState<{ field: 'outcome' | 'amount' | null; message: string } | null>(null)
  const save = useMutation(
    trpc.area.offers.setOutcome.mutationOptions({
      onSuccess: async () => {
        setError(null)
        toast({ title: 'Esito salvato', description: 'Grazie: l’ufficio lo vede nella richiesta.' })
        await refresh()
      },
      onError: (failure) => {
        const first = fieldIssuesOf(failure)[0]?.path[0]
        const field = first === 'amount' ? 'amount' : first === 'outcome' ? 'outcome' : null
        setError({ field, message: serverMessage(failure, 'Impossibile salvare l’esito. Riprova.') })
      },
    }),
  )
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!outcome) return setError({ field: 'outcome', message: OUTCOME_REQUIRED })
    // The procedure's own reading of the amount, so the message comes before the request; it (and zod) loads with the first save.
    const { amountField } = await import('#shared/schemas/area-offers.ts')
    const parsed = amountField.safeParse(amount)
    if (!parsed.success) return setError({ field: 'amount', message: parsed.error.issues[0]!.message })
    save.mutate({ assignmentId: job.assignmentId, outcome, amount })
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 border-t border-gray-100 pt-3" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <h4 id={`${id}-title`} className="font-semibold text-ink">
          Com'è finita?
        </h4>
        {job.outcome ? <p className="text-xs text-muted">Ora: {outcomeText(job.outcome, job.outcomeAmountCents)}</p> : null}
      </div>
      <fieldset className="grid gap-1" aria-describedby={error?.field === 'outcome' ? `${id}-outcome-error` : undefined}>
        <legend className="sr-only">Com'è finita?</legend>
        {OFFER_OUTCOMES.map((value) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-200 px-3 has-[:checked]:border-brand-600">
            <input
              type="radio"
              name={`esito-${job.assignmentId}`}
              value={value}
              checked={outcome === value}
              onChange={() => setOutcome(value)}
              className="size-5 accent-brand-600"
            />
            <span className="text-sm text-ink">{OFFER_OUTCOME_LABELS[value]}</span>
          </label>
        ))}
        {error?.field === 'outcome' ? <FieldError id={`${id}-outcome-error`}>{error.message}</FieldError> : null}
      </fieldset>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-amount`}>Importo in euro (facoltativo)</Label>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="es. 1.250,50"
          maxLength={30}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={error?.field === 'amount' ? true : undefined}
          aria-describedby={error?.field === 'amount' ? `${id}-amount-error` : undefined}
        />
        {error?.field === 'amount' ? <FieldError id={`${id}-amount-error`}>{error.message}</FieldError> : null}
      </div>
      {error && error.field === null ? (
        <p className="text-sm font-medium text-red-800" role="alert">
          {error.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" variant="outline" className="w-full" disabled={save.isPending}>
        {save.isPending ? 'Salvataggio...' : 'Salva esito'}
      </Button>
    </form>
  )
}

/** 125050 -> "1.250,50", 8000 -> "80": as a person would type it back. */
function centsText(cents: number): string {
  const euros = new Intl.NumberFormat('it-IT', { useGrouping: 'always', minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })
  return euros.format(cents / 100)
}

/** "Rinuncio al lavoro", within 24 hours of accepting, as from the acceptance page: the office is told. */
function WithdrawButton({ job }: { job: AcceptedJob }) {
  const trpc = useTRPC()
  const refresh = useRefreshOffers()
  const [open, setOpen] = useState(false)
  const withdraw = useMutation(
    trpc.area.offers.withdraw.mutationOptions({
      onSuccess: async () => {
        setOpen(false)
        toast({ title: 'Hai rinunciato al lavoro', description: 'Abbiamo avvisato l’ufficio.' })
        await refresh()
      },
      onError: async (error) => {
        setOpen(false)
        toast({ title: 'Rinuncia non registrata', description: serverMessage(error, 'Impossibile registrare la rinuncia. Riprova.'), variant: 'destructive' })
        await refresh()
      },
    }),
  )
  return (
    <div className="grid gap-1 border-t border-gray-100 pt-3">
      <p className="text-xs text-muted">
        Non puoi più seguirlo? Puoi rinunciare fino al {italianTimestamp(new Date(job.withdrawUntil!))}: avviseremo noi l'ufficio.
      </p>
      <Button variant="outline" size="lg" className="w-full text-red-800" onClick={() => setOpen(true)}>
        Rinuncio al lavoro
      </Button>
      {open || withdraw.isPending ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={open}
            onClose={() => setOpen(false)}
            title="Rinunciare al lavoro?"
            description={`${job.serviceName} (n. ${job.leadId}): avviseremo l'ufficio, che potrà proporlo a un altro artigiano.`}
            confirmLabel="Rinuncio al lavoro"
            pendingLabel="Invio..."
            pending={withdraw.isPending}
            onConfirm={() => withdraw.mutate({ assignmentId: job.assignmentId, offerNumber: job.offerNumber })}
          />
        </Suspense>
      ) : null}
    </div>
  )
}

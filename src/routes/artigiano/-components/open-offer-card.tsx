import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { inferRouterOutputs } from '@trpc/server'
import { CheckIcon, XIcon } from 'lucide-react'
import { useId, useState } from 'react'
import type { AppRouter } from '#server/trpc/router.ts'
import { Button } from '#src/components/ui/button.tsx'
import { Card } from '#src/components/ui/card.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#src/components/ui/dialog.tsx'
import { serverMessage } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { DECLINE_REASONS, type DeclineReason } from '#shared/enums.ts'
import { italianTimestamp } from '#shared/italian-time.ts'
import { DECLINE_REASON_LABELS } from '#shared/lead-responses.ts'
import { acceptedSoFarLabel, OFFER_RULE, offeredToLabel } from '#shared/promise.ts'
import { OfferJobDetails, OfferPlace, TimeLeft } from './offer-job.tsx'

export type OpenOffer = inferRouterOutputs<AppRouter>['area']['offers']['open'][number]

/** After an answer, taken or refused, every list of offers is read again: the offer may have moved on meanwhile. */
export function useRefreshOffers() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: trpc.area.offers.pathKey() })
}

/** An offer waiting for an answer, as a card: the job, where, how long is left; "Accetta" and "Non sono disponibile". */
export function OpenOfferCard({ offer, now }: { offer: OpenOffer; now: number }) {
  const trpc = useTRPC()
  const refresh = useRefreshOffers()
  const [declining, setDeclining] = useState(false)
  const titleId = useId()
  const ref = { assignmentId: offer.assignmentId, offerNumber: offer.offerNumber }
  const refused = async (error: unknown) => {
    toast({ title: 'Risposta non registrata', description: serverMessage(error, 'Impossibile registrare la risposta. Riprova.'), variant: 'destructive' })
    await refresh()
  }
  const accept = useMutation(
    trpc.area.offers.accept.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Lavoro accettato', description: 'Trovi i contatti del cliente tra i lavori accettati: chiamalo entro 24 ore.' })
        await refresh()
      },
      onError: refused,
    }),
  )
  return (
    <Card className="grid gap-3 p-4" aria-labelledby={titleId}>
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-lg font-bold leading-tight text-ink">
          {offer.serviceName}
        </h3>
        <span className="shrink-0 text-xs text-muted">n. {offer.leadId}</span>
      </div>
      <OfferPlace job={offer} />
      <TimeLeft answerBy={offer.answerBy} reason={offer.answerByReason} now={now} />
      <OfferJobDetails job={offer} attachments={offer.attachments} />
      <dl className="grid gap-0.5 text-xs text-muted">
        <div>
          <dt className="inline">Arrivata il </dt>
          <dd className="inline">{italianTimestamp(new Date(offer.requestedAt))}</dd>
        </div>
        <div>
          <dt className="inline">Proposta a </dt>
          <dd className="inline">{offeredToLabel(offer.offeredTo)}</dd>
        </div>
        <div>
          <dt className="inline">Accettata finora da </dt>
          <dd className="inline">{acceptedSoFarLabel(offer.acceptedSoFar)}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted">{OFFER_RULE}</p>
      <div className="grid gap-2">
        <Button size="lg" className="w-full" disabled={accept.isPending} onClick={() => accept.mutate(ref)}>
          <CheckIcon aria-hidden /> {accept.isPending ? 'Accetto...' : 'Accetta'}
        </Button>
        <Button size="lg" variant="outline" className="w-full" disabled={accept.isPending} onClick={() => setDeclining(true)}>
          <XIcon aria-hidden /> Non sono disponibile
        </Button>
      </div>
      <DeclineDialog offer={offer} open={declining} onClose={() => setDeclining(false)} onRefused={refused} />
    </Card>
  )
}

/** "Non sono disponibile", with the mail's optional reasons. */
function DeclineDialog({
  offer,
  open,
  onClose,
  onRefused,
}: {
  offer: OpenOffer
  open: boolean
  onClose: () => void
  onRefused: (error: unknown) => Promise<void>
}) {
  const trpc = useTRPC()
  const refresh = useRefreshOffers()
  const [reason, setReason] = useState<DeclineReason | null>(null)
  const decline = useMutation(
    trpc.area.offers.decline.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Risposta registrata', description: 'Lo proporremo a un altro artigiano. Grazie per la risposta.' })
        onClose()
        await refresh()
      },
      onError: async (error) => {
        onClose()
        await onRefused(error)
      },
    }),
  )
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !decline.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Non sei disponibile?</DialogTitle>
          <DialogDescription>
            {offer.serviceName}
            {offer.comune ? ` a ${offer.comune}` : ''} (n. {offer.leadId}): lo proporremo a un altro artigiano.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-medium text-ink">Perché? (facoltativo)</legend>
          {DECLINE_REASONS.map((value) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-gray-50">
              <input
                type="radio"
                name={`motivo-${offer.assignmentId}`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-5 accent-brand-600"
              />
              {DECLINE_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" size="lg" disabled={decline.isPending} onClick={onClose}>
            Annulla
          </Button>
          <Button
            size="lg"
            disabled={decline.isPending}
            onClick={() => decline.mutate({ assignmentId: offer.assignmentId, offerNumber: offer.offerNumber, reason })}
          >
            {decline.isPending ? 'Invio...' : 'Non sono disponibile'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { inferRouterOutputs } from '@trpc/server'
import { CheckIcon, XIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { AppRouter } from '#server/trpc/router.ts'
import { Button } from '#src/components/ui/button.tsx'
import { serverMessage } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { italianTimestamp } from '#shared/italian-time.ts'
import { acceptedSoFarLabel, OFFER_RULE, offeredToLabel, PROMISE_DEADLINE } from '#shared/promise.ts'
import { OfferCard, OfferJobDetails, OfferPlace, TimeLeft } from './offer-job.tsx'

export type OpenOffer = inferRouterOutputs<AppRouter>['area']['offers']['open'][number]

// The dialog (and the dialog library under it) loads when a craftsman first says no, not with the list of offers.
const DeclineDialog = lazy(() => import('./decline-dialog.tsx').then((module) => ({ default: module.DeclineDialog })))

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
  const ref = { assignmentId: offer.assignmentId, offerNumber: offer.offerNumber }
  const refused = async (error: unknown) => {
    toast({ title: 'Risposta non registrata', description: serverMessage(error, 'Impossibile registrare la risposta. Riprova.'), variant: 'destructive' })
    await refresh()
  }
  const accept = useMutation(
    trpc.area.offers.accept.mutationOptions({
      onSuccess: async () => {
        toast({
          title: 'Lavoro accettato',
          description: `Trovi i contatti del cliente tra i lavori accettati: chiamalo al più presto, gli abbiamo promesso una chiamata ${PROMISE_DEADLINE} dalla richiesta.`,
        })
        await refresh()
      },
      onError: refused,
    }),
  )
  return (
    <OfferCard title={offer.serviceName} leadId={offer.leadId}>
      <OfferPlace job={offer} />
      <TimeLeft answerBy={offer.answerBy} reason={offer.answerByReason} now={now} />
      <OfferJobDetails job={offer} attachments={offer.attachments} />
      <dl className="grid gap-0.5 text-xs text-muted">
        <div>
          <dt className="inline">Arrivata il </dt>
          <dd className="inline">{italianTimestamp(new Date(offer.requestedAt))}</dd>
        </div>
        <div>
          {/* "Proposta solo a te, per ora" / "Proposta a 3 artigiani, te compreso": the mail's words, read as one sentence. */}
          <dt className="inline">Proposta </dt>
          <dd className="inline">{offer.offeredTo <= 1 ? offeredToLabel(offer.offeredTo) : `a ${offeredToLabel(offer.offeredTo)}`}</dd>
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
      {declining ? (
        <Suspense fallback={null}>
          <DeclineDialog offer={offer} open onClose={() => setDeclining(false)} onRefused={refused} />
        </Suspense>
      ) : null}
    </OfferCard>
  )
}

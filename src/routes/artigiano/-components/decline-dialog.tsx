import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#src/components/ui/dialog.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { DECLINE_REASONS, type DeclineReason } from '#shared/enums.ts'
import { DECLINE_REASON_LABELS } from '#shared/lead-responses.ts'
import { type OpenOffer, useRefreshOffers } from './open-offer-card.tsx'

/** "Non sono disponibile", with the mail's optional reasons. */
export function DeclineDialog({
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

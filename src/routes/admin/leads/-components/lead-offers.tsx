import { useMutation, useQueryClient } from '@tanstack/react-query'
import { UndoIcon } from 'lucide-react'
import { useState } from 'react'
import { ArtisanLink } from '#src/components/admin/artisan-link.tsx'
import { ConfirmDialog } from '#src/components/admin/confirm-dialog.tsx'
import { isOpen, OfferRating, offerState } from '#src/components/admin/offer-state.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { formatDateTime } from '#shared/italian-time.ts'
import { outcomeText } from '#shared/offer-outcomes.ts'
import { toastServerError } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import type { LeadDetail } from './lead-details-dialog.tsx'

type Offer = LeadDetail['assignments'][number]

const EMAIL_STATUS: Record<string, string> = {
  pending: 'email in coda',
  sent: 'email inviata',
  failed: 'email non inviata',
  suppressed: 'email non inviata: indirizzo nella lista di esclusione',
}

/** The craftsmen the lead was offered to, how each answered, the requester's rating, and 'Ritira offerta' while unanswered. */
export function LeadOffers({ lead }: { lead: LeadDetail }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [revoking, setRevoking] = useState<Offer | null>(null)
  const revoke = useMutation(
    trpc.admin.leads.revoke.mutationOptions({
      onSuccess: async (updated) => {
        toast({ title: 'Offerta Ritirata', description: `Il link dell'offerta non vale più per ${revoking?.contact_name ?? "l'artigiano"}.` })
        setRevoking(null)
        queryClient.setQueryData(trpc.admin.leads.byId.queryKey({ id: lead.id }), updated)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.leads.matches.queryKey({ id: lead.id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.pathKey() }),
        ])
      },
      onError: (error) => {
        setRevoking(null)
        toastServerError('Errore', "Impossibile ritirare l'offerta.")(error)
      },
    }),
  )

  if (!lead.assignments.length) return <p className="text-sm text-muted">Non ancora affidato a nessun artigiano.</p>
  return (
    <div>
      <p id="lead-offers-title" className="text-sm font-medium text-ink">
        Affidato a
      </p>
      <ul aria-labelledby="lead-offers-title" className="mt-1 grid gap-2 text-sm">
        {lead.assignments.map((offer) => {
          const state = offerState(offer)
          const name = offer.company_name ?? offer.contact_name
          return (
            <li key={offer.artisan_id} className="grid gap-1 rounded-md border border-gray-100 px-2 py-1.5">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <ArtisanLink artisanId={offer.artisan_id} className="font-medium">
                  {name}
                </ArtisanLink>
                <Badge variant={state.variant}>{state.label}</Badge>
                {isOpen(offer) ? (
                  <Button size="sm" variant="ghost" className="ml-auto h-7" onClick={() => setRevoking(offer)} aria-label={`Ritira offerta a ${name}`}>
                    <UndoIcon aria-hidden /> Ritira offerta
                  </Button>
                ) : null}
              </div>
              <span className="break-words text-xs text-muted">
                {offer.contact_name} · {offer.email} · offerto il {formatDateTime(offer.assigned_at)}
                {offer.email_status ? ` · ${EMAIL_STATUS[offer.email_status] ?? offer.email_status}` : ''}
                {offer.responded_at ? ` · risposta il ${formatDateTime(offer.responded_at)}` : ''}
              </span>
              {offer.outcome ? (
                <p className="text-xs text-ink">
                  Com'è finita, secondo l'artigiano: <strong>{outcomeText(offer.outcome, offer.outcome_amount_cents)}</strong>
                  {offer.outcome_at ? <span className="text-muted"> · {formatDateTime(offer.outcome_at)}</span> : null}
                </p>
              ) : null}
              {offer.rating ? <OfferRating rating={offer.rating} /> : null}
            </li>
          )
        })}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Ritirare l'offerta?"
        description={`${revoking?.company_name ?? revoking?.contact_name ?? "L'artigiano"} non potrà più accettare questo lavoro: i link nella sua e-mail diranno che è stato affidato ad altri.`}
        confirmLabel="Ritira offerta"
        pendingLabel="Ritiro in corso..."
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: lead.id, artisanId: revoking.artisan_id })}
      />
    </div>
  )
}

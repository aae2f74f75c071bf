import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { BadgeCheckIcon, SendIcon } from 'lucide-react'
import { useState } from 'react'
import { toastServerError } from '#src/lib/server-errors.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { InlineQueryView } from '#src/components/admin/list-screen.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Checkbox } from '#src/components/ui/checkbox.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { MAX_ARTISANS_PER_REQUEST } from '#shared/promise.ts'
import type { LeadDetail } from './lead-details-dialog.tsx'
import { LeadOffers } from './lead-offers.tsx'
import { isOpen, offerState } from '#src/components/admin/offer-state.tsx'
import { ArtisanLink } from '#src/components/admin/artisan-link.tsx'
import { countOf, italianNumber } from '#shared/plural.ts'

const ARTISAN_STATUS: Record<string, string> = { active: 'Attivo', pending_review: 'In Revisione' }

const decimal = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 })

/**
 * Who the lead went to, and the matching craftsmen to hand it to, up to three: active, verified, not paused and covering
 * the lead's comune for its trade, each with why they fit (trade, km from their base, score).
 */
export function LeadMatching({ lead }: { lead: LeadDetail }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const matches = useQuery(trpc.admin.leads.matches.queryOptions({ id: lead.id }))
  const [selected, setSelected] = useState<number[]>([])
  // A craftsman is offered a lead once; the limit counts the offers still open (not declined, given back or taken back).
  const offered = new Map(lead.assignments.map((a) => [a.artisan_id, a]))
  const room = MAX_ARTISANS_PER_REQUEST - lead.assignments.filter((a) => isOpen(a) || (a.response === 'accepted' && !a.withdrawn_at)).length

  const assign = useMutation(
    trpc.admin.leads.assign.mutationOptions({
      onSuccess: async (updated) => {
        toast({
          title: 'Artigiani Assegnati',
          description: `${selected.length === 1 ? "L'artigiano riceverà" : `${countOf(selected.length, 'artigiano', 'artigiani')} riceveranno`} la richiesta via email.`,
        })
        setSelected([])
        queryClient.setQueryData(trpc.admin.leads.byId.queryKey({ id: lead.id }), updated)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.leads.matches.queryKey({ id: lead.id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.leads.list.queryKey() }),
        ])
      },
      onError: toastServerError('Errore Assegnazione', 'Impossibile assegnare il preventivo.'),
    }),
  )

  const fresh = matches.data?.candidates.filter((candidate) => !offered.has(candidate.id)).length ?? 0

  const toggle = (id: number, on: boolean) => setSelected((current) => (on ? [...current, id] : current.filter((x) => x !== id)))

  return (
    <section aria-labelledby="lead-matching-title" className="grid gap-3 rounded-lg border border-gray-200 p-4">
      <h3 id="lead-matching-title" className="font-semibold text-ink">
        Artigiani
      </h3>
      <LeadOffers lead={lead} />

      <InlineQueryView query={matches} loading="Ricerca artigiani compatibili..." failed="Impossibile caricare gli artigiani compatibili.">
        {(data) =>
          !data.sector || !data.comune ? (
            <p className="text-sm text-muted">
              {!data.sector
                ? 'Il servizio richiesto non corrisponde a un settore degli artigiani: nessun abbinamento automatico.'
                : 'La località non corrisponde a un comune servito: nessun abbinamento automatico.'}
            </p>
          ) : (
            <form
              aria-label="Assegna ad artigiani"
              className="grid gap-3"
              onSubmit={(event) => {
                event.preventDefault()
                if (selected.length) assign.mutate({ id: lead.id, artisanIds: selected })
              }}
            >
              <p className="text-sm text-muted">
                {data.sector} a {data.comune}:{' '}
                {data.candidates.length
                  ? `${countOf(data.candidates.length, 'artigiano compatibile', 'artigiani compatibili')}.`
                  : 'nessun artigiano attivo, verificato e non in pausa copre questo comune per questo settore.'}
                {data.candidates.length && room > 0
                  ? fresh
                    ? ` Puoi sceglierne ancora ${Math.min(room, fresh)}.`
                    : ' Tutti hanno già ricevuto questa richiesta.'
                  : ''}
              </p>
              {data.candidates.length ? (
                <ul className="grid max-h-60 gap-1 overflow-y-auto">
                  {data.candidates.map((artisan) => {
                    const offer = offered.get(artisan.id)
                    const isAssigned = offer !== undefined
                    const checked = isAssigned || selected.includes(artisan.id)
                    const disabled = isAssigned || (!checked && selected.length >= room)
                    const id = `match-${artisan.id}`
                    return (
                      <li key={artisan.id} className="flex items-start gap-3 rounded-md px-2 py-1.5 hover:bg-gray-50">
                        <Checkbox id={id} checked={checked} disabled={disabled} onCheckedChange={(value) => toggle(artisan.id, value === true)} />
                        <label htmlFor={id} className="grid min-w-0 flex-1 gap-0.5 text-sm">
                          <span className="flex flex-wrap items-center gap-1.5 font-medium text-ink">
                            <ArtisanLink artisanId={artisan.id}>{artisan.company_name ?? artisan.contact_name}</ArtisanLink>
                            {/* The requester asked for this craftsman from their profile: listed first, still the office's choice. */}
                            {artisan.preferred ? <Badge>Artigiano preferito</Badge> : null}
                            {artisan.is_verified ? (
                              <Badge variant="success">
                                <BadgeCheckIcon className="mr-1 size-3" aria-hidden />
                                Verificato
                              </Badge>
                            ) : null}
                            <Badge variant={artisan.status === 'active' ? 'info' : 'warning'}>{ARTISAN_STATUS[artisan.status] ?? artisan.status}</Badge>
                            {offer ? <Badge>{offerState(offer).label}</Badge> : null}
                          </span>
                          {/* Why it fits: the trade, how far from the craftsman's base, and the score the order follows. */}
                          <span className="break-words text-ink">
                            {artisan.fits} · punteggio {decimal.format(artisan.score)}
                          </span>
                          <span className="break-words text-muted">
                            {artisan.contact_name} · {artisan.phone} · {countOf(artisan.recent_assignments, 'richiesta', 'richieste')} negli ultimi 30 giorni
                            {artisan.offers
                              ? ` · ${countOf(artisan.accepted, 'accettata', 'accettate')} su ${italianNumber.format(artisan.offers)}`
                              : ' · nessuna offerta finora'}
                            {artisan.average_rating !== null
                              ? ` · ${decimal.format(artisan.average_rating)}/5 (${countOf(artisan.ratings, 'voto', 'voti')})`
                              : ''}
                          </span>
                        </label>
                      </li>
                    )
                  })}
                </ul>
              ) : null}
              {room > 0 && fresh ? (
                <div>
                  <Button type="submit" disabled={!selected.length || assign.isPending}>
                    <SendIcon aria-hidden /> {assign.isPending ? 'Invio in corso...' : 'Assegna e invia email'}
                  </Button>
                </div>
              ) : null}
            </form>
          )
        }
      </InlineQueryView>
    </section>
  )
}

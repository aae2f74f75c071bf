import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import type { AppRouter } from '#server/trpc/router.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { serverMessage } from '#src/lib/server-errors.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import type { DeclineReason } from '#shared/enums.ts'
import { formatDateTime } from '#shared/italian-time.ts'
import { DECLINE_REASON_LABELS } from '#shared/lead-responses.ts'
import { outcomeText } from '#shared/offer-outcomes.ts'
import { countOf } from '#shared/plural.ts'
import { MAX_SEARCH_LENGTH } from '#shared/area-offers.ts'

type PastOffer = inferRouterOutputs<AppRouter>['area']['offers']['history']['rows'][number]

/** How a past offer ended, in the craftsman's words. */
function stateOf(offer: PastOffer): { label: string; variant: 'default' | 'success' | 'warning' | 'danger' | 'info' } {
  switch (offer.state) {
    case 'accepted':
      return { label: 'Accettata', variant: 'success' }
    case 'declined':
      return {
        label: offer.declineReason ? `Non disponibile: ${DECLINE_REASON_LABELS[offer.declineReason as DeclineReason].toLowerCase()}` : 'Non disponibile',
        variant: 'default',
      }
    case 'withdrawn':
      return { label: 'Hai rinunciato', variant: 'danger' }
    case 'revoked':
      return { label: 'Affidata ad altri', variant: 'default' }
    case 'closed':
      return { label: 'Richiesta chiusa', variant: 'default' }
    default:
      return { label: 'Scaduta senza risposta', variant: 'warning' }
  }
}

/** "Storico": every past offer, newest first, searchable by service, comune and (for jobs taken) the requester's name. */
export function OfferHistory({ query, page }: { query: string; page: number }) {
  const trpc = useTRPC()
  const navigate = useNavigate({ from: '/artigiano/offerte' })
  const history = useQuery(trpc.area.offers.history.queryOptions({ query, page }))
  const [typed, setTyped] = useState(query)
  const searchId = useId()
  useEffect(() => setTyped(query), [query])
  const go = (next: { q?: string; pagina?: number }) =>
    navigate({ search: (prev) => ({ ...prev, ...next }), replace: true, resetScroll: false, hash: 'storico' })
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.pageSize)) : 1
  return (
    <div className="grid gap-3">
      <search>
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            void go({ q: typed.trim() || undefined, pagina: undefined })
          }}
        >
          <label htmlFor={searchId} className="sr-only">
            Cerca nello storico
          </label>
          <Input
            id={searchId}
            type="search"
            value={typed}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Servizio, comune o cliente"
            className="flex-1"
          />
          <Button type="submit" size="icon" className="size-11 shrink-0" aria-label="Cerca">
            <SearchIcon aria-hidden />
          </Button>
        </form>
      </search>
      {history.isPending ? (
        <p className="py-6 text-center text-muted" role="status">
          Caricamento...
        </p>
      ) : history.isError ? (
        <p className="text-red-800" role="alert">
          {serverMessage(history.error, 'Impossibile caricare lo storico.')}
        </p>
      ) : history.data.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-4 text-center text-sm text-muted">
          {query ? `Nessuna offerta passata corrisponde a “${query}”.` : 'Ancora nessuna offerta passata.'}
        </p>
      ) : (
        <>
          <p className="text-xs text-muted" aria-live="polite">
            {countOf(history.data.total, 'offerta', 'offerte')}
            {query ? ` per “${query}”` : ''}
          </p>
          <ul className="grid gap-2">
            {history.data.rows.map((offer) => {
              const state = stateOf(offer)
              return (
                <li key={offer.assignmentId} className="grid gap-1 rounded-lg border border-gray-200 bg-white p-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold text-ink">
                      {offer.serviceName}
                      {offer.comune ? <span className="font-normal text-muted"> · {offer.comune}</span> : null}
                    </p>
                    <Badge variant={state.variant}>{state.label}</Badge>
                  </div>
                  <p className="text-xs text-muted">
                    n. {offer.leadId} · ricevuta il {formatDateTime(offer.offeredAt)}
                    {offer.distanceKm !== null ? ` · ${offer.distanceKm} km` : ''}
                  </p>
                  {offer.requesterName ? <p className="text-ink">Cliente: {offer.requesterName}</p> : null}
                  {offer.outcome ? <p className="text-ink">Com'è finita: {outcomeText(offer.outcome, offer.outcomeAmountCents)}</p> : null}
                </li>
              )
            })}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Pagine dello storico" className="flex items-center justify-between gap-2">
              <Button variant="outline" size="lg" disabled={page <= 1} onClick={() => void go({ pagina: page - 1 > 1 ? page - 1 : undefined })}>
                <ChevronLeftIcon aria-hidden /> Precedenti
              </Button>
              <span className="text-sm text-muted">
                Pagina {page} di {pages}
              </span>
              <Button variant="outline" size="lg" disabled={page >= pages} onClick={() => void go({ pagina: page + 1 })}>
                Successive <ChevronRightIcon aria-hidden />
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  )
}

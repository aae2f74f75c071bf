import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { QueryView } from '#src/components/admin/list-screen.tsx'
import { OfferRating, offerState } from '#src/components/admin/offer-state.tsx'
import { PageNumberBar } from '#src/components/page-number-bar.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { formatDateTime, formatDuration } from '#shared/italian-time.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import type { DeclineReason } from '#shared/enums.ts'
import { DECLINE_REASON_LABELS } from '#shared/lead-responses.ts'
import { countOf, italianNumber } from '#shared/plural.ts'
import { shortPlace } from '#shared/text.ts'

const decimal = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 })
const percent = new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 0 })

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="text-xl font-bold">{value}</dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
    </div>
  )
}

/** 'Lavori offerti': how the craftsman answers the office's offers, what requesters say, and the offers page by page. */
export function ArtisanOffers({ artisanId }: { artisanId: number }) {
  const trpc = useTRPC()
  const [page, setPage] = useState(1)
  const responses = useQuery({ ...trpc.admin.artisans.responses.queryOptions({ id: artisanId, page }), placeholderData: keepPreviousData })
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none">Lavori offerti</h2>
        <CardDescription>Come risponde alle offerte e come lo valutano i clienti</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <QueryView query={responses} loading="Caricamento lavori offerti..." failed="Impossibile caricare i lavori offerti." spacing="py-4">
          {({ stats, offers }) => {
            const reasons = stats.declineReasons
              .map(({ reason, count }) => `${reason ? DECLINE_REASON_LABELS[reason as DeclineReason] : 'Nessun motivo'}: ${count}`)
              .join(', ')
            const pageCount = Math.max(1, Math.ceil(offers.total / offers.pageSize))
            return (
              <>
                <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
                  <Figure
                    label="Offerti"
                    value={italianNumber.format(stats.offers)}
                    hint={stats.revoked ? `${countOf(stats.revoked, 'ritirata', 'ritirate')} senza risposta` : undefined}
                  />
                  <Figure
                    label="Accettati"
                    value={italianNumber.format(stats.accepted)}
                    hint={stats.withdrawn ? `di cui ${italianNumber.format(stats.withdrawn)} con rinuncia` : undefined}
                  />
                  <Figure label="Rifiutati" value={italianNumber.format(stats.declined)} hint={reasons || undefined} />
                  <Figure
                    label="Tasso di accettazione"
                    value={stats.acceptanceRate === null ? '—' : percent.format(stats.acceptanceRate)}
                    hint="Come lo vede l’artigiano nella sua area"
                  />
                  <Figure label="Tempo mediano di risposta" value={stats.medianResponseMs === null ? '—' : formatDuration(stats.medianResponseMs)} />
                  <Figure
                    label="Valutazione media"
                    value={stats.averageRating === null ? '—' : `${decimal.format(stats.averageRating)}/5`}
                    hint={stats.ratings ? countOf(stats.ratings, 'valutazione', 'valutazioni') : 'Nessuna valutazione'}
                  />
                </dl>
                {offers.rows.length ? (
                  <div className="grid gap-3">
                    <ul className="grid gap-2" aria-label="Lavori offerti" aria-busy={responses.isPlaceholderData}>
                      {offers.rows.map((offer) => {
                        const state = offerState(offer)
                        return (
                          <li key={`${offer.lead_id}`} className="grid gap-1 rounded-lg border border-gray-200 p-3 text-sm">
                            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                              <Link to="/admin/leads" search={{ page: 1, lead: offer.lead_id }} className="font-medium text-brand-700 hover:underline">
                                {offer.service_name} n. {offer.lead_id}
                              </Link>
                              <Badge variant={state.variant}>{state.label}</Badge>
                            </div>
                            <span className="break-words text-xs text-muted">
                              {offer.location_label ? `${shortPlace(offer.location_label)} · ` : ''}offerto il {formatDateTime(offer.assigned_at)}
                              {offer.responded_at ? ` · risposta dopo ${formatDuration(Date.parse(offer.responded_at) - Date.parse(offer.assigned_at))}` : ''}
                            </span>
                            {offer.stars !== null ? (
                              <OfferRating rating={{ stars: offer.stars, outcome: offer.outcome ?? '', comment: offer.comment }} />
                            ) : null}
                          </li>
                        )
                      })}
                    </ul>
                    <PageNumberBar page={offers.page} pageCount={pageCount} onPageChange={setPage} />
                  </div>
                ) : (
                  <p className="text-sm text-muted">Nessun lavoro offerto finora.</p>
                )}
              </>
            )
          }}
        </QueryView>
      </CardContent>
    </Card>
  )
}

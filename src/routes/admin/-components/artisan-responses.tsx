import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { SendIcon } from 'lucide-react'
import { InlineQueryView } from '#src/components/admin/list-screen.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { formatDuration } from '#shared/italian-time.ts'
import { toastServerError } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { countOf, italianNumber, pluralOf } from '#shared/plural.ts'
import { shortPlace } from '#shared/text.ts'

const percent = new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 0 })
const share = (part: number, whole: number) => (whole ? percent.format(part / whole) : '—')

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
      <dd className="text-xs text-muted">{hint}</dd>
    </div>
  )
}

/** One click: the unanswered offers are taken back and the lead goes to the best craftsman it was never offered to. */
function OfferNextButton({ leadId, label }: { leadId: number; label: string }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const offerNext = useMutation(
    trpc.admin.leads.offerNext.mutationOptions({
      onSuccess: async (result) => {
        toast({
          title: 'Preventivo Offerto',
          description: `${result.artisanName} riceverà la richiesta via email.${
            result.revoked ? ` ${pluralOf(result.revoked, 'Ritirata', 'Ritirate')} ${countOf(result.revoked, 'offerta', 'offerte')} senza risposta.` : ''
          }`,
        })
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.responses.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.leads.pathKey() }),
        ])
      },
      onError: toastServerError('Errore Assegnazione', 'Impossibile offrire il preventivo al prossimo artigiano.'),
    }),
  )
  return (
    <Button size="sm" variant="outline" disabled={offerNext.isPending} onClick={() => offerNext.mutate({ id: leadId })} aria-label={label}>
      <SendIcon aria-hidden /> {offerNext.isPending ? 'Invio in corso...' : 'Offri al prossimo artigiano'}
    </Button>
  )
}

/** 'Risposte degli artigiani': the 30-day figures and the leads nobody took within LEAD_RESPONSE_HOURS. */
export function ArtisanResponses() {
  const trpc = useTRPC()
  const responses = useQuery(trpc.admin.dashboard.responses.queryOptions())
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none">Risposte degli artigiani</h2>
        <CardDescription>Offerte degli ultimi 30 giorni e preventivi che nessuno ha ancora accettato</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <InlineQueryView query={responses} loading="Caricamento risposte..." failed="Impossibile caricare le risposte degli artigiani.">
          {(data) => (
            <>
              <dl className="grid gap-4 sm:grid-cols-3">
                <Figure
                  label="Tasso di risposta"
                  value={share(data.metrics.answered, data.metrics.offers)}
                  hint={`${countOf(data.metrics.answered, 'risposta', 'risposte')} su ${countOf(data.metrics.offers, 'offerta', 'offerte')}`}
                />
                <Figure
                  label="Tasso di accettazione"
                  value={share(data.metrics.accepted, data.metrics.offers)}
                  hint={countOf(data.metrics.accepted, 'offerta accettata', 'offerte accettate')}
                />
                <Figure
                  label="Tempo mediano alla prima accettazione"
                  value={data.metrics.medianMsToFirstAcceptance === null ? '—' : formatDuration(data.metrics.medianMsToFirstAcceptance)}
                  hint={`Su ${countOf(data.metrics.acceptedLeads, 'preventivo accettato', 'preventivi accettati')}`}
                />
              </dl>
              <section aria-labelledby="waiting-leads-title" className="grid gap-2">
                <h3 id="waiting-leads-title" className="font-semibold">
                  In attesa da più di {countOf(data.thresholdHours, 'ora', 'ore')}
                  {data.waiting.total ? ` (${italianNumber.format(data.waiting.total)})` : ''}
                </h3>
                {data.waiting.leads.length ? (
                  <ul className="grid divide-y divide-gray-100">
                    {data.waiting.leads.map((lead) => {
                      const where = lead.location_label && shortPlace(lead.location_label)
                      return (
                        <li key={lead.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2 text-sm">
                          <div className="grid min-w-0 gap-0.5">
                            <Link to="/admin/leads" search={{ page: 1, lead: lead.id }} className="font-medium text-brand-700 hover:underline">
                              {lead.service_name} n. {lead.id}
                            </Link>
                            <span className="break-words text-xs text-muted">
                              {where ? `${where} · ` : ''}in attesa da {formatDuration(Date.now() - Date.parse(lead.awaiting_answer_since))} ·{' '}
                              {countOf(lead.pending, 'offerta', 'offerte')} senza risposta
                              {lead.declined ? ` · ${countOf(lead.declined, 'rifiuto', 'rifiuti')}` : ''}
                            </span>
                          </div>
                          <OfferNextButton leadId={lead.id} label={`Offri al prossimo artigiano: ${lead.service_name} n. ${lead.id}`} />
                        </li>
                      )
                    })}
                  </ul>
                ) : (
                  <p className="text-sm text-muted">Nessun preventivo in attesa: tutte le offerte hanno avuto risposta in tempo.</p>
                )}
                {data.waiting.total > data.waiting.leads.length ? (
                  <p className="text-xs text-muted">
                    Mostrati i {data.waiting.leads.length} in attesa da più tempo su {italianNumber.format(data.waiting.total)}.
                  </p>
                ) : null}
              </section>
            </>
          )}
        </InlineQueryView>
      </CardContent>
    </Card>
  )
}

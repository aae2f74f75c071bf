import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { BanIcon, PauseIcon, PlayIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { ConfirmDialog } from '#src/components/admin/confirm-dialog.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '#src/components/ui/card.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { operationError } from './campaign-form.tsx'
import { CampaignReport } from './campaign-report.tsx'
import { formatNumericDateTime } from '#shared/italian-time.ts'
import { countOf, italianNumber } from '#shared/plural.ts'
import { FAILED_STATUSES, LIVE_STATUSES, preparationError, statusLabel, statusVariant } from './campaign-status.ts'
import { storedSegmentInWords } from './segment-words.ts'

const POLL_MS = 1000
const SCHEDULED_POLL_MS = 15_000

/** One figure of the campaign; null while it is being read. */
function Counter({ label, value, tone }: { label: string; value: number | null; tone?: string }) {
  return (
    <div className="rounded-lg border border-gray-200 px-3 py-2" data-testid={`counter-${label}`}>
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className={`text-xl font-bold tabular-nums ${tone ?? 'text-ink'}`}>{value === null ? '…' : italianNumber.format(value)}</dd>
    </div>
  )
}

/** One campaign followed live: status, progress bar and counters, re-read every second while the worker moves it. */
export function CampaignProgress({ jobId, onEdit }: { jobId: number; onEdit: (id: number) => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const job = useQuery({
    ...trpc.admin.newsletter.byId.queryOptions({ id: jobId }),
    refetchInterval: (query) => {
      const status = query.state.data?.status
      // A scheduled campaign is read now and then, so the card shows it starting without a reload.
      if (status === 'scheduled') return SCHEDULED_POLL_MS
      return status && !LIVE_STATUSES.has(status) ? false : POLL_MS
    },
  })

  const data = job.data
  const status = data?.status
  const started = data !== undefined && data.status !== 'draft' && data.status !== 'scheduled' && data.started_at !== null
  // The same query as 'Risultati' below: the tile and the report show one figure of one definition.
  const report = useQuery({
    ...trpc.admin.newsletter.report.queryOptions({ id: jobId }),
    enabled: started,
    refetchInterval: status && LIVE_STATUSES.has(status) ? 5000 : 30_000,
  })
  const previous = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!data || previous.current === data.status) return
    const was = previous.current
    previous.current = data.status
    void queryClient.invalidateQueries({ queryKey: trpc.admin.newsletter.list.queryKey() })
    if (was === undefined) return
    if (data.status === 'preparation_failed') {
      toast({ title: 'Errore Preparazione', description: preparationError(data.error), variant: 'destructive' })
    } else if (!LIVE_STATUSES.has(data.status)) {
      toast({
        title: statusLabel(data.status),
        description: `Destinatari ${data.total_recipients}, inviate ${data.sent_count}, non riuscite ${data.failed_count}${data.unconfirmed_count ? `, non confermate ${data.unconfirmed_count}` : ''}.`,
        variant: FAILED_STATUSES.has(data.status) ? 'destructive' : 'default',
      })
    }
  }, [data, queryClient, trpc])

  const readFailed = job.isError && data !== undefined
  useEffect(() => {
    if (readFailed) toast({ title: 'Info Stato', description: 'Impossibile aggiornare lo stato della campagna: nuovo tentativo tra poco.' })
  }, [readFailed])

  const options = {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.admin.newsletter.byId.queryKey({ id: jobId }) }),
    onError: (error: unknown) => toast({ ...operationError(error), variant: 'destructive' }),
  }
  const pause = useMutation(trpc.admin.newsletter.pause.mutationOptions(options))
  const resume = useMutation(trpc.admin.newsletter.resume.mutationOptions(options))
  const cancel = useMutation(trpc.admin.newsletter.cancel.mutationOptions(options))
  const unschedule = useMutation(
    trpc.admin.newsletter.unschedule.mutationOptions({
      ...options,
      onSuccess: () => {
        toast({ title: 'Programmazione annullata', description: 'La campagna è tornata tra le bozze.' })
        options.onSuccess()
      },
    }),
  )
  const resendUnconfirmed = useMutation(
    trpc.admin.newsletter.resendUnconfirmed.mutationOptions({
      ...options,
      onSuccess: (result) => {
        toast({
          title: 'Reinvio avviato',
          description: `${countOf(result.count, 'email non confermata', 'email non confermate')} di nuovo in coda.`,
        })
        options.onSuccess()
      },
    }),
  )

  if (job.isPending) return <p className="text-sm text-muted">Caricamento stato campagna...</p>
  if (!data) return <p className="text-sm text-red-700">Impossibile caricare lo stato della campagna.</p>

  const settled = data.sent_count + data.unconfirmed_count + data.failed_count + data.skipped_count
  const percent = data.total_recipients > 0 ? Math.min(100, Math.round((settled / data.total_recipients) * 100)) : status === 'completed' ? 100 : 0
  const failed = FAILED_STATUSES.has(data.status)

  return (
    <Card role="region" aria-labelledby="newsletter-progress-title">
      <CardHeader className="grid-cols-[1fr_auto] items-start gap-x-3">
        <h2 id="newsletter-progress-title" className="min-w-0 truncate text-lg font-semibold leading-tight" title={data.subject}>
          {data.subject}
        </h2>
        <Badge variant={statusVariant(data.status)} className="row-span-2" data-testid="campaign-status">
          {statusLabel(data.status)}
        </Badge>
        <p className="text-sm text-muted">
          <span data-testid="campaign-segment">{storedSegmentInWords(data.target_group, data.filters)}</span> · creata il{' '}
          {formatNumericDateTime(data.created_at)}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <div className="flex justify-between text-sm">
            <span className="font-medium">Avanzamento</span>
            <span className="tabular-nums text-muted">{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Avanzamento dell'invio"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-3 overflow-hidden rounded-full bg-gray-100"
          >
            <div className={`h-full transition-[width] duration-500 ${failed ? 'bg-red-600' : 'bg-trade-600'}`} style={{ width: `${percent}%` }} />
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2" aria-live="polite">
          <Counter label="Destinatari" value={data.total_recipients} />
          <Counter label="Inviate" value={data.sent_count} tone="text-green-700" />
          <Counter label="Non riuscite" value={data.failed_count} tone={data.failed_count ? 'text-red-700' : undefined} />
          <Counter label="Disiscritti" value={started ? (report.data?.figures.unsubscribed ?? null) : 0} />
          {data.skipped_count > 0 ? <Counter label="Escluse" value={data.skipped_count} /> : null}
          {data.unconfirmed_count > 0 ? <Counter label="Non confermate" value={data.unconfirmed_count} tone="text-amber-700" /> : null}
        </dl>
        {data.staleUnconfirmed.length > 0 ? (
          <div className="grid gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950" data-testid="stale-unconfirmed">
            <p>
              <strong>{countOf(data.staleUnconfirmed.length, 'email non confermata', 'email non confermate')}</strong>: l'invio è stato interrotto da un riavvio
              e dopo {countOf(data.unconfirmedAfterMinutes, 'minuto', 'minuti')} il servizio email non ne ha confermato la consegna. Potrebbero essere arrivate:
              reinviale solo se vuoi essere certo che le ricevano.
            </p>
            <ul className="grid gap-0.5 break-all text-amber-900">
              {data.staleUnconfirmed.slice(0, 20).map((row) => (
                <li key={row.id}>{row.email}</li>
              ))}
            </ul>
            <ConfirmDialog
              trigger={
                <Button type="button" variant="outline" className="w-fit" disabled={resendUnconfirmed.isPending}>
                  Reinvia le non confermate
                </Button>
              }
              title="Reinviare le email non confermate?"
              description="Chi l'aveva già ricevuta la riceverà una seconda volta."
              cancelLabel="Indietro"
              confirmLabel="Reinvia"
              onConfirm={() => resendUnconfirmed.mutate({ id: data.id })}
            />
          </div>
        ) : null}
        {data.status === 'scheduled' && data.scheduled_at ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">Partirà da sola il {formatNumericDateTime(data.scheduled_at)} (ora italiana).</p>
        ) : null}
        {data.waitingReason ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">{data.waitingReason}</p> : null}
        {data.status === 'preparation_failed' ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            <strong>Errore Preparazione:</strong> {preparationError(data.error)}
          </p>
        ) : data.error && failed ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            <strong>{statusLabel(data.status)}:</strong> {data.error.slice(0, 150)}
          </p>
        ) : null}
        {data.status !== 'draft' && data.status !== 'scheduled' && data.started_at ? (
          <CampaignReport jobId={data.id} live={LIVE_STATUSES.has(data.status)} />
        ) : null}
        {data.failureReasons.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Motivi degli invii non riusciti</summary>
            <ul className="mt-2 grid gap-1 text-muted">
              {data.failureReasons.map((entry) => (
                <li key={entry.reason}>
                  {entry.count} × {entry.reason.slice(0, 150)}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {data.status === 'draft' || data.status === 'scheduled' ? (
            <Button type="button" variant="outline" onClick={() => onEdit(data.id)}>
              Modifica
            </Button>
          ) : null}
          {data.status === 'scheduled' ? (
            <Button type="button" variant="outline" disabled={unschedule.isPending} onClick={() => unschedule.mutate({ id: data.id })}>
              Annulla programmazione
            </Button>
          ) : null}
          {data.status === 'sending' ? (
            <Button type="button" variant="outline" disabled={pause.isPending} onClick={() => pause.mutate({ id: data.id })}>
              <PauseIcon aria-hidden /> Metti in pausa
            </Button>
          ) : null}
          {data.status === 'paused' || data.status === 'send_failed' ? (
            <Button type="button" variant="outline" disabled={resume.isPending} onClick={() => resume.mutate({ id: data.id })}>
              <PlayIcon aria-hidden /> Riprendi
            </Button>
          ) : null}
          {LIVE_STATUSES.has(data.status) || data.status === 'paused' || data.status === 'send_failed' ? (
            <ConfirmDialog
              trigger={
                <Button type="button" variant="ghost" className="text-red-700" disabled={cancel.isPending}>
                  <BanIcon aria-hidden /> Annulla campagna
                </Button>
              }
              title="Annullare la campagna?"
              description="Le email già inviate restano inviate; i destinatari rimanenti non la riceveranno. Questa operazione non può essere annullata."
              cancelLabel="Indietro"
              confirmLabel="Annulla campagna"
              onConfirm={() => cancel.mutate({ id: data.id })}
            />
          ) : null}
        </div>
      </CardContent>
    </Card>
  )
}

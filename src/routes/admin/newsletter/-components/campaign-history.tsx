import { useQuery } from '@tanstack/react-query'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '#server/trpc/router.ts'
import { CardsOrTable } from '#src/components/admin/list-rows.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '#src/components/ui/card.tsx'
import { TableCell } from '#src/components/ui/table.tsx'
import { useTRPC } from '#src/lib/trpc.tsx'
import { formatNumericDateTime } from '#shared/italian-time.ts'
import { countOf, italianNumber, pluralOf } from '#shared/plural.ts'
import { statusLabel, statusVariant } from './campaign-status.ts'
import { storedSegmentInWords } from './segment-words.ts'

type Selection = { selectedId: number | null; onSelect: (id: number) => void }
type Job = inferRouterOutputs<AppRouter>['admin']['newsletter']['list'][number]

/** Past and running campaigns with their figures, newest first; 'Segui' shows one live above. */
export function CampaignHistory({ selectedId, onSelect }: Selection) {
  const trpc = useTRPC()
  const list = useQuery(trpc.admin.newsletter.list.queryOptions())
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none">Storico Campagne</h2>
      </CardHeader>
      <CardContent className="pb-2 xl:px-2">
        {list.isPending ? (
          <p className="text-sm text-muted">Caricamento campagne...</p>
        ) : list.isError ? (
          <p className="text-sm text-red-700" role="alert">
            Errore nel caricamento delle campagne.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
              Riprova Caricamento
            </button>
          </p>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-muted">Nessuna campagna inviata finora.</p>
        ) : (
          <CampaignRows jobs={list.data} selectedId={selectedId} onSelect={onSelect} />
        )}
      </CardContent>
    </Card>
  )
}

function FollowButton({ job, selectedId, onSelect }: { job: Job } & Selection) {
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      aria-pressed={job.id === selectedId}
      onClick={() => onSelect(job.id)}
      aria-label={`Segui la campagna ${job.subject}`}
    >
      Segui
    </Button>
  )
}

/** The longest labels ('Preparazione non riuscita') wrap inside the narrow column. */
function CampaignStatus({ job }: { job: Job }) {
  return (
    <Badge variant={statusVariant(job.status)} className="xl:whitespace-normal">
      {statusLabel(job.status)}
    </Badge>
  )
}

const COLUMNS = [
  { label: 'Data', className: 'w-24' },
  { label: 'Oggetto' },
  { label: 'Destinatari scelti', className: 'w-36 whitespace-normal leading-tight' },
  { label: 'Stato', className: 'w-36' },
  { label: 'Destinatari', className: 'w-24 text-right' },
  { label: 'Inviate', className: 'w-20 text-right' },
  { label: 'Non riuscite', className: 'w-20 text-right whitespace-normal leading-tight' },
  { label: 'Azioni', className: 'w-24 text-right' },
]

function CampaignRows({ jobs, ...selection }: { jobs: Job[] } & Selection) {
  return (
    <CardsOrTable
      rows={jobs}
      rowKey={(job) => job.id}
      label="Campagne"
      rowClassName={(job) => (job.id === selection.selectedId ? 'bg-brand-50/60' : undefined)}
      card={(job) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 truncate font-semibold text-ink" title={job.subject}>
              {job.subject}
            </p>
            <CampaignStatus job={job} />
          </div>
          <p className="text-muted">
            {formatNumericDateTime(job.created_at)} · {storedSegmentInWords(job.target_group, job.filters)}
          </p>
          <div className="flex items-center justify-between gap-2">
            <p className="tabular-nums">
              {italianNumber.format(job.sent_count)} / {italianNumber.format(job.total_recipients)} {pluralOf(job.sent_count, 'inviata', 'inviate')} ·{' '}
              {countOf(job.failed_count, 'non riuscita', 'non riuscite')}
            </p>
            <FollowButton job={job} {...selection} />
          </div>
        </>
      )}
      columns={COLUMNS}
      cells={(job) => (
        <>
          <TableCell className="whitespace-pre-line text-xs leading-tight">{formatNumericDateTime(job.created_at).replace(' ', '\n')}</TableCell>
          <TableCell className="truncate" title={job.subject}>
            {job.subject}
          </TableCell>
          <TableCell className="whitespace-normal text-xs leading-tight">{storedSegmentInWords(job.target_group, job.filters)}</TableCell>
          <TableCell>
            <CampaignStatus job={job} />
          </TableCell>
          <TableCell className="text-right tabular-nums">{italianNumber.format(job.total_recipients)}</TableCell>
          <TableCell className="text-right tabular-nums">{italianNumber.format(job.sent_count)}</TableCell>
          <TableCell className="text-right tabular-nums">{italianNumber.format(job.failed_count)}</TableCell>
          <TableCell className="text-right">
            <FollowButton job={job} {...selection} />
          </TableCell>
        </>
      )}
    />
  )
}

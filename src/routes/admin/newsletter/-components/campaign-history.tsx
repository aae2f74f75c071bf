import { useQuery } from '@tanstack/react-query'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '#src/components/ui/card.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#src/components/ui/table.tsx'
import { useTRPC } from '#src/lib/trpc.tsx'
import { formatDateTime, GROUP_LABELS, statusLabel, statusVariant } from './campaign-status.ts'

/** Past and running campaigns with their figures, newest first; 'Segui' shows one live above. */
export function CampaignHistory({ selectedId, onSelect }: { selectedId: number | null; onSelect: (id: number) => void }) {
  const trpc = useTRPC()
  const list = useQuery(trpc.admin.newsletter.list.queryOptions())
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none">Storico Campagne</h2>
      </CardHeader>
      <CardContent className="px-0 pb-2 sm:px-2">
        {list.isPending ? (
          <p className="px-5 text-sm text-muted">Caricamento campagne...</p>
        ) : list.isError ? (
          <p className="px-5 text-sm text-red-700" role="alert">
            Errore nel caricamento delle campagne.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
              Riprova Caricamento
            </button>
          </p>
        ) : list.data.length === 0 ? (
          <p className="px-5 text-sm text-muted">Nessuna campagna inviata finora.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Data</TableHead>
                <TableHead>Oggetto</TableHead>
                <TableHead>Gruppo</TableHead>
                <TableHead>Stato</TableHead>
                <TableHead className="text-right">Destinatari</TableHead>
                <TableHead className="text-right">Inviate</TableHead>
                <TableHead className="text-right">Non riuscite</TableHead>
                <TableHead>
                  <span className="sr-only">Azioni</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.map((job) => (
                <TableRow key={job.id} aria-selected={job.id === selectedId} className={job.id === selectedId ? 'bg-brand-50/60' : undefined}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(job.created_at)}</TableCell>
                  <TableCell className="max-w-64 truncate" title={job.subject}>
                    {job.subject}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{GROUP_LABELS[job.target_group]}</TableCell>
                  <TableCell>
                    <Badge variant={statusVariant(job.status)}>{statusLabel(job.status)}</Badge>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{job.total_recipients}</TableCell>
                  <TableCell className="text-right tabular-nums">{job.sent_count}</TableCell>
                  <TableCell className="text-right tabular-nums">{job.failed_count}</TableCell>
                  <TableCell>
                    <Button type="button" size="sm" variant="ghost" onClick={() => onSelect(job.id)} aria-label={`Segui la campagna ${job.subject}`}>
                      Segui
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}

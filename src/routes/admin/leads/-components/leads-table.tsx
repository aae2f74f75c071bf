import type { inferRouterOutputs } from '@trpc/server'
import { EyeIcon, PaperclipIcon, Trash2Icon } from 'lucide-react'
import type { AppRouter } from '#server/trpc/router.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#src/components/ui/table.tsx'
import { formatDateTime } from '#src/lib/format-date.ts'
import { StatusBadge } from './status-badge.tsx'

export type LeadRow = inferRouterOutputs<AppRouter>['admin']['leads']['list']['rows'][number]

type Props = { rows: LeadRow[]; onOpen: (lead: LeadRow) => void; onDelete: (lead: LeadRow) => void }

function AttachmentBadge({ count }: { count: number }) {
  return (
    <Badge variant={count ? 'info' : 'default'} aria-label={`${count} allegati`}>
      <PaperclipIcon className="mr-1 size-3" aria-hidden />
      {count}
    </Badge>
  )
}

function Actions({ lead, onOpen, onDelete }: { lead: LeadRow } & Omit<Props, 'rows'>) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Visualizza il preventivo di ${lead.full_name}`} onClick={() => onOpen(lead)}>
        <EyeIcon aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-red-700 hover:bg-red-50"
        aria-label={`Elimina il preventivo di ${lead.full_name}`}
        onClick={() => onDelete(lead)}
      >
        <Trash2Icon aria-hidden />
      </Button>
    </div>
  )
}

/** docs/product.md §2.4 columns, the work state under the name; cards below 1280 px, where the table would not fit beside the sidebar. */
export function LeadsTable({ rows, onOpen, onDelete }: Props) {
  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2 xl:hidden" aria-label="Preventivi">
        {rows.map((lead) => (
          <li key={lead.id} className="grid gap-1 rounded-lg border border-gray-200 p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-semibold text-ink">{lead.full_name}</p>
                <p className="text-xs text-muted">{formatDateTime(lead.created_at)}</p>
              </div>
              <StatusBadge status={lead.status} />
            </div>
            <p className="truncate">{lead.service_name}</p>
            <p className="truncate text-muted">{lead.location_label ?? 'Non specificata'}</p>
            <p className="truncate">
              <a className="text-brand-700 hover:underline" href={`mailto:${lead.email}`}>
                {lead.email}
              </a>
              {lead.phone ? <span className="text-muted"> · {lead.phone}</span> : null}
            </p>
            <div className="flex items-center justify-between">
              <AttachmentBadge count={lead.attachment_count} />
              <Actions lead={lead} onOpen={onOpen} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden xl:block">
        <Table className="table-fixed">
          <TableHeader>
            <TableRow>
              <TableHead className="w-28 whitespace-normal">Data richiesta</TableHead>
              <TableHead className="w-44">Nome completo</TableHead>
              <TableHead>Email e telefono</TableHead>
              <TableHead className="w-32">Servizio</TableHead>
              <TableHead>Località</TableHead>
              <TableHead className="w-20">Allegati</TableHead>
              <TableHead className="w-28 text-right">Azioni</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((lead) => (
              <TableRow key={lead.id}>
                <TableCell className="whitespace-pre-line text-xs leading-tight">{formatDateTime(lead.created_at).replace(', ', '\n')}</TableCell>
                <TableCell>
                  <p className="truncate font-medium" title={lead.full_name}>
                    {lead.full_name}
                  </p>
                  <div className="mt-1 flex items-center gap-1">
                    <StatusBadge status={lead.status} />
                    {lead.assignment_count ? (
                      <span className="text-xs text-muted" title={`Affidato a ${lead.assignment_count} artigiani`}>
                        ×{lead.assignment_count}
                      </span>
                    ) : null}
                  </div>
                </TableCell>
                <TableCell>
                  <p className="truncate" title={lead.email}>
                    {lead.email}
                  </p>
                  <p className="truncate text-muted">{lead.phone ?? 'Telefono non fornito'}</p>
                </TableCell>
                <TableCell className="truncate" title={lead.service_name}>
                  {lead.service_name}
                  {lead.kind === 'contact' ? <span className="sr-only"> (contatto)</span> : null}
                </TableCell>
                <TableCell className="truncate" title={lead.location_label ?? undefined}>
                  {lead.location_label ?? 'Non specificata'}
                </TableCell>
                <TableCell>
                  <AttachmentBadge count={lead.attachment_count} />
                </TableCell>
                <TableCell>
                  <Actions lead={lead} onOpen={onOpen} onDelete={onDelete} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  )
}

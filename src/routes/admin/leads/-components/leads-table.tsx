import type { inferRouterOutputs } from '@trpc/server'
import { EyeIcon, PaperclipIcon, Trash2Icon } from 'lucide-react'
import type { AppRouter } from '#server/trpc/router.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { CardsOrTable, RowAction, RowActions } from '#src/components/admin/list-rows.tsx'
import { TableCell } from '#src/components/ui/table.tsx'
import { formatDateTime } from '#shared/italian-time.ts'
import { ANONYMISED_CONTACT } from '#shared/schemas/admin-leads.ts'
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
    <RowActions>
      <RowAction label={`Visualizza il preventivo di ${lead.full_name}`} icon={EyeIcon} onClick={() => onOpen(lead)} />
      <RowAction label={`Elimina il preventivo di ${lead.full_name}`} icon={Trash2Icon} danger onClick={() => onDelete(lead)} />
    </RowActions>
  )
}

const COLUMNS = [
  { label: 'Data richiesta', className: 'w-28 whitespace-normal' },
  { label: 'Nome completo', className: 'w-44' },
  { label: 'Email e telefono' },
  { label: 'Servizio', className: 'w-32' },
  { label: 'Località' },
  { label: 'Allegati', className: 'w-20' },
  { label: 'Azioni', className: 'w-28 text-right' },
]

/** docs/product.md §2.4 columns, the work state under the name. */
export function LeadsTable({ rows, onOpen, onDelete }: Props) {
  return (
    <CardsOrTable
      rows={rows}
      rowKey={(lead) => lead.id}
      label="Preventivi"
      card={(lead) => (
        <>
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
            {lead.email ? (
              <a className="text-brand-700 hover:underline" href={`mailto:${lead.email}`}>
                {lead.email}
              </a>
            ) : (
              <span className="text-muted">{ANONYMISED_CONTACT}</span>
            )}
            {lead.phone ? <span className="text-muted"> · {lead.phone}</span> : null}
          </p>
          <div className="flex items-center justify-between">
            <AttachmentBadge count={lead.attachment_count} />
            <Actions lead={lead} onOpen={onOpen} onDelete={onDelete} />
          </div>
        </>
      )}
      columns={COLUMNS}
      cells={(lead) => (
        <>
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
            <p className="truncate" title={lead.email || ANONYMISED_CONTACT}>
              {lead.email || ANONYMISED_CONTACT}
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
        </>
      )}
    />
  )
}

import type { inferRouterOutputs } from '@trpc/server'
import { EyeIcon, PaperclipIcon, Trash2Icon } from 'lucide-react'
import type { AppRouter } from '#server/trpc/router.ts'
import { CardsOrTable, DateTimeCell, RowAction, RowActions } from '#src/components/admin/list-rows.tsx'
import { TableCell } from '#src/components/ui/table.tsx'
import { formatDateTime } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { StatusBadge } from './status-badge.tsx'
import { shortPlace } from '#shared/text.ts'

export type LeadRow = inferRouterOutputs<AppRouter>['admin']['leads']['list']['rows'][number]

type Props = { rows: LeadRow[]; onOpen: (lead: LeadRow) => void; onDelete: (lead: LeadRow) => void }

/** A paperclip beside the name when the request came with files; the files themselves are in the dialog. */
function Attachments({ count }: { count: number }) {
  if (!count) return null
  const files = countOf(count, 'allegato', 'allegati')
  return (
    <span className="inline-flex items-center text-xs text-muted" role="img" aria-label={files} title={files}>
      <PaperclipIcon className="size-3.5" aria-hidden />
      {count}
    </span>
  )
}

/** How many of the craftsmen it stands offered to answered it, accepting or declining. */
function answers(lead: LeadRow): string {
  return lead.offered_count ? `${countOf(lead.answered_count, 'risposta', 'risposte')} su ${lead.offered_count}` : 'Non ancora offerto'
}

const place = (lead: LeadRow) => (lead.location_label ? shortPlace(lead.location_label) : 'Non specificata')

function Actions({ lead, onOpen, onDelete }: { lead: LeadRow } & Omit<Props, 'rows'>) {
  return (
    <RowActions>
      <RowAction label={`Visualizza il preventivo di ${lead.full_name}`} icon={EyeIcon} onClick={() => onOpen(lead)} />
      <RowAction label={`Elimina il preventivo di ${lead.full_name}`} icon={Trash2Icon} danger onClick={() => onDelete(lead)} />
    </RowActions>
  )
}

const COLUMNS = [
  { label: 'Ricevuta', className: 'w-28' },
  { label: 'Richiedente e stato', className: 'w-[24%]' },
  { label: 'Servizio', className: 'w-[18%]' },
  { label: 'Località' },
  { label: 'Risposte', className: 'w-32' },
  { label: 'Azioni', className: 'w-24 text-right' },
]

/**
 * A row says who asked and where the request stands, what, where, when, and how many craftsmen answered; contact
 * details, files and the rest are in the dialog. Texts wrap rather than being cut.
 */
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
              <p className="flex flex-wrap items-center gap-x-2 font-semibold break-words text-ink">
                {lead.full_name} <Attachments count={lead.attachment_count} />
              </p>
              <p className="text-xs text-muted">{formatDateTime(lead.created_at)}</p>
            </div>
            <StatusBadge status={lead.status} />
          </div>
          <p className="break-words">{lead.service_name}</p>
          <p className="break-words text-muted">{place(lead)}</p>
          <div className="flex items-center justify-between gap-2">
            <p className="text-muted">{answers(lead)}</p>
            <Actions lead={lead} onOpen={onOpen} onDelete={onDelete} />
          </div>
        </>
      )}
      columns={COLUMNS}
      cells={(lead) => (
        <>
          <DateTimeCell at={lead.created_at} />
          <TableCell>
            <p className="flex flex-wrap items-center gap-x-2 font-medium break-words">
              {lead.full_name} <Attachments count={lead.attachment_count} />
            </p>
            <div className="mt-1">
              <StatusBadge status={lead.status} />
            </div>
          </TableCell>
          <TableCell className="break-words">
            {lead.service_name}
            {lead.kind === 'contact' ? <span className="sr-only"> (contatto)</span> : null}
          </TableCell>
          <TableCell className="break-words">{place(lead)}</TableCell>
          <TableCell className="text-xs">{answers(lead)}</TableCell>
          <TableCell>
            <Actions lead={lead} onOpen={onOpen} onDelete={onDelete} />
          </TableCell>
        </>
      )}
    />
  )
}

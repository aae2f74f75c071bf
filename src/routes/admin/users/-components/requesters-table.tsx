import type { inferRouterOutputs } from '@trpc/server'
import { EyeIcon, FileDownIcon, Trash2Icon } from 'lucide-react'
import type { AppRouter } from '#server/trpc/router.ts'
import { EmailWithBreak } from '#src/components/admin/email-with-break.tsx'
import { CardsOrTable, DateTimeCell, RowAction, RowActions } from '#src/components/admin/list-rows.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { TableCell } from '#src/components/ui/table.tsx'
import { formatDateTime } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { shortPlace } from '#shared/text.ts'

export type RequesterRow = inferRouterOutputs<AppRouter>['admin']['requesters']['list']['rows'][number]

type Handlers = { onOpen: (row: RequesterRow) => void; onExport: (row: RequesterRow) => void; onErase: (row: RequesterRow) => void }

function Actions({ row, onOpen, onExport, onErase }: { row: RequesterRow } & Handlers) {
  return (
    <RowActions>
      <RowAction label={`Visualizza le richieste di ${row.email}`} icon={EyeIcon} onClick={() => onOpen(row)} />
      <RowAction label={`Esporta i dati di ${row.email}`} icon={FileDownIcon} onClick={() => onExport(row)} />
      <RowAction label={`Elimina tutti i dati di ${row.email}`} icon={Trash2Icon} danger onClick={() => onErase(row)} />
    </RowActions>
  )
}

const COLUMNS = [
  { label: 'Nome completo', className: 'w-36' },
  { label: 'Email e telefono' },
  { label: 'Ultima località' },
  { label: 'Ultima richiesta', className: 'w-28 whitespace-normal' },
  { label: 'Preventivi richiesti', className: 'w-24 text-right whitespace-normal leading-tight' },
  { label: 'Azioni', className: 'w-40 text-right' },
]

const place = (row: RequesterRow) => (row.last_location_label ? shortPlace(row.last_location_label) : 'Non specificata')

/** One row per e-mail (docs/product.md §2.4 users); texts wrap rather than being cut. */
export function RequestersTable({ rows, ...handlers }: { rows: RequesterRow[] } & Handlers) {
  return (
    <CardsOrTable
      rows={rows}
      rowKey={(row) => row.email_normalized}
      label="Utenti"
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 break-words font-semibold text-ink">{row.last_full_name}</p>
            <Badge variant="info">{countOf(row.lead_count, 'preventivo', 'preventivi')}</Badge>
          </div>
          <p className="[overflow-wrap:anywhere]">
            <EmailWithBreak email={row.email} />
          </p>
          <p className="break-words text-muted">
            {row.last_phone ?? 'Telefono non fornito'} · {place(row)}
          </p>
          <div className="flex items-center justify-between">
            <span className="text-xs text-muted">Ultima richiesta {formatDateTime(row.last_created_at)}</span>
            <Actions row={row} {...handlers} />
          </div>
        </>
      )}
      columns={COLUMNS}
      cells={(row) => (
        <>
          <TableCell className="break-words font-medium">{row.last_full_name}</TableCell>
          <TableCell className="[overflow-wrap:anywhere]">
            <p>
              <EmailWithBreak email={row.email} />
            </p>
            <p className="text-muted">{row.last_phone ?? 'Telefono non fornito'}</p>
          </TableCell>
          <TableCell className="break-words">{place(row)}</TableCell>
          <DateTimeCell at={row.last_created_at} />
          <TableCell className="text-right tabular-nums">{row.lead_count}</TableCell>
          <TableCell>
            <Actions row={row} {...handlers} />
          </TableCell>
        </>
      )}
    />
  )
}

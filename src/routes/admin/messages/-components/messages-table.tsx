import type { inferRouterOutputs } from '@trpc/server'
import { EyeIcon, Trash2Icon } from 'lucide-react'
import type { AppRouter } from '#server/trpc/router.ts'
import { CardsOrTable, DateTimeCell, RowAction, RowActions } from '#src/components/admin/list-rows.tsx'
import { TableCell } from '#src/components/ui/table.tsx'
import { cn } from '#src/lib/utils.ts'
import { formatDateTime } from '#shared/italian-time.ts'
import { MessageStateBadge } from './message-state.tsx'

export type MessageRow = inferRouterOutputs<AppRouter>['admin']['messages']['list']['rows'][number]

type Handlers = { onOpen: (row: MessageRow) => void; onDelete: (row: MessageRow) => void }

function Actions({ row, onOpen, onDelete }: { row: MessageRow } & Handlers) {
  return (
    <RowActions>
      <RowAction label={`Leggi il messaggio di ${row.full_name}`} icon={EyeIcon} onClick={() => onOpen(row)} />
      <RowAction label={`Elimina il messaggio di ${row.full_name}`} icon={Trash2Icon} danger onClick={() => onDelete(row)} />
    </RowActions>
  )
}

/** The subject, in bold while the message is still to read, and the start of the text. */
function Subject({ row }: { row: MessageRow }) {
  return (
    <>
      <p className={cn('truncate', row.read_at ? 'text-ink' : 'font-semibold text-ink')} title={row.subject}>
        {row.read_at ? null : <span className="sr-only">Da leggere: </span>}
        {row.subject}
      </p>
      <p className="truncate text-muted" title={row.excerpt}>
        {row.excerpt}
      </p>
    </>
  )
}

const COLUMNS = [
  { label: 'Ricevuto', className: 'w-28 whitespace-normal' },
  { label: 'Da', className: 'w-56' },
  { label: 'Oggetto e messaggio' },
  { label: 'Stato', className: 'w-28' },
  { label: 'Azioni', className: 'w-28 text-right' },
]

/** The messages of /contattaci, newest first; one still to read stands out. */
export function MessagesTable({ rows, ...handlers }: { rows: MessageRow[] } & Handlers) {
  return (
    <CardsOrTable
      rows={rows}
      rowKey={(row) => row.id}
      label="Messaggi"
      rowClassName={(row) => (row.read_at ? undefined : 'bg-amber-50/60')}
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 truncate font-semibold text-ink">{row.full_name}</p>
            <MessageStateBadge message={row} />
          </div>
          <Subject row={row} />
          <div className="flex items-center justify-between">
            <span className="text-xs text-muted">{formatDateTime(row.created_at)}</span>
            <Actions row={row} {...handlers} />
          </div>
        </>
      )}
      columns={COLUMNS}
      cells={(row) => (
        <>
          <DateTimeCell at={row.created_at} />
          <TableCell>
            <p className="truncate font-medium" title={row.full_name}>
              {row.full_name}
            </p>
            <p className="truncate text-muted" title={row.email}>
              {row.email}
            </p>
          </TableCell>
          <TableCell>
            <Subject row={row} />
          </TableCell>
          <TableCell>
            <MessageStateBadge message={row} />
          </TableCell>
          <TableCell>
            <Actions row={row} {...handlers} />
          </TableCell>
        </>
      )}
    />
  )
}

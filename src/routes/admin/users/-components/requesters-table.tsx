import type { inferRouterOutputs } from '@trpc/server'
import { EyeIcon, FileDownIcon, Trash2Icon } from 'lucide-react'
import type { AppRouter } from '#server/trpc/router.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#src/components/ui/table.tsx'
import { formatDateTime } from '#src/lib/format-date.ts'

export type RequesterRow = inferRouterOutputs<AppRouter>['admin']['requesters']['list']['rows'][number]

type Handlers = { onOpen: (row: RequesterRow) => void; onExport: (row: RequesterRow) => void; onErase: (row: RequesterRow) => void }

function Actions({ row, onOpen, onExport, onErase }: { row: RequesterRow } & Handlers) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Visualizza le richieste di ${row.email}`} onClick={() => onOpen(row)}>
        <EyeIcon aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Esporta i dati di ${row.email}`} onClick={() => onExport(row)}>
        <FileDownIcon aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-red-700 hover:bg-red-50"
        aria-label={`Elimina tutti i dati di ${row.email}`}
        onClick={() => onErase(row)}
      >
        <Trash2Icon aria-hidden />
      </Button>
    </div>
  )
}

/** One row per e-mail (docs/product.md §2.4 users); cards below 1280 px, where the table would not fit beside the sidebar. */
export function RequestersTable({ rows, ...handlers }: { rows: RequesterRow[] } & Handlers) {
  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2 xl:hidden" aria-label="Utenti">
        {rows.map((row) => (
          <li key={row.email_normalized} className="grid gap-1 rounded-lg border border-gray-200 p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 truncate font-semibold text-ink">{row.last_full_name}</p>
              <Badge variant="info">{row.lead_count === 1 ? '1 preventivo' : `${row.lead_count} preventivi`}</Badge>
            </div>
            <p className="truncate">{row.email}</p>
            <p className="truncate text-muted">
              {row.last_phone ?? 'Telefono non fornito'} · {row.last_location_label ?? 'Non specificata'}
            </p>
            <div className="flex items-center justify-between">
              <span className="text-xs text-muted">Ultima richiesta {formatDateTime(row.last_created_at)}</span>
              <Actions row={row} {...handlers} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden xl:block">
        <Table className="table-fixed">
          <TableHeader>
            <TableRow>
              <TableHead className="w-36">Nome completo</TableHead>
              <TableHead>Email e telefono</TableHead>
              <TableHead>Ultima località</TableHead>
              <TableHead className="w-28 whitespace-normal">Ultima richiesta</TableHead>
              <TableHead className="w-24 text-right whitespace-normal leading-tight">Preventivi richiesti</TableHead>
              <TableHead className="w-40 text-right">Azioni</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.email_normalized}>
                <TableCell className="truncate font-medium" title={row.last_full_name}>
                  {row.last_full_name}
                </TableCell>
                <TableCell>
                  <p className="truncate" title={row.email}>
                    {row.email}
                  </p>
                  <p className="truncate text-muted">{row.last_phone ?? 'Telefono non fornito'}</p>
                </TableCell>
                <TableCell className="truncate" title={row.last_location_label ?? undefined}>
                  {row.last_location_label ?? 'Non specificata'}
                </TableCell>
                <TableCell className="whitespace-pre-line text-xs leading-tight">{formatDateTime(row.last_created_at).replace(', ', '\n')}</TableCell>
                <TableCell className="text-right tabular-nums">{row.lead_count}</TableCell>
                <TableCell>
                  <Actions row={row} {...handlers} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  )
}

import type { LucideIcon } from 'lucide-react'
import type { Key, ReactNode } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#src/components/ui/table.tsx'
import { cn } from '#src/lib/utils.ts'
import { formatDateTime } from '#shared/italian-time.ts'

type Column = { label: string; className?: string }

type Props<Row> = {
  rows: Row[]
  rowKey: (row: Row) => Key
  /** The accessible name of the list of cards. */
  label: string
  card: (row: Row) => ReactNode
  columns: Column[]
  cells: (row: Row) => ReactNode
  /** A row (or card) that should stand out, e.g. one waiting for review. */
  rowClassName?: (row: Row) => string | undefined
  /** True while newer rows are being loaded. */
  busy?: boolean
}

/**
 * Rows as cards below 1280 px, where the table would not fit beside the sidebar, and as a table from there up. The
 * table's layout is fixed: its columns share the box's width, so status and actions never go off-screen; the columns
 * give the narrow ones a width and let the cells that may be long truncate or wrap.
 */
export function CardsOrTable<Row>({ rows, rowKey, label, card, columns, cells, rowClassName, busy }: Props<Row>) {
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:hidden" aria-label={label} aria-busy={busy}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={cn('grid grid-cols-1 content-start gap-1 rounded-lg border border-gray-200 p-3 text-sm', rowClassName?.(row))}>
            {card(row)}
          </li>
        ))}
      </ul>
      <div className="hidden xl:block">
        <Table className="table-fixed" aria-busy={busy}>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={column.label} className={column.className}>
                  {column.label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)} className={rowClassName?.(row)}>
                {cells(row)}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  )
}

/** A row's date and time in a table cell, the day above the hour. */
export function DateTimeCell({ at }: { at: string }) {
  return <TableCell className="whitespace-pre-line text-xs leading-tight">{formatDateTime(at).replace(', ', '\n')}</TableCell>
}

/** The icon buttons at the end of a row; `label` says what the button does and to whom. */
export function RowAction({ label, icon: Icon, danger = false, onClick }: { label: string; icon: LucideIcon; danger?: boolean; onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" className={danger ? 'text-red-700 hover:bg-red-50' : undefined} aria-label={label} onClick={onClick}>
      <Icon aria-hidden />
    </Button>
  )
}

export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-1">{children}</div>
}

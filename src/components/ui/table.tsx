import type * as React from 'react'
import { cn } from '#src/lib/utils.ts'
import { slotted } from './slotted.ts'

/** The table in a container that scrolls sideways, so a wide table never widens the page. */
function Table({ className, ...props }: React.ComponentProps<'table'>) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto">
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  )
}
const TableHeader = slotted('thead', 'table-header', '[&_tr]:border-b')
const TableBody = slotted('tbody', 'table-body', '[&_tr:last-child]:border-0')
const TableRow = slotted('tr', 'table-row', 'border-b border-gray-200 hover:bg-gray-50')
const TableHead = slotted('th', 'table-head', 'h-10 px-3 text-left align-middle font-semibold whitespace-nowrap text-muted')
const TableCell = slotted('td', 'table-cell', 'px-3 py-2 align-middle')
const TableCaption = slotted('caption', 'table-caption', 'mt-4 text-sm text-muted')

export { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow }

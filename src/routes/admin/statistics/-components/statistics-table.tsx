import { ArrowDownIcon, ArrowUpIcon, DownloadIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { csvLine } from '#shared/csv.ts'
import { italianNumber } from '#shared/plural.ts'

export type StatisticsRow = { key: string; label: string; visits: number; requests: number; costCents?: number | null }

/** Rows shown before 'Mostra tutte': the CSV always holds them all. */
const SHOWN_ROWS = 10

type SortKey = 'label' | 'visits' | 'requests' | 'rate' | 'cost' | 'costPerRequest'

const percent = new Intl.NumberFormat('it-IT', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' })

/** Requests per visit; null without visits (a request can come from a page visited before the period). */
export const conversion = (row: { visits: number; requests: number }) => (row.visits ? row.requests / row.visits : null)
const costPerRequest = (row: StatisticsRow) => (row.costCents != null && row.requests ? row.costCents / row.requests : null)

function value(row: StatisticsRow, key: SortKey): string | number | null {
  if (key === 'label') return row.label
  if (key === 'rate') return conversion(row)
  if (key === 'cost') return row.costCents ?? null
  if (key === 'costPerRequest') return costPerRequest(row)
  return row[key]
}

/** A table of the Statistiche screen: sortable by each column (click its heading), with its CSV. */
export function StatisticsTable({
  title,
  labelHeading,
  rows,
  file,
  withCosts = false,
}: {
  title: string
  labelHeading: string
  rows: StatisticsRow[]
  /** The CSV's file name, without extension. */
  file: string
  withCosts?: boolean
}) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'visits', descending: true })
  const [all, setAll] = useState(false)
  const columns: Array<{ key: SortKey; label: string; numeric: boolean }> = [
    { key: 'label', label: labelHeading, numeric: false },
    { key: 'visits', label: 'Visite', numeric: true },
    { key: 'requests', label: 'Richieste', numeric: true },
    { key: 'rate', label: 'Conversione', numeric: true },
    ...(withCosts
      ? [
          { key: 'cost' as const, label: 'Costo', numeric: true },
          { key: 'costPerRequest' as const, label: 'Costo per richiesta', numeric: true },
        ]
      : []),
  ]
  const sorted = [...rows].sort((a, b) => {
    const [x, y] = [value(a, sort.key), value(b, sort.key)]
    // Empty cells last, whichever the direction.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1
    const order = typeof x === 'string' ? x.localeCompare(String(y), 'it') : x - (y as number)
    return sort.descending ? -order : order
  })
  const cell = (row: StatisticsRow, key: SortKey): string => {
    const v = value(row, key)
    if (v === null) return '—'
    if (key === 'rate') return percent.format(v as number)
    if (key === 'cost' || key === 'costPerRequest') return euro.format((v as number) / 100)
    return typeof v === 'number' ? italianNumber.format(v) : v
  }
  const csv = () =>
    `\uFEFF${csvLine(columns.map((column) => column.label))}${sorted
      .map((row) =>
        csvLine(
          columns.map(({ key }) => {
            const v = value(row, key)
            if (v === null) return ''
            if (key === 'rate') return ((v as number) * 100).toFixed(1).replace('.', ',')
            if (key === 'cost' || key === 'costPerRequest') return ((v as number) / 100).toFixed(2).replace('.', ',')
            return v
          }),
        ),
      )
      .join('')}`
  const download = () => {
    const url = URL.createObjectURL(new Blob([csv()], { type: 'text/csv;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `${file}.csv`
    link.click()
    URL.revokeObjectURL(url)
  }
  const headingId = `stats-${file}`

  return (
    <section aria-labelledby={headingId} className="grid content-start gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          {title}
        </h2>
        <Button variant="outline" size="sm" onClick={download} disabled={!rows.length} aria-label={`Esporta CSV: ${title}`}>
          <DownloadIcon aria-hidden /> CSV
        </Button>
      </div>
      {rows.length ? (
        // Wide tables scroll inside their box on a phone; the page itself never does.
        <div className="overflow-x-auto">
          <table className="w-full min-w-[28rem] text-sm">
            <thead>
              <tr className="border-b border-gray-200 text-left">
                {columns.map((column) => {
                  const active = sort.key === column.key
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                      className={`py-2 pr-3 font-medium text-muted ${column.numeric ? 'text-right' : ''}`}
                    >
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 hover:text-ink"
                        onClick={() => setSort({ key: column.key, descending: active ? !sort.descending : column.numeric })}
                      >
                        {column.label}
                        {active ? (
                          sort.descending ? (
                            <ArrowDownIcon className="size-3.5" aria-hidden />
                          ) : (
                            <ArrowUpIcon className="size-3.5" aria-hidden />
                          )
                        ) : null}
                      </button>
                    </th>
                  )
                })}
              </tr>
            </thead>
            <tbody>
              {(all ? sorted : sorted.slice(0, SHOWN_ROWS)).map((row) => (
                <tr key={row.key} className="border-b border-gray-100 last:border-0">
                  {columns.map(({ key, numeric }) =>
                    key === 'label' ? (
                      <th key={key} scope="row" className="max-w-[16rem] break-words py-2 pr-3 text-left font-normal text-ink">
                        {row.label}
                      </th>
                    ) : (
                      <td key={key} className={`py-2 pr-3 tabular-nums ${numeric ? 'text-right' : ''}`}>
                        {cell(row, key)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {sorted.length > SHOWN_ROWS ? (
            <Button variant="ghost" size="sm" className="mt-2" aria-expanded={all} onClick={() => setAll(!all)}>
              {all ? 'Mostra le prime 10 righe' : `Mostra tutte le ${italianNumber.format(sorted.length)} righe`}
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted">Nessuna visita né richiesta nel periodo.</p>
      )}
    </section>
  )
}

import writeXlsxFile, { type Row } from 'write-excel-file/node'

/** A column of a sheet: its heading and its width in characters. */
export type SheetColumn = { heading: string; width: number }

/**
 * An .xlsx workbook of one sheet whose every cell is text (a shared string), the headings bold and kept in view: what a
 * visitor typed is shown as typed, and a value such as `=HYPERLINK(...)` is never a formula, so nothing needs an
 * apostrophe as in the CSV (docs/decisions/049-the-leads-spreadsheet.md). Numbers stay numbers.
 */
export async function textWorkbook(sheet: string, columns: SheetColumn[], rows: Array<Array<string | number | null>>): Promise<Buffer> {
  const data: Row[] = [
    columns.map(({ heading }) => ({ value: heading, type: String, fontWeight: 'bold' })),
    ...rows.map((row) =>
      row.map((value) => (value === null || value === '' ? null : typeof value === 'number' ? { value, type: Number } : { value, type: String })),
    ),
  ]
  return await writeXlsxFile(data, { sheet, columns: columns.map(({ width }) => ({ width })), stickyRowsCount: 1 }).toBuffer()
}

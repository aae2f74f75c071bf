const FORMULA_START = /^[=+\-@\t\r]/

/** One CSV cell: formulas neutralised with a leading apostrophe, quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV line as Italian spreadsheets read it: cells separated by ';', ended by CRLF. */
export const csvLine = (cells: Array<string | number | null | undefined>) => `${cells.map(csvCell).join(';')}\r\n`

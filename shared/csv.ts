/** What a spreadsheet reads as the start of a formula (OWASP's CSV injection list): such a cell gets a leading apostrophe. */
export const FORMULA_START = /^[=+\-@\t\r]/
// A phone number as the forms take it, digits and spaces after an optional '+': no formula can be written with these, and
// an apostrophe would only show up in the cell ('+39 333 ...).
const PLAIN_NUMBER = /^\+?[0-9 ]+$/

/** One CSV cell: formulas neutralised with a leading apostrophe, quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV line as Italian spreadsheets read it: cells separated by ';', ended by CRLF. */
export const csvLine = (cells: Array<string | number | null | undefined>) => `${cells.map(csvCell).join(';')}\r\n`

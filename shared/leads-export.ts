import { italianNumber } from './plural.ts'

// The spreadsheet is built whole in memory (write-excel-file), unlike the CSV, which streams: it is bounded in rows and in
// text so that the server's 160 MB heap and its event loop stay safe (docs/decisions/049-the-leads-spreadsheet.md).
export const XLSX_MAX_ROWS = 5000
export const XLSX_MAX_CHARACTERS = 5_000_000

export const XLSX_TOO_BIG = `Troppe richieste per un file Excel (al massimo ${italianNumber.format(XLSX_MAX_ROWS)}, meno se i testi sono lunghi): restringi la ricerca con i filtri, ad esempio il periodo, o scarica il CSV, che le contiene tutte.`
export const XLSX_BUSY = 'È già in preparazione un altro file Excel: riprova tra qualche secondo.'

// Builds one workbook off the server's event loop (docs/decisions/049-the-leads-spreadsheet.md) and hands it back transferred.
import { parentPort, workerData } from 'node:worker_threads'
import { textWorkbook, type WorkbookJob } from './xlsx.ts'

const { sheet, columns, rows } = workerData as WorkbookJob
const file = await textWorkbook(sheet, columns, rows)
// A Buffer may be a view into a larger pool: only an ArrayBuffer of the file's own can be transferred.
const bytes = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength ? (file.buffer as ArrayBuffer) : new Uint8Array(file).buffer
parentPort!.postMessage(bytes, [bytes])

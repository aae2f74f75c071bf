import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'
import writeXlsxFile, { type Row } from 'write-excel-file/node'

/** A column of a sheet: its heading and its width in characters. */
export type SheetColumn = { heading: string; width: number }

type Cell = string | number | null

/** What the worker (xlsx-worker.ts) is given to build: one sheet. */
export type WorkbookJob = { sheet: string; columns: SheetColumn[]; rows: Cell[][] }

/**
 * An .xlsx workbook of one sheet whose every cell is text (a shared string), the headings bold and kept in view: what a
 * visitor typed is shown as typed, and a value such as `=HYPERLINK(...)` is never a formula, so nothing needs an
 * apostrophe as in the CSV (docs/decisions/049-the-leads-spreadsheet.md). Numbers stay numbers.
 */
export async function textWorkbook(sheet: string, columns: SheetColumn[], rows: Cell[][]): Promise<Buffer> {
  const data: Row[] = [
    columns.map(({ heading }) => ({ value: heading, type: String, fontWeight: 'bold' })),
    ...rows.map((row) =>
      row.map((value) => (value === null || value === '' ? null : typeof value === 'number' ? { value, type: Number } : { value, type: String })),
    ),
  ]
  return await writeXlsxFile(data, { sheet, columns: columns.map(({ width }) => ({ width })), stickyRowsCount: 1 }).toBuffer()
}

/** Starts the workbook worker with these options: the built file, or the TypeScript source through tsx. */
export type StartWorkbookWorker = (options: WorkerOptions) => Worker

/** The built worker, dist/server/workers/xlsx.js (vite.config.ts, SERVER_ENTRIES): what the production server starts. */
export const builtWorkbookWorker =
  (file: string): StartWorkbookWorker =>
  (options) =>
    new Worker(file, options)

/**
 * The worker from its source, for the tests' in-process app and `npm run dev`: Node 20 does not apply `--import tsx` in
 * a worker's execArgv to the worker's own module, so a one-line bootstrap registers tsx in the worker and then imports it.
 */
export function workbookWorkerFromSource(): StartWorkbookWorker {
  const tsx = import.meta.resolve('tsx/esm/api')
  const file = pathToFileURL(path.join(import.meta.dirname, 'xlsx-worker.ts')).href
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(file)}) })`
  return (options) => new Worker(bootstrap, { ...options, eval: true })
}

/** Why a workbook could not be built: its worker failed (threw, ran out of memory, exited) or took too long. */
export class WorkbookWorkerFailure extends Error {
  constructor(
    readonly reason: 'crashed' | 'timed out',
    /** The error's code (ERR_WORKER_OUT_OF_MEMORY...) or the exit code: never its message, which may quote a cell. */
    readonly code: string | number | undefined,
  ) {
    super(`the workbook worker ${reason}`)
  }
}

// 5,000 rows with 1,000 characters each build within a 48 MB heap (decision 049): room for twice that, not for a runaway.
const WORKER_HEAP_MB = 128

/**
 * textWorkbook in a worker thread of its own, ended after the file: the server's event loop keeps answering while it is
 * built (up to about a second at the limits). The rows are copied to the worker once, the file comes back transferred.
 */
export function textWorkbookInWorker(startWorker: StartWorkbookWorker, job: WorkbookJob, timeoutMs = 60_000): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const worker = startWorker({ workerData: job, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
    let settled = false
    const settle = (result: Uint8Array<ArrayBuffer> | WorkbookWorkerFailure) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      if (result instanceof WorkbookWorkerFailure) reject(result)
      else resolve(result)
    }
    const timer = setTimeout(() => settle(new WorkbookWorkerFailure('timed out', undefined)), timeoutMs)
    worker.once('message', (file: ArrayBuffer) => settle(new Uint8Array(file)))
    worker.once('error', (error: Error & { code?: string }) => settle(new WorkbookWorkerFailure('crashed', error.code ?? error.name)))
    worker.once('exit', (code) => settle(new WorkbookWorkerFailure('crashed', code)))
  })
}

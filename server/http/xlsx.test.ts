import { Worker } from 'node:worker_threads'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { type StartWorkbookWorker, textWorkbookInWorker, WorkbookWorkerFailure, workbookWorkerFromSource } from './xlsx.ts'

const job = { sheet: 'Preventivi', columns: [{ heading: 'Nome', width: 10 }], rows: [['=1+1'], [null]] }

/** A stand-in worker given as code, for the ways a worker can fail. */
const workerRunning =
  (code: string): StartWorkbookWorker =>
  (options) =>
    new Worker(code, { ...options, eval: true })

describe('textWorkbookInWorker', () => {
  it('builds the workbook in the worker from its source and hands the file back', async () => {
    const file = await textWorkbookInWorker(workbookWorkerFromSource(), job)
    const files = unzipSync(file)
    expect(strFromU8(files['xl/sharedStrings.xml']!)).toContain('=1+1')
  })

  it('says the worker crashed with the error code only, never its message, which may quote a cell', async () => {
    const failure = await textWorkbookInWorker(workerRunning('throw new TypeError("anna@example.com")'), job).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(WorkbookWorkerFailure)
    expect(failure).toMatchObject({ reason: 'crashed', code: 'TypeError', message: 'the workbook worker crashed' })
  })

  it('says the worker crashed when it ends without a file', async () => {
    const failure = await textWorkbookInWorker(workerRunning('process.exit(3)'), job).catch((error: unknown) => error)
    expect(failure).toMatchObject({ reason: 'crashed', code: 3 })
  })

  it('stops a worker that does not answer within its time', async () => {
    const failure = await textWorkbookInWorker(workerRunning('setInterval(() => {}, 1000)'), job, 50).catch((error: unknown) => error)
    expect(failure).toMatchObject({ reason: 'timed out', code: undefined })
  })
})

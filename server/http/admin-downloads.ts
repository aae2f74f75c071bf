import { type Context as HonoContext, Hono } from 'hono'
import type { DB } from '#db/client.ts'
import type { LeadStatus } from '#shared/enums.ts'
import { XLSX_BUSY, XLSX_MAX_CHARACTERS, XLSX_MAX_ROWS, XLSX_TOO_BIG } from '#shared/leads-export.ts'
import { LEAD_STATUS_LABELS, leadFiltersSchema } from '#shared/schemas/admin-leads.ts'
import { opensInBrowser } from '#shared/schemas/attachments.ts'
import { INTERNAL_ERROR_MESSAGE, RETRY_AFTER_SECONDS } from '../faults.ts'
import type { Logger } from '../logger.ts'
import { findAttachment, iterateLeadsForExport, type LeadExportRow } from '../repositories/admin-leads.ts'
import { campaignReportRows, REPORT_FIGURES, type ReportFigure } from '../repositories/mail-feedback.ts'
import { findNewsletterJobSummary } from '../repositories/newsletter-jobs.ts'
import { leadComune } from '../repositories/matching.ts'
import type { SessionUser } from '../trpc/init.ts'
import { type StartWorkbookWorker, textWorkbookInWorker, WorkbookWorkerFailure } from './xlsx.ts'
import { csvLine } from '#shared/csv.ts'
import { answerLines, answersText, timingLabel } from '#shared/catalog/questions.ts'
import { formatDateTime } from '#shared/italian-time.ts'

type Deps = {
  db: DB
  logger: Logger
  /** Who is signed in; a refreshed session cookie goes into responseHeaders. */
  sessionUser: (c: HonoContext, responseHeaders: Headers) => Promise<SessionUser | null>
  /** Starts the worker thread that builds a spreadsheet (http/xlsx.ts). */
  workbookWorker: StartWorkbookWorker
}

const UNAUTHORIZED = 'Accesso riservato agli amministratori.'

type Cell = string | number | null

/** The columns of both exports, with the labels the screens show (a status reads 'Sopralluogo fissato', not its key). */
const COLUMNS: Array<{ heading: string; width: number; cell: (lead: LeadExportRow) => Cell }> = [
  { heading: 'ID', width: 8, cell: (l) => l.id },
  { heading: 'Data richiesta', width: 16, cell: (l) => formatDateTime(l.created_at) },
  { heading: 'Tipo', width: 11, cell: (l) => (l.kind === 'quote' ? 'Preventivo' : 'Contatto') },
  { heading: 'Nome completo', width: 24, cell: (l) => l.full_name },
  { heading: 'Email', width: 28, cell: (l) => l.email },
  { heading: 'Telefono', width: 18, cell: (l) => l.phone },
  { heading: 'Servizio', width: 22, cell: (l) => l.service_name },
  { heading: 'Oggetto', width: 22, cell: (l) => l.subject },
  // The street and the comune apart; a lead sent before the street was asked shows its place's label, as it did.
  { heading: 'Indirizzo', width: 28, cell: (l) => l.street ?? l.location_label },
  { heading: 'Comune', width: 20, cell: (l) => leadComune(l)?.name ?? null },
  { heading: 'Descrizione', width: 50, cell: (l) => l.description },
  { heading: 'Stato', width: 18, cell: (l) => LEAD_STATUS_LABELS[l.status as LeadStatus] ?? l.status },
  { heading: 'Note interne', width: 40, cell: (l) => l.notes },
  { heading: 'Pagina di provenienza', width: 40, cell: (l) => l.from_page },
  { heading: 'utm_source', width: 14, cell: (l) => l.utm_source },
  { heading: 'utm_medium', width: 14, cell: (l) => l.utm_medium },
  { heading: 'utm_campaign', width: 18, cell: (l) => l.utm_campaign },
  { heading: 'utm_term', width: 14, cell: (l) => l.utm_term },
  { heading: 'utm_content', width: 14, cell: (l) => l.utm_content },
  // The questionnaire (shared/catalog/questions.ts) in its words: "Quando", then a "Domanda: risposta" line per answer.
  { heading: 'Quando', width: 18, cell: (l) => timingLabel(l.timing) },
  { heading: 'Risposte', width: 50, cell: (l) => answersText(answerLines(l.service_id, l.answers)) || null },
]
const cellsOf = (lead: LeadExportRow) => COLUMNS.map(({ cell }) => cell(lead))

/** RFC 6266 filename parameters: an ASCII fallback and the exact UTF-8 name; `inline` shows the file in the tab instead of saving it. */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * A file a visitor uploaded, shown on our origin: a sandbox with no script and nothing loaded but itself. Chromium's
 * PDF viewer works under it in a tab of its own (tests/e2e/admin-leads-work-a-lead.test.ts), and needs inline styles.
 */
const UPLOADED_FILE_POLICY = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"

/** Downloads of the back office that are files rather than tRPC answers: lead attachments, the leads CSV and spreadsheet. */
export function createAdminDownloadRoutes({ db, logger, sessionUser, workbookWorker }: Deps) {
  const app = new Hono()

  app.use('/admin/attachments/*', async (c, next) => guard(c, next))
  app.use('/admin/export/*', async (c, next) => guard(c, next))

  async function guard(c: HonoContext, next: () => Promise<void>) {
    const responseHeaders = new Headers()
    const user = await sessionUser(c, responseHeaders)
    for (const [key, value] of responseHeaders) c.header(key, value, { append: true })
    c.header('Cache-Control', 'private, no-store')
    if (!user) return c.text(UNAUTHORIZED, 401)
    await next()
  }

  app.get('/admin/attachments/:id', async (c) => {
    const id = Number(c.req.param('id'))
    const file = Number.isSafeInteger(id) && id > 0 ? await findAttachment(db, id) : undefined
    if (!file) return c.text('Allegato non trovato.', 404)
    c.header('Content-Type', file.content_type)
    c.header('Content-Disposition', contentDisposition(file.file_name, opensInBrowser(file.content_type) ? 'inline' : 'attachment'))
    c.header('Content-Security-Policy', UPLOADED_FILE_POLICY)
    c.header('Content-Length', String(file.content.length))
    return c.body(new Uint8Array(file.content.buffer as ArrayBuffer, file.content.byteOffset, file.content.byteLength))
  })

  app.get('/admin/export/leads.csv', (c) => {
    const filters = leadFiltersSchema.parse(c.req.query())
    const chunks = iterateLeadsForExport(db, filters)
    const encoder = new TextEncoder()
    let started = false
    let rows = 0
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (!started) {
            started = true
            // The byte-order mark tells Excel the file is UTF-8.
            controller.enqueue(encoder.encode(`\uFEFF${csvLine(COLUMNS.map(({ heading }) => heading))}`))
            return
          }
          const next = await chunks.next()
          if (next.done) {
            logger.info({ rows }, 'leads exported as CSV')
            controller.close()
            return
          }
          rows += next.value.length
          controller.enqueue(encoder.encode(next.value.map((lead) => csvLine(cellsOf(lead))).join('')))
        } catch (error) {
          logger.error({ err: error }, 'leads CSV export failed')
          controller.error(error)
        }
      },
      async cancel() {
        await chunks.return(undefined)
      },
    })
    const day = new Date().toISOString().slice(0, 10)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', contentDisposition(`preventivi-${day}.csv`))
    return c.body(stream)
  })

  // One workbook at a time: each holds its rows in memory while it is built.
  let buildingWorkbook = false
  app.get('/admin/export/leads.xlsx', async (c) => {
    const filters = leadFiltersSchema.parse(c.req.query())
    if (buildingWorkbook) return c.text(XLSX_BUSY, 503, { 'Retry-After': '5' })
    buildingWorkbook = true
    try {
      const rows: Cell[][] = []
      let characters = 0
      for await (const chunk of iterateLeadsForExport(db, filters)) {
        for (const lead of chunk) {
          const cells = cellsOf(lead)
          for (const cell of cells) characters += typeof cell === 'string' ? cell.length : 0
          rows.push(cells)
        }
        if (rows.length > XLSX_MAX_ROWS || characters > XLSX_MAX_CHARACTERS) {
          logger.info({ rows: rows.length, characters }, 'leads XLSX export refused: too large, the CSV has no limit')
          return c.text(XLSX_TOO_BIG, 400)
        }
      }
      logger.info({ rows: rows.length, characters }, 'building the leads XLSX in a worker thread')
      let file: Uint8Array<ArrayBuffer>
      try {
        file = await textWorkbookInWorker(workbookWorker, { sheet: 'Preventivi', columns: COLUMNS.map(({ heading, width }) => ({ heading, width })), rows })
      } catch (error) {
        if (!(error instanceof WorkbookWorkerFailure)) throw error
        logger.error({ reason: error.reason, code: error.code, rows: rows.length }, `leads XLSX export failed: its worker ${error.reason}`)
        // A worker out of time says the machine is busy (try again later), one that crashed a fault of ours.
        return error.reason === 'timed out'
          ? c.text(INTERNAL_ERROR_MESSAGE, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS) })
          : c.text(INTERNAL_ERROR_MESSAGE, 500)
      }
      logger.info({ rows: rows.length, bytes: file.length }, 'leads exported as XLSX')
      c.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      c.header('Content-Disposition', contentDisposition(`preventivi-${new Date().toISOString().slice(0, 10)}.xlsx`))
      c.header('Content-Length', String(file.length))
      return c.body(file)
    } finally {
      buildingWorkbook = false
    }
  })

  app.get('/admin/export/newsletter/:file', async (c) => {
    const match = /^(\d{1,12})\.csv$/.exec(c.req.param('file'))
    const figure = (c.req.query('figure') ?? 'recipients') as ReportFigure
    if (!match || !REPORT_FIGURES.includes(figure)) return c.text('Esportazione non valida.', 400)
    const jobId = Number(match[1])
    const rows = await campaignReportRows(db, jobId, figure)
    if (rows.length === 0 && !(await findNewsletterJobSummary(db, jobId))) return c.text('Campagna non trovata.', 404)
    const at = (iso: string | null) => (iso ? formatDateTime(iso) : '')
    const lines = rows.map((row) =>
      csvLine([
        row.email,
        row.name,
        DELIVERY_LABELS[row.status] ?? row.status,
        at(row.sent_at),
        at(row.delivered_at),
        at(row.bounced_at),
        at(row.complained_at),
        at(row.unsubscribed_at),
        at(row.opened_at),
        at(row.clicked_at),
        row.status === 'failed' || row.status === 'skipped' ? row.last_error : '',
      ]),
    )
    logger.info({ jobId, figure, rows: rows.length }, 'newsletter report exported as CSV')
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', contentDisposition(`campagna-${jobId}-${figure}.csv`))
    return c.body(`\uFEFF${csvLine(REPORT_COLUMNS)}${lines.join('')}`)
  })

  return app
}

const REPORT_COLUMNS = ['Email', 'Nome', 'Esito', 'Inviata', 'Consegnata', 'Rimbalzata', 'Segnalata come spam', 'Disiscritto', 'Aperta', 'Cliccata', 'Motivo']
const DELIVERY_LABELS: Record<string, string> = {
  pending: 'In coda',
  sending: 'In invio',
  sent: 'Inviata',
  unconfirmed: 'Non confermata',
  failed: 'Non riuscita',
  skipped: 'Esclusa',
}

import { HTTPException } from 'hono/http-exception'
import type { DB } from '#db/client.ts'
import type { Logger } from './logger.ts'
import { escapeHtml, plainPage } from './http/plain-page.ts'
import { checkDatabase, probeDatabaseWrite } from './repositories/health.ts'
import { procedureErrorResponse } from './trpc/error-response.ts'

/** What a visitor reads when the database cannot store anything: nothing was saved, try again later. */
export const UNAVAILABLE_MESSAGE = 'Il servizio non è momentaneamente disponibile: la tua richiesta non è stata salvata. Riprova tra qualche minuto.'
/** What a visitor reads for any other failure on our side. */
export const INTERNAL_ERROR_MESSAGE = 'Si è verificato un errore imprevisto. Riprova tra qualche minuto.'
/** Seconds a client is asked to wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 60

export type DatabaseFault = { kind: 'full' | 'read-only' | 'locked' | 'io' | 'unreadable'; code: string; message: string }

// SQLite's primary result codes that say the file cannot take writes now, not that the request was wrong.
const KINDS: [prefix: string, kind: DatabaseFault['kind']][] = [
  ['SQLITE_FULL', 'full'],
  ['SQLITE_READONLY', 'read-only'],
  ['SQLITE_BUSY', 'locked'],
  ['SQLITE_LOCKED', 'locked'],
  ['SQLITE_IOERR', 'io'],
  ['SQLITE_CANTOPEN', 'io'],
  ['SQLITE_PROTOCOL', 'locked'],
]

/** The database fault behind an error (its own code or any of its causes), or null for every other error. */
export function databaseFault(error: unknown): DatabaseFault | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code !== 'string') continue
    const match = KINDS.find(([prefix]) => code === prefix || code.startsWith(`${prefix}_`))
    if (match) return { kind: match[1], code, message: current.message }
  }
  return null
}

/** probeDatabaseWrite, with what went wrong as a fault. */
async function probeWrite(db: DB): Promise<DatabaseFault | null> {
  try {
    await probeDatabaseWrite(db)
    return null
  } catch (error) {
    return databaseFault(error) ?? { kind: 'io', code: 'UNKNOWN', message: error instanceof Error ? error.message : String(error) }
  }
}

export type DatabaseHealth = { writable: true } | { writable: false; fault: DatabaseFault }

/**
 * Whether the database takes writes, known from faults that requests meet and from a write probe run at most once
 * per interval. A fault is logged once when it starts and once when it ends, not on every request that meets it.
 */
export class DatabaseWatch {
  private fault: DatabaseFault | null = null
  private checkedAt = Number.NEGATIVE_INFINITY
  private probing: Promise<DatabaseHealth> | null = null
  private retryTimer: NodeJS.Timeout | null = null

  constructor(
    private readonly db: DB,
    private readonly logger: Logger,
    private readonly intervalMs = 5000,
  ) {}

  /** Called for every error a request meets; true when it was a database fault (then logged here, once). */
  report(error: unknown): boolean {
    const fault = databaseFault(error)
    if (!fault) return false
    this.checkedAt = performance.now()
    this.enter(fault)
    return true
  }

  /** A read on every call (it costs a few microseconds); the write probe's last result if fresh, otherwise a new probe. */
  async check(): Promise<DatabaseHealth> {
    const read = await checkDatabase(this.db)
    if (!read.ok) {
      this.enter({ kind: 'unreadable', code: 'READ_FAILED', message: read.error })
      return this.health()
    }
    if (performance.now() - this.checkedAt < this.intervalMs) return this.health()
    this.probing ??= probeWrite(this.db)
      .then((fault) => {
        this.checkedAt = performance.now()
        if (fault) this.enter(fault)
        else this.leave()
        return this.health()
      })
      .finally(() => {
        this.probing = null
      })
    return this.probing
  }

  stop() {
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
  }

  private health(): DatabaseHealth {
    return this.fault ? { writable: false, fault: this.fault } : { writable: true }
  }

  private enter(fault: DatabaseFault) {
    if (!this.fault || this.fault.kind !== fault.kind) {
      this.logger.error(
        { fault: fault.kind, code: fault.code, cause: fault.message },
        'database not writable: requests that write answer 503 until it recovers',
      )
    }
    this.fault = fault
    this.scheduleProbe()
  }

  /** Keeps probing while a fault lasts, so its end is logged even if nobody asks /healthz. */
  private scheduleProbe() {
    if (this.retryTimer) return
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      if (this.fault) void this.check().then(() => this.fault && this.scheduleProbe())
    }, this.intervalMs)
    this.retryTimer.unref()
  }

  private leave() {
    if (!this.fault) return
    this.logger.info({ fault: this.fault.kind }, 'database writable again')
    this.fault = null
    this.stop()
  }
}

const watches = new WeakMap<DB, DatabaseWatch>()

/** The one watch of this database file in this process. */
export function watchDatabase(db: DB, logger: Logger): DatabaseWatch {
  let watch = watches.get(db)
  if (!watch) {
    watch = new DatabaseWatch(db, logger)
    watches.set(db, watch)
  }
  return watch
}

/** A plain page for a browser, or tRPC-shaped JSON for everything else: the message and nothing about the cause. */
function errorAnswer(status: 500 | 503, message: string, html: boolean): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' }
  if (status === 503) headers['Retry-After'] = String(RETRY_AFTER_SECONDS)
  if (!html) return procedureErrorResponse(status, status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR', message, headers)
  const body = plainPage(status === 503 ? 'Servizio non disponibile' : 'Errore imprevisto', `<p>${escapeHtml(message)}</p>`)
  const csp = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
  return new Response(body, { status, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp } })
}

/**
 * Hono's onError: a database that cannot take writes answers 503, anything else 500, both in Italian and without
 * details; the cause goes to the log (a database fault once, through the watch).
 */
export function answerError(error: Error, request: Request, watch: DatabaseWatch, logger: Logger): Response {
  if (error instanceof HTTPException) return error.getResponse()
  const html = !new URL(request.url).pathname.startsWith('/trpc/') && (request.headers.get('accept') ?? '').includes('text/html')
  if (watch.report(error)) return errorAnswer(503, UNAVAILABLE_MESSAGE, html)
  logger.error({ err: error, method: request.method }, 'request failed')
  return errorAnswer(500, INTERNAL_ERROR_MESSAGE, html)
}

export type HealthAnswer = { status: 200 | 503; headers: Record<string, string>; body: string }

/** /healthz: 200 while the database takes writes, 503 with Retry-After while it cannot; never cached. */
export async function healthAnswer(watch: DatabaseWatch): Promise<HealthAnswer> {
  const health = await watch.check()
  const headers = { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' }
  if (!health.writable) {
    return { status: 503, headers: { ...headers, 'Retry-After': String(RETRY_AFTER_SECONDS) }, body: '{"status":"error","database":"not writable"}' }
  }
  return { status: 200, headers, body: '{"status":"ok"}' }
}

/** healthAnswer as Hono answers it; the fast path (http/fast-path.ts) writes the same answer itself. */
export async function healthResponse(watch: DatabaseWatch): Promise<Response> {
  const { status, headers, body } = await healthAnswer(watch)
  return new Response(body, { status, headers })
}

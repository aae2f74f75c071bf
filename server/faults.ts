import { HTTPException } from 'hono/http-exception'
import type { DB } from '#db/client.ts'
import { isPostgresError } from '#db/postgres.ts'
import type { Logger } from './logger.ts'
import { messagePage } from './http/plain-page.tsx'
import { checkDatabase, probeDatabaseWrite } from './repositories/health.ts'
import { procedureErrorResponse } from './trpc/error-response.ts'

/** What a visitor reads when the database cannot store anything: nothing was saved, try again later. */
export const UNAVAILABLE_MESSAGE = 'Il servizio non è momentaneamente disponibile: la tua richiesta non è stata salvata. Riprova tra qualche minuto.'
/** What a visitor reads for any other failure on our side. */
export const INTERNAL_ERROR_MESSAGE = 'Si è verificato un errore imprevisto. Riprova tra qualche minuto.'
/** Seconds a client is asked to wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 60

export type DatabaseFault = {
  kind: 'full' | 'read-only' | 'locked' | 'io' | 'unreadable' | 'unreachable' | 'timeout'
  code: string
  message: string
}

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

/**
 * PostgreSQL's: the server cannot be reached or does not answer now (restarting, failing over, paused, full of
 * connections), by SQLSTATE or by the network's error code. Counted only for errors out of the pg driver: a refused
 * connection to SNS (mail/sns.ts) says nothing about the database.
 */
const POSTGRES_CODES: [code: RegExp, kind: DatabaseFault['kind']][] = [
  // Class 08, connection exception.
  [/^08[0-9A-Z]{3}$/, 'unreachable'],
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down).
  [/^57P0[1-3]$/, 'unreachable'],
  // too_many_connections.
  [/^53300$/, 'unreachable'],
  // query_canceled: statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS); nothing else here cancels a statement.
  [/^57014$/, 'timeout'],
  // lock_not_available: lock_timeout, which only the health probe sets (dialect/lock-wait.ts).
  [/^55P03$/, 'locked'],
  [/^(ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|EPIPE|EHOSTUNREACH|EHOSTDOWN|ENETUNREACH|ENETDOWN|ENOTFOUND|EAI_AGAIN)$/, 'unreachable'],
]

// pg's own errors carry no code: the connection ended, no connection within connectionTimeoutMillis, no answer within query_timeout.
const POSTGRES_MESSAGES: [message: RegExp, code: string][] = [
  [/^Connection terminated due to connection timeout/, 'CONNECT_TIMEOUT'],
  [/^timeout exceeded when trying to connect/, 'CONNECT_TIMEOUT'],
  [/^Connection terminated/, 'CONNECTION_TERMINATED'],
  [/^Query read timeout/, 'READ_TIMEOUT'],
  [/^Client has encountered a connection error and is not queryable/, 'CONNECTION_TERMINATED'],
]

/** The fault behind one error (not its causes), or null. */
function faultOf(error: Error): DatabaseFault | null {
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    const match = KINDS.find(([prefix]) => code === prefix || code.startsWith(`${prefix}_`))
    if (match) return { kind: match[1], code, message: error.message }
  }
  if (!isPostgresError(error)) return null
  if (typeof code === 'string') {
    const match = POSTGRES_CODES.find(([pattern]) => pattern.test(code))
    if (match) return { kind: match[1], code, message: error.message }
  }
  const message = POSTGRES_MESSAGES.find(([pattern]) => pattern.test(error.message))
  return message ? { kind: 'unreachable', code: message[1], message: error.message } : null
}

/** The database fault behind an error (its own code or any of its causes), or null for every other error. */
export function databaseFault(error: unknown): DatabaseFault | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth++) {
    const fault = faultOf(current)
    if (fault) return fault
  }
  return null
}

/** PostgreSQL out of reach, as opposed to a database that answers but cannot take writes. */
const unreachable = (fault: DatabaseFault) => fault.kind === 'unreachable' || fault.kind === 'timeout'

/** probeDatabaseWrite, with what went wrong as a fault. */
async function probeWrite(db: DB): Promise<DatabaseFault | null> {
  try {
    await probeDatabaseWrite(db)
    return null
  } catch (error) {
    return databaseFault(error) ?? { kind: 'io', code: 'UNKNOWN', message: error instanceof Error ? error.message : String(error) }
  }
}

/** How long a successful read of the database answers /healthz for. */
const READ_REUSE_MS = 1000

export type DatabaseHealth = { writable: true } | { writable: false; fault: DatabaseFault }

/**
 * Whether the database takes writes, known from faults that requests meet and from a write probe run at most once
 * per interval. A fault is logged once when it starts and once when it ends, not on every request that meets it.
 */
export class DatabaseWatch {
  private fault: DatabaseFault | null = null
  private checkedAt = Number.NEGATIVE_INFINITY
  /** When a read last succeeded with no fault known. */
  private readAt = Number.NEGATIVE_INFINITY
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

  /**
   * A read, unless one succeeded less than READ_REUSE_MS ago with no fault known (a load balancer asking many times a
   * second costs one read a second); the write probe's last result if fresh, otherwise a new probe. A fault a request
   * meets is known at once (report), whatever the last read found.
   */
  async check(): Promise<DatabaseHealth> {
    const now = performance.now()
    if (!this.fault && now - this.readAt < READ_REUSE_MS && now - this.checkedAt < this.intervalMs) return this.health()
    const read = await checkDatabase(this.db)
    if (!read.ok) {
      const message = read.error instanceof Error ? read.error.message : String(read.error)
      this.enter(databaseFault(read.error) ?? { kind: 'unreadable', code: 'READ_FAILED', message })
      return this.health()
    }
    if (!this.fault) this.readAt = performance.now()
    // A read that succeeds while PostgreSQL was out of reach: whether it takes writes again is looked at now, so a load
    // balancer sends requests back as soon as it does.
    const waitForInterval = !this.fault || !unreachable(this.fault)
    if (waitForInterval && performance.now() - this.checkedAt < this.intervalMs) return this.health()
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

  /** Looks at the database now, whatever the last probe found: an idle connection of the pool just died. */
  recheck() {
    this.checkedAt = Number.NEGATIVE_INFINITY
    void this.check()
  }

  private enter(fault: DatabaseFault) {
    // PostgreSQL out of reach is one outage whether a statement timed out or a connection was refused.
    const family = (f: DatabaseFault) => (unreachable(f) ? 'unreachable' : f.kind)
    if (!this.fault || family(this.fault) !== family(fault)) {
      this.logger.error(
        { fault: fault.kind, code: fault.code, cause: fault.message },
        unreachable(fault)
          ? 'database unreachable: requests that need it answer 503 until it answers again'
          : 'database not writable: requests that write answer 503 until it recovers',
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
    this.logger.info({ fault: this.fault.kind }, unreachable(this.fault) ? 'database reachable again' : 'database writable again')
    this.fault = null
    this.stop()
  }
}

/**
 * A background job's errors (a worker's loop, a timer): a database fault is logged when it starts and when the job
 * works again, not on every retry while it lasts; any other error every time, as it may be a bug.
 */
export function jobErrors(logger: Logger, job: string) {
  let fault: DatabaseFault | null = null
  return {
    /** Logs an error of the job; true when it was a database fault (then the job should wait and retry). */
    failed(err: unknown, message = `${job} failed`): boolean {
      const current = databaseFault(err)
      if (!current) {
        logger.error({ err }, message)
        return false
      }
      if (!fault) logger.error({ err, fault: current.kind }, `${message}: the database cannot be used, retrying until it can`)
      fault = current
      return true
    },
    /** The job worked: if it had met a database fault, says it resumed. */
    succeeded() {
      if (fault) logger.info({ fault: fault.kind }, `${job} resumed`)
      fault = null
    },
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
  const body = messagePage(status === 503 ? 'Servizio non disponibile' : 'Errore imprevisto', message)
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

/** /healthz: 200 while the database takes writes, 503 with Retry-After while it cannot or does not answer; never cached. */
export async function healthAnswer(watch: DatabaseWatch): Promise<HealthAnswer> {
  const health = await watch.check()
  const headers = { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' }
  if (!health.writable) {
    const database = unreachable(health.fault) ? 'unreachable' : 'not writable'
    return { status: 503, headers: { ...headers, 'Retry-After': String(RETRY_AFTER_SECONDS) }, body: `{"status":"error","database":"${database}"}` }
  }
  return { status: 200, headers, body: '{"status":"ok"}' }
}

/** healthAnswer as Hono answers it; the fast path (http/fast-path.ts) writes the same answer itself. */
export async function healthResponse(watch: DatabaseWatch): Promise<Response> {
  const { status, headers, body } = await healthAnswer(watch)
  return new Response(body, { status, headers })
}

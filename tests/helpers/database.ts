import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads'
import Database from 'better-sqlite3'

/**
 * A test's database: the SQLite file of a server, a backup..., or the postgres:// address of a server's database when
 * the suite runs on PostgreSQL (tests/postgres-setup.ts). Both are read and changed synchronously, as tests arrange
 * and check states between requests; SQL is written with `?` placeholders either way.
 */
export type TestDatabase = string

export const isPostgres = (database: TestDatabase) => /^postgres(ql)?:\/\//.test(database)

/**
 * Rows of that database, opened (read-only for a file) for the duration of one query. From PostgreSQL the values come
 * as better-sqlite3 gives them, so one assertion fits both: a condition as 1 or 0, bytea as a Buffer.
 */
export function readRows<T>(database: TestDatabase, sql: string, ...params: unknown[]): T[] {
  if (isPostgres(database)) {
    const json = postgres(database, [{ sql: `SELECT coalesce(json_agg(r), '[]')::text FROM (${sql}) r`, params }])
    const rows = JSON.parse(json || '[]') as Record<string, unknown>[]
    return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, asSqliteValue(value)]))) as T[]
  }
  const db = new Database(database, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

const asSqliteValue = (value: unknown) => {
  if (typeof value === 'boolean') return Number(value)
  if (typeof value === 'string' && /^\\x([0-9a-f]{2})*$/.test(value)) return Buffer.from(value.slice(2), 'hex')
  return value
}

/** The environment that points a command (npm run admin, db:migrate...) at that database. */
export const databaseEnv = (database: TestDatabase): Record<string, string> => (isPostgres(database) ? { DATABASE_URL: database } : { DATABASE_PATH: database })

/** The columns of a table, in order. */
export const columnsOf = (database: TestDatabase, table: string): string[] =>
  readRows<{ name: string }>(
    database,
    isPostgres(database)
      ? `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ? order by ordinal_position`
      : 'select name from pragma_table_info(?) order by cid',
    table,
  ).map((column) => column.name)

/** The number of rows in a table of that database. */
export const countRowsOf = (database: TestDatabase, table: string): number => readRows<{ n: number }>(database, `select count(*) as n from ${table}`)[0]!.n

/** Runs one change (update, delete...) on that database, as a test arranges a state the UI cannot reach quickly. */
export function changeRows(database: TestDatabase, sql: string, ...params: unknown[]): void {
  if (isPostgres(database)) {
    postgres(database, [{ sql, params }])
    return
  }
  const db = new Database(database, { fileMustExist: true })
  try {
    db.prepare(sql).run(...params)
  } finally {
    db.close()
  }
}

/** Runs one statement once per row of values, in one transaction (fixtures written straight into the database). */
export function changeRowsForEach(database: TestDatabase, sql: string, rows: unknown[][]): void {
  if (!rows.length) return
  if (isPostgres(database)) {
    postgres(
      database,
      rows.map((params) => ({ sql, params })),
    )
    return
  }
  const db = new Database(database, { fileMustExist: true })
  try {
    const statement = db.prepare(sql)
    db.transaction(() => {
      for (const row of rows) statement.run(...row)
    })()
  } finally {
    db.close()
  }
}

/** Statements on PostgreSQL, run by a worker thread holding one connection per database (postgres-sync-worker.mjs). */
let postgresWorker: Worker | null = null

function worker(): Worker {
  if (postgresWorker) return postgresWorker
  postgresWorker = new Worker(new URL('./postgres-sync-worker.mjs', import.meta.url))
  postgresWorker.unref()
  return postgresWorker
}

/**
 * Ends the worker and, with it, its connections: at the end of each test file (tests/file-teardown.ts), as the files of a
 * Vitest worker share this module and would otherwise keep every earlier file's connections open.
 */
export async function closeTestConnections(): Promise<void> {
  const running = postgresWorker
  postgresWorker = null
  await running?.terminate()
}

/** How long a test statement may take before the test fails, rather than waits for ever. */
const STATEMENT_TIMEOUT_MS = 60_000

/**
 * Statements on that PostgreSQL database, synchronously as better-sqlite3 runs them, in one transaction when several:
 * each `?` becomes a parameter (null as NULL, a Buffer as bytea, a boolean as 1 or 0, anything else as text whose type
 * the server infers), never text spliced into the SQL. The first column of the last statement's first row, as text.
 * Each call has a flag and a reply channel of its own (as Babel's synchronous worker does): with one shared pair, a
 * busy run once woke a call before its reply was there, and the calls after it read each other's answers.
 */
function postgres(url: string, statements: { sql: string; params: unknown[] }[]): string {
  const prepared = statements.map(({ sql, params }) => {
    let index = 0
    const text = sql.replace(/\?/g, () => `$${++index}`)
    if (index !== params.length) throw new Error(`${params.length} values for ${index} placeholders`)
    const values = params.map((value) =>
      value === null || value === undefined ? null : Buffer.isBuffer(value) ? value : typeof value === 'boolean' ? String(Number(value)) : String(value),
    )
    return { text, values }
  })
  const signal = new Int32Array(new SharedArrayBuffer(4))
  const { port1, port2 } = new MessageChannel()
  try {
    worker().postMessage({ url, statements: prepared, signal, port: port2 }, [port2])
    const deadline = Date.now() + STATEMENT_TIMEOUT_MS
    // Woken only by this call's own reply; a wake-up before it (the flag still 0) waits again.
    while (Atomics.load(signal, 0) === 0) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error('PostgreSQL did not answer a test statement within 60 s')
      Atomics.wait(signal, 0, 0, left)
    }
    const reply = receiveMessageOnPort(port1)?.message as { value?: unknown; error?: string } | undefined
    if (!reply) throw new Error('no answer from the PostgreSQL test worker')
    if (reply.error !== undefined) throw new Error(reply.error)
    return reply.value === null || reply.value === undefined ? '' : String(reply.value)
  } finally {
    port1.close()
  }
}

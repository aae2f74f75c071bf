import { execFileSync } from 'node:child_process'
import Database from 'better-sqlite3'
import { type DB, openDatabase, openPostgres } from '#db/client.ts'

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
    const rows = JSON.parse(psql(database, `SELECT coalesce(json_agg(r), '[]') FROM (${sql}) r`, params) || '[]') as Record<string, unknown>[]
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

/** The database as the application opens it (SQLite file or PostgreSQL), for a test that calls a repository function. */
export const openTestDatabase = (database: TestDatabase): DB => (isPostgres(database) ? openPostgres(database, 1) : openDatabase(database).db)

/** The number of rows in a table of that database. */
export const countRowsOf = (database: TestDatabase, table: string): number => readRows<{ n: number }>(database, `select count(*) as n from ${table}`)[0]!.n

/** Runs one change (update, delete...) on that database, as a test arranges a state the UI cannot reach quickly. */
export function changeRows(database: TestDatabase, sql: string, ...params: unknown[]): void {
  if (isPostgres(database)) {
    psql(database, sql, params)
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
    psql(database, `BEGIN;\n${rows.map(() => sql).join(';\n')};\nCOMMIT`, rows.flat())
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

/**
 * One statement through psql (synchronous, as better-sqlite3 is): each `?` becomes a psql variable, quoted by psql as a
 * literal (null as NULL, a Buffer as bytea), so no value is ever spliced into the SQL text.
 */
function psql(url: string, sql: string, params: unknown[]): string {
  const variables: string[] = []
  let index = 0
  const text = sql.replace(/\?/g, () => {
    const value = params[index++]
    if (value === null || value === undefined) return 'NULL'
    const name = `p${index}`
    if (Buffer.isBuffer(value)) {
      variables.push('-v', `${name}=\\x${value.toString('hex')}`)
      return `:'${name}'::bytea`
    }
    variables.push('-v', `${name}=${typeof value === 'boolean' ? Number(value) : String(value)}`)
    return `:'${name}'`
  })
  if (index !== params.length) throw new Error(`${params.length} values for ${index} placeholders`)
  return execFileSync('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', ...variables, url], {
    input: `${text};\n`,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'pipe'],
  }).trim()
}

import Database from 'better-sqlite3'

/** Rows of a database file (a running server's, a backup...), opened read-only for the duration of one query. */
export function readRows<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

/** The number of rows in a table of that database file. */
export const countRowsOf = (file: string, table: string): number => readRows<{ n: number }>(file, `select count(*) as n from ${table}`)[0]!.n

/** Runs one change (update, delete...) on a database file, as a test arranges a state the UI cannot reach quickly. */
export function changeRows(file: string, sql: string, ...params: unknown[]): void {
  const db = new Database(file, { fileMustExist: true })
  try {
    db.prepare(sql).run(...params)
  } finally {
    db.close()
  }
}

import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { Database } from './schema.ts'

export type DB = Kysely<Database>

/** Opens the one SQLite file with the pragmas this product relies on (see docs/decisions/002-sqlite.md). */
export function openDatabase(file: string): { db: DB; sqlite: SQLite.Database } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  // An acknowledged lead must survive a power cut.
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  return { db, sqlite }
}

import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely'
import { createPool, type PoolOptions, SqliteColumnTypesPlugin } from './postgres.ts'
import type { Database } from './schema.ts'

export type DB = Kysely<Database>

/** The two engines the application runs on: SQLite (one file, the default) or PostgreSQL (several app processes). */
export type Engine = 'sqlite' | 'postgres'

/** Which engine a database (or a transaction, or a migration's handle) speaks to. */
// biome-ignore lint/suspicious/noExplicitAny: any schema, the migrations' Kysely<unknown> included.
export const engineOf = (db: Kysely<any>): Engine => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite')

/** Where the data lives: `DATABASE_URL` (postgres://...) when set, else the SQLite file at `DATABASE_PATH`. */
export type DatabaseTarget = { DATABASE_URL?: string | undefined; DATABASE_PATH: string }

/**
 * Opens the configured database: PostgreSQL when `DATABASE_URL` is set, else the SQLite file. The server passes its
 * timeouts and hears of idle connections that died; commands and migrations wait as long as PostgreSQL needs.
 */
export function connect(target: DatabaseTarget, { poolSize = 10, ...pool }: { poolSize?: number } & PoolOptions = {}): { db: DB; engine: Engine } {
  if (target.DATABASE_URL) return { db: openPostgres(target.DATABASE_URL, poolSize, pool), engine: 'postgres' }
  return { db: openDatabase(target.DATABASE_PATH).db, engine: 'sqlite' }
}

/**
 * A PostgreSQL database through a pool of `poolSize` connections. Each transaction commits with the server's
 * `synchronous_commit` (on by default): an acknowledged lead is on disk, as with SQLite's synchronous=FULL.
 */
export function openPostgres(url: string, poolSize = 10, options: PoolOptions = {}): DB {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPool(url, poolSize, options) }), plugins: [new SqliteColumnTypesPlugin()] })
}

/**
 * Runs `work` atomically: inside the caller's transaction when `db` is one, else in a transaction of its own.
 * Repository functions whose statements only make sense together go through it (see server/repositories/README.md).
 */
export function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}

/** Opens the one SQLite file with the pragmas this product relies on (see docs/decisions/002-sqlite.md). */
export function openDatabase(file: string | Buffer): { db: DB; sqlite: SQLite.Database } {
  // A Buffer is a database's image (sqlite.serialize()): opened in memory as a copy of it.
  if (typeof file === 'string' && file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  // An acknowledged lead must survive a power cut.
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('foreign_keys = ON')
  // Deleted and scrubbed rows (reset links, erased requesters) are overwritten, not left in free pages.
  sqlite.pragma('secure_delete = ON')
  sqlite.pragma('busy_timeout = 5000')
  // 64 MiB of pages in the process (2 MiB by default): the back office's lists probe the same index pages again and
  // again, which are then read from memory rather than copied back from the system's file cache.
  sqlite.pragma('cache_size = -65536')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
  return { db, sqlite }
}

/**
 * Kysely prepares every query anew, and preparing a statement costs about as much as running a small insert:
 * this keeps the last 500 statements by their SQL. A statement still being iterated is never handed out twice.
 */
export function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      const cached = statements.get(sql)
      statements.delete(sql)
      const statement = cached && !cached.busy ? cached : sqlite.prepare(sql)
      statements.set(sql, statement)
      if (statements.size > size) statements.delete(statements.keys().next().value!)
      return statement
    },
  }
}

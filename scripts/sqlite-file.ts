// Checks shared by `npm run backup` and `npm run restore`: is a file an SQLite database of this site, and is it whole.
import fs from 'node:fs'
import type SQLite from 'better-sqlite3'

const SQLITE_HEADER = 'SQLite format 3\0'
/** Kysely's bookkeeping table: present in every database this site has opened. */
export const MIGRATIONS_TABLE = 'kysely_migration'

export function hasSqliteHeader(file: string): boolean {
  const header = Buffer.alloc(SQLITE_HEADER.length)
  const fd = fs.openSync(file, 'r')
  try {
    const read = fs.readSync(fd, header, 0, header.length, 0)
    return read === header.length && header.toString('latin1') === SQLITE_HEADER
  } finally {
    fs.closeSync(fd)
  }
}

/** `PRAGMA integrity_check`: an empty list means the file is whole. */
export function integrityProblems(db: SQLite.Database): string[] {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[]
  const messages = rows.map((row) => row.integrity_check)
  return messages.length === 1 && messages[0] === 'ok' ? [] : messages
}

export function hasTable(db: SQLite.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== undefined
}

export function appliedMigrations(db: SQLite.Database): string[] {
  return (db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`).all() as { name: string }[]).map((row) => row.name)
}

export function countLeads(db: SQLite.Database): number | null {
  if (!hasTable(db, 'leads')) return null
  return (db.prepare('SELECT count(*) AS count FROM leads').get() as { count: number }).count
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}

export function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

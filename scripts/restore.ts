/**
 * Puts a backup back in place as the site's database:
 *   npm run restore -- <file>
 * Run it with the server stopped (in Docker: with the container stopped, from a one-off container on the same
 * volume); it refuses while anything holds the database open. The file must be an SQLite database that passes
 * PRAGMA integrity_check and carries this site's migrations table; otherwise nothing is changed. The current
 * database is kept beside it as <name>.before-restore-<time>. Migrations the backup lacks run at the next start.
 */
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { migrations } from '#migrations/index.ts'
import { loadEnvOrExit } from '#server/env.ts'
import { appliedMigrations, countLeads, fail, formatBytes, hasSqliteHeader, hasTable, integrityProblems, MIGRATIONS_TABLE } from './sqlite-file.ts'

const USAGE = 'usage: npm run restore -- <file>'

const args = process.argv.slice(2)
if (args.length !== 1 || args[0]!.startsWith('-')) fail(USAGE)

const env = loadEnvOrExit()
if (env.DATABASE_URL) {
  fail(
    'DATABASE_URL is set: a PostgreSQL database is restored with its own tools, not this command. Into an empty database: ' +
      "pg_restore --no-owner --dbname=<address> <file from npm run backup>; or use your provider's point-in-time recovery.",
  )
}

const source = path.resolve(args[0]!)
const target = path.resolve(env.DATABASE_PATH)
// Checked on a private copy next to the target, so the bytes verified are the bytes renamed into place.
const staged = `${target}.restore-${process.pid}`
function discardStaged() {
  for (const file of [staged, `${staged}-wal`, `${staged}-shm`, `${staged}-journal`]) fs.rmSync(file, { force: true })
}
function refuse(reason: string): never {
  discardStaged()
  return fail(`Refusing to restore ${source}: ${reason}. Nothing was changed.`)
}

if (!fs.existsSync(source) || !fs.statSync(source).isFile()) refuse('no such file')
if (source === target) refuse('it is the database itself (DATABASE_PATH)')
if (!hasSqliteHeader(source)) refuse('it is not an SQLite database (its header is not "SQLite format 3")')
if (fs.existsSync(`${source}-wal`)) {
  refuse(`a write-ahead log ${source}-wal lies beside it, so the file alone is not the whole database; take a copy with npm run backup`)
}

fs.mkdirSync(path.dirname(target), { recursive: true })
fs.copyFileSync(source, staged)

let summary: { leads: number | null; migrationCount: number; size: number }
try {
  summary = verify(staged)
} catch (error) {
  discardStaged()
  throw error
}

const previous = keepCurrentDatabase()
for (const file of [`${target}-wal`, `${target}-shm`, `${target}-journal`]) fs.rmSync(file, { force: true })
fs.renameSync(staged, target)
const dir = fs.openSync(path.dirname(target), 'r')
fs.fsyncSync(dir)
fs.closeSync(dir)

console.log(
  `Restored ${source} to ${target}: ${formatBytes(summary.size)}, ${summary.leads ?? 'no'} leads, ` +
    `${summary.migrationCount} migrations applied, integrity ok.`,
)
console.log(previous ? `The database it replaced is kept at ${previous}.` : `There was no database at ${target} before.`)
console.log('Start the server: it applies any newer migrations at start-up.')

function verify(file: string): { leads: number | null; migrationCount: number; size: number } {
  let db: SQLite.Database
  let problems: string[]
  try {
    db = new SQLite(file, { fileMustExist: true })
    problems = integrityProblems(db)
  } catch (error) {
    return refuse(`it is corrupt: SQLite says ${(error as Error).message}`)
  }
  if (problems.length) refuse(`it is corrupt: PRAGMA integrity_check says ${problems.slice(0, 3).join('; ')}`)
  if (!hasTable(db, MIGRATIONS_TABLE)) refuse(`it has no ${MIGRATIONS_TABLE} table, so it is not a database of this site`)
  const applied = appliedMigrations(db)
  const unknown = applied.filter((name) => !(name in migrations))
  if (unknown.length) refuse(`it was made by a newer version of the site (unknown migrations: ${unknown.join(', ')}); deploy that version first`)
  const leads = countLeads(db)
  db.pragma('journal_mode = DELETE')
  db.close()
  return { leads, migrationCount: applied.length, size: fs.statSync(file).size }
}

/** Refuses while the server (or Litestream) holds the database; otherwise copies it aside and returns where. */
function keepCurrentDatabase(): string | null {
  if (!fs.existsSync(target)) return null
  const db = new SQLite(target, { fileMustExist: true, timeout: 0 })
  try {
    // An exclusive lock is granted only when no other connection has the file open.
    db.pragma('locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE')
    db.exec('COMMIT')
  } catch {
    db.close()
    return refuse(`the database ${target} is in use (is the server or Litestream running?): stop it, then run the restore again`)
  }
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  const kept = `${target}.before-restore-${stamp}`
  // VACUUM INTO writes one self-contained file, including whatever the write-ahead log still held.
  db.prepare('VACUUM INTO ?').run(kept)
  db.close()
  return kept
}

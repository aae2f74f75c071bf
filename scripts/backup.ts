/**
 * A consistent copy of the live database, taken while the site runs:
 *   npm run backup -- <file>
 * With DATABASE_URL (PostgreSQL) it runs pg_dump (postgres-backup.ts). Otherwise it reads DATABASE_PATH like the server. Uses SQLite's online backup API in one step, i.e. inside one read
 * transaction: in WAL mode that sees a single committed state and never blocks the server's writes.
 * The copy is checked with PRAGMA integrity_check before it appears under its final name.
 */
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { loadEnvOrExit } from '#server/env.ts'
import { postgresBackup } from './postgres-backup.ts'
import { countLeads, fail, formatBytes, integrityProblems } from './sqlite-file.ts'

const USAGE = 'usage: npm run backup -- <file>'
/** sqlite3_backup_step(-1 equivalent): every remaining page in one step. */
const ALL_PAGES = 0x7fffffff

const args = process.argv.slice(2)
if (args.length !== 1 || args[0]!.startsWith('-')) fail(USAGE)

const env = loadEnvOrExit()
const destination = path.resolve(args[0]!)

if (env.DATABASE_URL) {
  if (!fs.existsSync(path.dirname(destination))) fail(`The folder ${path.dirname(destination)} does not exist.`)
  if (fs.existsSync(destination)) fail(`${destination} already exists: choose a new name or delete it first.`)
  postgresBackup(env.DATABASE_URL, destination)
  process.exit(0)
}

const source = path.resolve(env.DATABASE_PATH)
if (!fs.existsSync(source)) fail(`No database at ${source} (DATABASE_PATH): nothing to back up.`)
if (destination === source) fail('The backup file must not be the database itself.')
if (!fs.existsSync(path.dirname(destination))) fail(`The folder ${path.dirname(destination)} does not exist.`)
if (fs.existsSync(destination)) fail(`${destination} already exists: choose a new name or delete it first.`)

const startedAt = performance.now()
const partial = `${destination}.partial-${process.pid}`
const db = new SQLite(source, { fileMustExist: true })
db.pragma('busy_timeout = 5000')
try {
  await db.backup(partial, { progress: () => ALL_PAGES })
} catch (error) {
  fs.rmSync(partial, { force: true })
  fail(`Backup of ${source} failed: ${(error as Error).message}`)
} finally {
  db.close()
}

const copy = new SQLite(partial, { fileMustExist: true })
const problems = integrityProblems(copy)
const leads = countLeads(copy)
// A backup is a single self-contained file: fold any write-ahead log in and leave rollback-journal mode.
copy.pragma('journal_mode = DELETE')
copy.close()
if (problems.length) {
  fs.rmSync(partial, { force: true })
  fail(`The copy of ${source} failed PRAGMA integrity_check (${problems.slice(0, 3).join('; ')}); nothing was written.`)
}
fs.renameSync(partial, destination)

const seconds = ((performance.now() - startedAt) / 1000).toFixed(1)
const size = formatBytes(fs.statSync(destination).size)
console.log(
  `Backed up ${source} to ${destination}: ${size}, ${leads ?? 'no'} leads, integrity ok, in ${seconds} s.` +
    ' Restore it with the server stopped: npm run restore -- <file>',
)

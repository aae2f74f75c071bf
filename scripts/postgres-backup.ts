import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fail, formatBytes } from './sqlite-file.ts'

/**
 * PostgreSQL's own backup: `pg_dump` in its custom format (restored with `pg_restore`), taken in one snapshot while
 * the site runs. The password goes to pg_dump through PGPASSWORD, never on its command line (visible to `ps`).
 * Continuous backups with point-in-time recovery are the provider's (or WAL archiving's), not this command's.
 */
export function postgresBackup(url: string, destination: string): void {
  const address = new URL(url)
  const password = decodeURIComponent(address.password)
  address.password = ''
  const partial = `${destination}.partial-${process.pid}`
  const startedAt = performance.now()
  const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${address.toString()}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    encoding: 'utf8',
  })
  if (result.error) {
    fs.rmSync(partial, { force: true })
    fail(
      `pg_dump could not run (${result.error.message}): install PostgreSQL's client programs (Debian: postgresql-client) of the server's major version or newer.`,
    )
  }
  if (result.status !== 0) {
    fs.rmSync(partial, { force: true })
    fail(`pg_dump failed: ${result.stderr.trim().split('\n').at(-1) ?? 'no message'}; nothing was written.`)
  }
  fs.renameSync(partial, destination)
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1)
  console.log(
    `Backed up the PostgreSQL database ${address.pathname.slice(1)} on ${address.host} with pg_dump to ${path.resolve(destination)}: ` +
      `${formatBytes(fs.statSync(destination).size)} in ${seconds} s. Restore it into an empty database with ` +
      "pg_restore --no-owner --dbname=<address> <file>. For point-in-time recovery use your provider's backups; Litestream is for SQLite only.",
  )
}

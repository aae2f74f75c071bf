/**
 * Moves a site's data between engines, ids kept, checked by row counts per table:
 *   npm run db:copy -- --from ./data/app.db --to postgres://user:password@host:5432/artigiani
 *   npm run db:copy -- --from postgres://... --to ./data/back.db        (the way back)
 * Stop the site first; the target is migrated and must be empty (docs/decisions/042).
 */
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { type DB, openDatabase, openPostgres } from '#db/client.ts'
import { CopyRefused, copyDatabase } from '#db/copy.ts'
import { fail } from './sqlite-file.ts'

const USAGE = 'usage: npm run db:copy -- --from <SQLite file | postgres://...> --to <SQLite file | postgres://...>'
const isUrl = (value: string) => /^postgres(ql)?:\/\//.test(value)
/** The address without its password, for messages. */
const shown = (value: string) => (isUrl(value) ? value.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@') : value)

let values: { from?: string; to?: string }
try {
  values = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } }).values
} catch {
  fail(USAGE)
}
if (!values.from || !values.to) fail(USAGE)
const { from, to } = values as { from: string; to: string }
if (from === to) fail('--from and --to are the same database.')
if (!isUrl(from) && !fs.existsSync(from)) fail(`No database at ${from}.`)

const open = (target: string): DB => (isUrl(target) ? openPostgres(target, 2) : openDatabase(target).db)
const startedAt = performance.now()
const source = open(from)
const target = open(to)
try {
  const report = await copyDatabase(source, target, (line) => console.log(line))
  const rows = report.reduce((sum, line) => sum + line.target, 0)
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1)
  console.log(`Copied ${rows} rows in ${report.length} tables from ${shown(from)} to ${shown(to)} in ${seconds} s; every table has as many rows on both sides.`)
} catch (error) {
  const reason = error instanceof CopyRefused ? error.message : `the copy failed and was rolled back: ${(error as Error).message}`
  await Promise.allSettled([source.destroy(), target.destroy()])
  fail(`Nothing copied: ${reason}`)
}
await source.destroy()
await target.destroy()

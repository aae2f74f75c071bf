/**
 * Applies the privacy policy's retention periods once (the server's job does it every RETENTION_EVERY_MINUTES):
 *   npm run db:retention                 anonymise and delete what is due, recorded in the audit log
 *   npm run db:retention -- --dry-run    count what is due, kind by kind, and change nothing
 * Prints counts only, never whose data.
 */
import { parseArgs } from 'node:util'
import { connect } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { loadEnvOrExit } from '#server/env.ts'
import { countDue, RETENTION_KINDS, type RetentionCounts, retentionPeriods, runRetention } from '#server/retention/retention.ts'

let dryRun: boolean
try {
  dryRun = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } }).values['dry-run']
} catch {
  console.error('usage: npm run db:retention [-- --dry-run]')
  process.exit(1)
}
const env = loadEnvOrExit()
const periods = retentionPeriods(env)
const { db } = connect(env, { poolSize: 2 })
try {
  await migrateToLatest(db)
  const counts: RetentionCounts = dryRun ? await countDue(db, periods) : await runRetention(db, periods, { trigger: 'command' })
  console.log(
    `${dryRun ? 'Due now (dry run, nothing changed)' : 'Done'}: requests ${periods.requestMonths} months after the last one, applications ${periods.applicationMonths} months, ` +
      `craftsmen ${periods.artisanMonths} months after the collaboration, technical data ${periods.technicalDays} days.`,
  )
  for (const kind of RETENTION_KINDS) console.log(`${kind}: ${counts[kind]}`)
} catch (error) {
  console.error(`The retention run failed: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await db.destroy()
}

import type { DB } from '#db/client.ts'
import type { Env } from '#server/env.ts'
import type { Logger } from '#server/logger.ts'
import { RETENTION_KINDS, retentionPeriods, runRetention } from './retention.ts'

/** app_settings row holding when the next run is due (UTC ISO): the process that moves it forward runs it. */
const NEXT_RUN_KEY = 'retention_next_run_at'
const LONGEST_CHECK_MS = 60_000
/** Rows per transaction in the server (20 people with their requests): short transactions, with requests served between them. */
const JOB_BATCH_SIZE = 100

/**
 * Claims the run due at `now` for this process: one statement that moves the due time forward only if it has come,
 * so among the processes sharing the database exactly one gets each run (on PostgreSQL the others' update waits for
 * the row, then finds the due time moved and changes nothing).
 */
export async function claimRetentionRun(db: DB, now: Date, everyMs: number): Promise<boolean> {
  const at = now.toISOString()
  await db
    .insertInto('app_settings')
    .values({ key: NEXT_RUN_KEY, value: at, updated_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const next = new Date(now.getTime() + everyMs).toISOString()
  const claimed = await db
    .updateTable('app_settings')
    .set({ value: next, updated_at: at })
    .where('key', '=', NEXT_RUN_KEY)
    // Due, or set further than this process's period allows (RETENTION_EVERY_MINUTES was lowered).
    .where((eb) => eb.or([eb('value', '<=', at), eb('value', '>', next)]))
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

/** Applies the privacy policy's periods every RETENTION_EVERY_MINUTES, in one process at a time (docs/decisions/044-retention.md). */
export function startRetention({ db, env, logger }: { db: DB; env: Env; logger: Logger }): { stop(): Promise<void> } {
  const log = logger.child({ component: 'retention' })
  const everyMs = env.RETENTION_EVERY_MINUTES * 60_000
  let stopping = false
  let running: Promise<void> | null = null
  const tick = () => {
    if (running || stopping) return
    running = (async () => {
      if (!(await claimRetentionRun(db, new Date(), everyMs))) return
      const counts = await runRetention(db, retentionPeriods(env), { trigger: 'job', batchSize: JOB_BATCH_SIZE, stopping: () => stopping })
      const changed = RETENTION_KINDS.some((kind) => counts[kind] > 0)
      log[changed ? 'info' : 'debug']({ ...counts }, 'retention run')
    })()
      .catch((err) => log.error({ err }, 'retention run failed'))
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(tick, Math.min(everyMs, LONGEST_CHECK_MS))
  timer.unref()
  tick()
  return {
    async stop() {
      stopping = true
      clearInterval(timer)
      await running
    },
  }
}

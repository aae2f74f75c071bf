import { randomUUID } from 'node:crypto'
import { type DB, engineOf } from '#db/client.ts'
import type { Env } from './env.ts'
import { jobErrors } from './faults.ts'
import type { Logger } from './logger.ts'
import { announceInstance, retireInstance, retireOtherInstances, retireSilentInstances } from './repositories/instances.ts'

export type Instance = { id: string; stop(): Promise<void> }

/**
 * This process among the app processes of the database (app_instances): announced at start, retired at a clean stop.
 * On SQLite there is one process at a time, so the ones recorded before have died. On PostgreSQL a process not seen for
 * INSTANCE_SILENT_AFTER_SECONDS (30 s) has died, its deliveries in flight were interrupted, and it is retired by the
 * others; each is seen every sixth of that (5 s).
 */
export async function startInstance(
  db: DB,
  logger: Logger,
  { INSTANCE_SILENT_AFTER_SECONDS: silentAfterSeconds }: Pick<Env, 'INSTANCE_SILENT_AFTER_SECONDS'>,
): Promise<Instance> {
  const silentAfterMs = silentAfterSeconds * 1000
  const id = randomUUID()
  await announceInstance(db, id)
  if (engineOf(db) === 'sqlite') {
    // The only process: no one to tell it is alive, and no write every few seconds (they would queue behind a lock).
    await retireOtherInstances(db, id)
    return { id, stop: () => retireInstance(db, id) }
  }
  const errors = jobErrors(logger, 'heartbeat of this process')
  // After an outage every process was silent because the database was: none is counted as stopped until each had the whole silence to be seen again.
  let seenSince = 0
  let failing = false
  const timer = setInterval(() => {
    void (async () => {
      await announceInstance(db, id)
      errors.succeeded()
      if (failing) seenSince = Date.now()
      failing = false
      if (Date.now() - seenSince < silentAfterMs) return
      const silent = await retireSilentInstances(db, new Date(Date.now() - silentAfterMs).toISOString())
      if (silent) logger.warn({ processes: silent }, `app processes silent for ${silentAfterSeconds} s counted as stopped`)
    })().catch((err) => {
      failing = true
      errors.failed(err, 'could not record this process as running')
    })
  }, silentAfterMs / 6)
  timer.unref()
  return {
    id,
    async stop() {
      clearInterval(timer)
      // Unrecorded, it is counted as stopped by the others a silence after its last heartbeat.
      await retireInstance(db, id).catch((err) => errors.failed(err, 'could not record this process as stopped'))
    },
  }
}

import { randomUUID } from 'node:crypto'
import { type DB, engineOf } from '#db/client.ts'
import { jobErrors } from './faults.ts'
import type { Logger } from './logger.ts'
import { announceInstance, retireInstance, retireOtherInstances, retireSilentInstances } from './repositories/instances.ts'

/** How often a running process says it is alive. */
const HEARTBEAT_MS = 5_000
/** A process not heard from for this long has died: its deliveries in flight were interrupted. */
export const SILENT_AFTER_MS = 30_000

export type Instance = { id: string; stop(): Promise<void> }

/**
 * This process among the app processes of the database (app_instances): announced at start, retired at a clean stop.
 * On SQLite there is one process at a time, so the ones recorded before have died. On PostgreSQL each process is seen
 * every 5 seconds, and one not seen for 30 seconds is retired by the others.
 */
export async function startInstance(db: DB, logger: Logger): Promise<Instance> {
  const id = randomUUID()
  await announceInstance(db, id)
  if (engineOf(db) === 'sqlite') {
    // The only process: no one to tell it is alive, and no write every few seconds (they would queue behind a lock).
    await retireOtherInstances(db, id)
    return { id, stop: () => retireInstance(db, id) }
  }
  const errors = jobErrors(logger, 'heartbeat of this process')
  // After an outage every process was silent because the database was: none is counted as stopped until each had 30 s to be seen again.
  let seenSince = 0
  let failing = false
  const timer = setInterval(() => {
    void (async () => {
      await announceInstance(db, id)
      errors.succeeded()
      if (failing) seenSince = Date.now()
      failing = false
      if (Date.now() - seenSince < SILENT_AFTER_MS) return
      const silent = await retireSilentInstances(db, new Date(Date.now() - SILENT_AFTER_MS).toISOString())
      if (silent) logger.warn({ processes: silent }, 'app processes silent for 30 s counted as stopped')
    })().catch((err) => {
      failing = true
      errors.failed(err, 'could not record this process as running')
    })
  }, HEARTBEAT_MS)
  timer.unref()
  return {
    id,
    async stop() {
      clearInterval(timer)
      // Unrecorded, it is counted as stopped by the others 30 s after its last heartbeat.
      await retireInstance(db, id).catch((err) => errors.failed(err, 'could not record this process as stopped'))
    },
  }
}

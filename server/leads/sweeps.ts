import { jobErrors } from '../faults.ts'
import type { Logger } from '../logger.ts'

const POLL_MS = 60_000

/**
 * A lead's mail job: a sweep at the start and every `every` ms (a minute unless told), one at a time. A sweep answers
 * its counts, logged as `job` when any is not zero, or null when it has nothing to look at now. With `wakers` the job
 * can be woken between polls, and a wake or a poll during a sweep runs one more after it; without, a poll during a
 * sweep is skipped. While the database does not answer, each sweep fails: logged once, and the next sweep after it catches up.
 */
export function startSweeps({
  log,
  job,
  sweep,
  every = POLL_MS,
  wakers,
}: {
  log: Logger
  job: string
  sweep: () => Promise<Record<string, number>> | null
  every?: number
  wakers?: Set<() => void>
}): { stop(): Promise<void> } {
  const errors = jobErrors(log, job)
  let running: Promise<void> | null = null
  let again = false
  const run = () => {
    if (running) {
      again = wakers !== undefined
      return
    }
    const swept = sweep()
    if (!swept) return
    running = swept
      .then((counts) => {
        errors.succeeded()
        if (Object.values(counts).some(Boolean)) log.info(counts, job)
      })
      .catch((err) => {
        errors.failed(err)
      })
      .finally(() => {
        running = null
        if (again) {
          again = false
          run()
        }
      })
  }
  const timer = setInterval(run, every)
  timer.unref()
  wakers?.add(run)
  run()
  return {
    async stop() {
      clearInterval(timer)
      wakers?.delete(run)
      await running
    },
  }
}

import type { ControlledTransaction } from 'kysely'
import { type DB, engineOf } from '#db/client.ts'
import type { Database } from '#db/schema.ts'

type Job = { work: (trx: DB) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void }

/**
 * Group commit: writes that arrive while a commit is in progress share the next transaction, each in its own
 * savepoint, so one fsync (synchronous=FULL) covers many requests. A caller's promise settles only after the
 * transaction holding its write has committed: durability is the same as one transaction per request.
 */
class GroupCommit {
  private queue: Job[] = []
  private flushing = false

  constructor(
    private readonly db: DB,
    private readonly maxBatch: number,
  ) {}

  run<T>(work: (trx: DB) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
      if (!this.flushing) {
        this.flushing = true
        setImmediate(() => void this.flush())
      }
    })
  }

  private async flush() {
    while (this.queue.length) {
      const jobs = this.queue.splice(0, this.maxBatch)
      const done: { job: Job; value: unknown }[] = []
      let trx: ControlledTransaction<Database> | undefined
      try {
        trx = await this.db.startTransaction().execute()
        for (const job of jobs) {
          const savepoint = await trx.savepoint('request').execute()
          try {
            const value = await job.work(savepoint)
            await savepoint.releaseSavepoint('request').execute()
            done.push({ job, value })
          } catch (error) {
            // This request's own failure (a replayed captcha, a constraint): undo only its writes.
            await savepoint.rollbackToSavepoint('request').execute()
            await savepoint.releaseSavepoint('request').execute()
            job.reject(error)
          }
        }
        await trx.commit().execute()
        for (const { job, value } of done) job.resolve(value)
      } catch (error) {
        if (trx && !trx.isCommitted && !trx.isRolledBack)
          await trx
            .rollback()
            .execute()
            .catch(() => undefined)
        for (const { job } of done) job.reject(error)
        for (const job of jobs.filter((j) => !done.some((d) => d.job === j))) job.reject(error)
      }
    }
    this.flushing = false
  }
}

const groups = new WeakMap<DB, GroupCommit>()

/**
 * Runs `work` in a transaction shared with the writes of concurrent requests; settles after the commit. On
 * PostgreSQL each request has its own transaction: the server groups the WAL flushes of concurrent commits itself,
 * and the transactions of several app processes could not share one anyway.
 */
export function commitInGroup<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  if (engineOf(db) === 'postgres') return db.transaction().execute(work)
  let group = groups.get(db)
  if (!group) {
    group = new GroupCommit(db, 64)
    groups.set(db, group)
  }
  return group.run(work)
}

import { type DB, inTransaction } from '#db/client.ts'

/**
 * The app processes working on this database. Each writes `seen_at` every few seconds while it runs and deletes its
 * row when it stops; a process not seen for longer than that has died, and the work it had in flight was interrupted.
 */
export async function announceInstance(db: DB, id: string, now = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('app_instances')
    .values({ id, started_at: now, seen_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: now }))
    .execute()
}

/** Stops counting that process among the running ones (it stopped, or it is known to have died). */
export async function retireInstance(db: DB, id: string): Promise<void> {
  await db.deleteFrom('app_instances').where('id', '=', id).execute()
}

/** Forgets every process but this one: SQLite has one process at a time, so at start-up the others have died. */
export async function retireOtherInstances(db: DB, id: string): Promise<number> {
  const result = await db.deleteFrom('app_instances').where('id', '<>', id).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Forgets the processes not seen since `before` (ISO time): they died without stopping. */
export async function retireSilentInstances(db: DB, before: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('app_instances').where('seen_at', '<', before).executeTakeFirst()
    return Number(result.numDeletedRows)
  })
}

import { type RawBuilder, sql } from 'kysely'
import { type DB, engineOf } from '#db/client.ts'

/**
 * Appended to the SELECT that picks rows to claim: on PostgreSQL, `FOR UPDATE [OF table] SKIP LOCKED`, so processes
 * claiming at once each get different rows, none waiting for another. SQLite runs one writer at a time: a claim
 * transaction sees the rows another has just claimed as claimed, and there is nothing to add.
 */
export const skipLocked = (db: DB, table?: string): RawBuilder<unknown> => {
  if (engineOf(db) !== 'postgres') return sql``
  return table ? sql`FOR UPDATE OF ${sql.id(table)} SKIP LOCKED` : sql`FOR UPDATE SKIP LOCKED`
}

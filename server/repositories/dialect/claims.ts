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

/**
 * Makes the transactions that pass the same `key` run one after the other from here to their commit, so a count
 * followed by a write on what it counted cannot be passed by two at once. PostgreSQL: a transaction-level advisory
 * lock on the key's 64-bit hash (READ COMMITTED would otherwise let each count miss the others' uncommitted rows).
 * SQLite runs one writer at a time: nothing to add.
 */
export async function serializeOn(db: DB, key: string): Promise<void> {
  if (engineOf(db) !== 'postgres') return
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db)
}

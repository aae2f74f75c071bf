import { sql } from 'kysely'
import { type DB, engineOf } from '#db/client.ts'

/**
 * Runs `work` on one connection that waits at most `ms` for a lock held by another writer, then fails. SQLite: the
 * connection's busy_timeout, lowered and restored. PostgreSQL: lock_timeout, for one transaction only.
 */
export async function withShortLockWait<T>(db: DB, ms: number, work: (conn: DB) => Promise<T>): Promise<T> {
  if (engineOf(db) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`SET LOCAL lock_timeout = ${sql.lit(`${ms}ms`)}`.execute(trx)
      return work(trx)
    })
  }
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(conn)
    const usual = Number(rows[0]?.timeout ?? 0)
    await sql`pragma busy_timeout = ${sql.lit(ms)}`.execute(conn)
    try {
      return await work(conn)
    } finally {
      await sql`pragma busy_timeout = ${sql.lit(usual)}`.execute(conn)
    }
  })
}

import { afterEach, beforeEach } from 'vitest'
import { type DB, openDatabase, openPostgres } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { createTestDatabase, testEngine } from './server.ts'

/**
 * A migrated database for each test of the file, closed after it: `database()` is the current one. SQLite in memory;
 * on PostgreSQL (project `repositories-postgres`), a copy of the suite cluster's migrated template.
 */
export function serveTestDatabase(): () => DB {
  let db: DB | undefined
  beforeEach(async () => {
    if (testEngine() === 'postgres') {
      db = openPostgres(await createTestDatabase(), 2)
      return
    }
    db = openDatabase(':memory:').db
    await migrateToLatest(db)
  })
  afterEach(async () => {
    await db?.destroy()
    db = undefined
  })
  return () => db!
}

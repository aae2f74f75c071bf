import { afterEach, beforeEach } from 'vitest'
import { type DB, openDatabase } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'

/** A migrated SQLite database in memory for each test of the file, closed after it: `database()` is the current one. */
export function serveMemoryDatabase(): () => DB {
  let db: DB | undefined
  beforeEach(async () => {
    db = openDatabase(':memory:').db
    await migrateToLatest(db)
  })
  afterEach(async () => {
    await db?.destroy()
    db = undefined
  })
  return () => db!
}

import { afterEach, beforeEach } from 'vitest'
import { type DB, openDatabase, openPostgres } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { createTestDatabase, testEngine } from './server.ts'

/**
 * The image of a SQLite database with every migration applied, made once per worker: migrating costs about 0.4 s of
 * CPU, opening a copy of the image in memory a millisecond. Written to a file, it is that database's file.
 */
let migratedImage: Promise<Buffer> | undefined
export function migratedSqlite(): Promise<Buffer> {
  migratedImage ??= (async () => {
    const { db, sqlite } = openDatabase(':memory:')
    await migrateToLatest(db)
    const image = sqlite.serialize()
    await db.destroy()
    return image
  })()
  return migratedImage
}

/**
 * A migrated database for each test of the file, closed after it: `database()` is the current one. SQLite in memory, a
 * copy of the migrated image; on PostgreSQL (project `repositories-postgres`), a copy of the suite cluster's migrated
 * template.
 */
export function serveTestDatabase(): () => DB {
  let db: DB | undefined
  beforeEach(async () => {
    if (testEngine() === 'postgres') {
      db = openPostgres(await createTestDatabase(), 2)
      return
    }
    db = openDatabase(await migratedSqlite()).db
  })
  afterEach(async () => {
    await db?.destroy()
    db = undefined
  })
  return () => db!
}

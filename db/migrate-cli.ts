import { EnvError, loadEnv } from '../server/env.ts'
import { openDatabase } from './client.ts'
import { migrateToLatest } from './migrate.ts'

let env
try {
  env = loadEnv()
} catch (error) {
  if (!(error instanceof EnvError)) throw error
  console.error(error.message)
  process.exit(1)
}
const { db } = openDatabase(env.DATABASE_PATH)
const applied = await migrateToLatest(db)
console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date.')
await db.destroy()

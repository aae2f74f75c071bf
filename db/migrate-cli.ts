import { loadEnvOrExit } from '#server/env.ts'
import { openDatabase } from './client.ts'
import { migrateToLatest } from './migrate.ts'

const env = loadEnvOrExit()
const { db } = openDatabase(env.DATABASE_PATH)
const applied = await migrateToLatest(db)
console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date.')
await db.destroy()

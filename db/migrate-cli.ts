import { loadEnvOrExit } from '#server/env.ts'
import { connect } from './client.ts'
import { migrateToLatest } from './migrate.ts'

const env = loadEnvOrExit()
const { db } = connect(env, { poolSize: env.DATABASE_POOL_SIZE })
const applied = await migrateToLatest(db)
console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date.')
await db.destroy()

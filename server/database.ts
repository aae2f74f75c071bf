import { connect, type DB } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import type { Env } from './env.ts'
import { watchDatabase } from './faults.ts'
import type { Logger } from './logger.ts'

/**
 * The app's database, migrated: the migrations first, on a connection of their own without the requests' timeouts
 * (one may build an index for minutes), then the pool the requests and jobs use. The server (server/index.ts) and the
 * tests' in-process app (tests/helpers/app.ts) open it the same way.
 */
export async function openAppDatabase(env: Env, logger: Logger): Promise<DB> {
  const migrations = connect(env, { poolSize: 1 }).db
  const applied = await migrateToLatest(migrations).finally(() => migrations.destroy())
  if (applied.length) logger.info({ migrations: applied }, 'database migrated')
  const { db } = connect(env, {
    poolSize: env.DATABASE_POOL_SIZE,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    // PostgreSQL restarting or failing over: /healthz and the log know at once, not at the next request (docs/decisions/042).
    onIdleError: () => watchDatabase(db, logger).recheck(),
  })
  return db
}

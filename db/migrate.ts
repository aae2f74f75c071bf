import { Migrator } from 'kysely'
import { migrations } from '#migrations/index.ts'
import type { DB } from './client.ts'

/**
 * Applies every pending migration in name order, each in its own transaction; returns the names applied by this call.
 * One transaction for them all (Kysely's migrateToLatest on PostgreSQL) would leave the deferred triggers' events of one
 * migration's writes pending when a later one alters the same table, which PostgreSQL refuses ("pending trigger
 * events"): a database several releases behind could not be upgraded in one go.
 */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const applied: string[] = []
  for (;;) {
    const { error, results } = await migrator.migrateUp()
    if (error) throw error instanceof Error ? error : new Error(String(error))
    const done = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
    if (done.length === 0) return applied
    applied.push(...done)
  }
}

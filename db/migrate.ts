import { Migrator } from 'kysely'
import { migrations } from '#migrations/index.ts'
import type { DB } from './client.ts'

/** Applies every pending migration in name order; returns the names applied by this call. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

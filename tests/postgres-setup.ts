import { sql } from 'kysely'
import type { TestProject } from 'vitest/node'
import { openPostgres } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { startPostgresCluster } from './helpers/postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://postgres@127.0.0.1:<port>: the suite's throwaway cluster, one database per server (helpers/server.ts). */
    postgresServerUrl: string
    /** The database of that cluster with every migration applied: each test server's database is created from it. */
    postgresTemplate: string
  }
}

const TEMPLATE = 'app_template'

// The PostgreSQL runs of the integration suite: one throwaway cluster for all their files, stopped at the end, and one
// migrated database that `CREATE DATABASE … TEMPLATE` copies for each server.
export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster()
  const server = cluster.url('').replace(/\/$/, '')
  const admin = openPostgres(`${server}/postgres`, 1)
  try {
    await sql`CREATE DATABASE ${sql.id(TEMPLATE)}`.execute(admin)
  } finally {
    await admin.destroy()
  }
  const template = openPostgres(`${server}/${TEMPLATE}`, 1)
  try {
    await migrateToLatest(template)
  } finally {
    // No connection may stay open to a template while databases are created from it.
    await template.destroy()
  }
  project.provide('postgresServerUrl', server)
  project.provide('postgresTemplate', TEMPLATE)
  return () => cluster.stop()
}

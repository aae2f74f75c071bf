import { sql } from 'kysely'
import type { TestProject } from 'vitest/node'
import { openPostgres } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { oncePerRun } from './helpers/once-per-run.ts'
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

// The PostgreSQL runs of the suite: one throwaway cluster for all their files and projects, stopped at the end, and one
// migrated database that `CREATE DATABASE … TEMPLATE` copies for each server.
export default async function setup(project: TestProject) {
  const { value: server, release } = await oncePerRun('postgres-cluster', makeCluster, ({ cluster }) => cluster.stop())
  project.provide('postgresServerUrl', server.url)
  project.provide('postgresTemplate', TEMPLATE)
  return release
}

async function makeCluster() {
  const cluster = await startPostgresCluster()
  const url = cluster.url('').replace(/\/$/, '')
  try {
    const admin = openPostgres(`${url}/postgres`, 1)
    try {
      await sql`CREATE DATABASE ${sql.id(TEMPLATE)}`.execute(admin)
    } finally {
      await admin.destroy()
    }
    const template = openPostgres(`${url}/${TEMPLATE}`, 1)
    try {
      await migrateToLatest(template)
    } finally {
      // No connection may stay open to a template while databases are created from it.
      await template.destroy()
    }
  } catch (error) {
    await cluster.stop()
    throw error
  }
  return { cluster, url }
}

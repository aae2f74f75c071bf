import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './helpers/postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://postgres@127.0.0.1:<port>: the suite's throwaway cluster, one database per server (helpers/server.ts). */
    postgresServerUrl: string
  }
}

// The PostgreSQL runs of the integration suite: one throwaway cluster for all their files, stopped at the end.
export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster()
  project.provide('postgresServerUrl', cluster.url('').replace(/\/$/, ''))
  return () => cluster.stop()
}

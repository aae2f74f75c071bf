import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { oncePerRun } from './helpers/once-per-run.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file with every migration applied, copied as each test server's database (helpers/server.ts). */
    sqliteTemplate: string
    /** The start of the name of every test server's data folder in this run (helpers/server.ts). */
    dataDirPrefix: string
  }
}

// Integration and browser tests run against the production build; `npm test` builds it first. Their databases start as
// copies of one migrated template, made once for every project of the run: migrating takes a server about a second,
// copying the file a few milliseconds.
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '..')
  const dist = process.env.BUILD_DIR ?? 'dist'
  for (const file of [`${dist}/server/index.js`, `${dist}/client/.vite/manifest.json`]) {
    if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` before the integration tests`)
  }
  const { value: template, release } = await oncePerRun('sqlite-template', makeTemplate, (file) =>
    fs.rmSync(path.dirname(file), { recursive: true, force: true }),
  )
  const { value: dataDirPrefix, release: releaseDataDirs } = await oncePerRun('data-dir-prefix', async () => `artigiani-test-${process.pid}-`, noDataDirLeft)
  project.provide('sqliteTemplate', template)
  project.provide('dataDirPrefix', dataDirPrefix)
  return async () => {
    await release()
    await releaseDataDirs()
  }
}

/**
 * After the last project: every test server removes its data folder when stopped, so a folder of this run still there
 * is a server some test did not stop (or a folder made for one that never started).
 */
function noDataDirLeft(prefix: string) {
  const left = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(prefix))
  if (left.length === 0) return
  // Vitest reports an error thrown here but still exits 0: the run fails through its exit code.
  console.error(`test servers left ${left.length} data folder(s) behind, not stopped: ${left.map((name) => path.join(os.tmpdir(), name)).join(', ')}`)
  process.exitCode = 1
}

async function makeTemplate(): Promise<string> {
  const template = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'artigiani-template-')), 'app.db')
  const { db, sqlite } = openDatabase(template)
  await migrateToLatest(db)
  // One file, nothing left in the write-ahead log: a copy of it is the whole database.
  sqlite.pragma('wal_checkpoint(TRUNCATE)')
  await db.destroy()
  return template
}

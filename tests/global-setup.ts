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
  project.provide('sqliteTemplate', template)
  return release
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

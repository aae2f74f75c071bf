import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DB, openDatabase, openPostgres } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { migrations } from '#migrations/index.ts'
import { type PostgresCluster, startPostgresCluster } from './helpers/postgres.ts'
import { engineNeutralSchema } from './helpers/schema.ts'

let cluster: PostgresCluster
let dir: string
const opened: DB[] = []

beforeAll(async () => {
  cluster = await startPostgresCluster()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artigiani-engines-'))
})

afterAll(async () => {
  for (const db of opened) await db.destroy()
  await cluster?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

async function migratedSqlite(): Promise<DB> {
  const { db } = openDatabase(path.join(dir, `${opened.length}.db`))
  opened.push(db)
  await migrateToLatest(db)
  return db
}

async function migratedPostgres(): Promise<DB> {
  const db = openPostgres(await cluster.createDatabase())
  opened.push(db)
  await migrateToLatest(db)
  return db
}

describe('one list of migrations for both engines', () => {
  it('applies every migration to a fresh PostgreSQL database, in order', async () => {
    const db = await migratedPostgres()
    const applied = await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never)
      .execute()
    expect(applied.map((row) => (row as { name: string }).name)).toEqual(Object.keys(migrations).sort())
  })

  it('ends on PostgreSQL with the tables, columns, keys, indexes and triggers of SQLite', async () => {
    const [sqlite, postgres] = await Promise.all([migratedSqlite().then(engineNeutralSchema), migratedPostgres().then(engineNeutralSchema)])
    expect(Object.keys(sqlite).length).toBeGreaterThan(30)
    expect(Object.keys(postgres).sort()).toEqual(Object.keys(sqlite).sort())
    for (const table of Object.keys(sqlite)) expect({ table, ...postgres[table] }).toEqual({ table, ...sqlite[table] })
  })

  it('finds a difference when there is one: a column, an index or a trigger more on one side', async () => {
    const [sqliteDb, postgresDb] = await Promise.all([migratedSqlite(), migratedPostgres()])
    await postgresDb.schema.alterTable('leads').addColumn('extra', 'text').execute()
    await sqliteDb.schema.createIndex('leads_extra_probe').on('leads').column('kind').execute()
    const [sqlite, postgres] = await Promise.all([engineNeutralSchema(sqliteDb), engineNeutralSchema(postgresDb)])
    expect(postgres.leads!.columns.extra).toEqual({ type: 'text', notNull: false, default: null })
    expect(sqlite.leads!.columns.extra).toBeUndefined()
    expect(sqlite.leads!.indexes.leads_extra_probe).toEqual({ columns: ['kind'], unique: false, partial: false })
    expect(postgres.leads!.indexes.leads_extra_probe).toBeUndefined()
  })
})

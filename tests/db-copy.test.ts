import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedBackOffice } from './helpers/back-office-pages.ts'
import { changeRows, countRowsOf, readRows } from './helpers/database.ts'
import { npmRun, run, tempDir } from './helpers/operations.ts'
import { createTestDatabase, startServer } from './helpers/server.ts'

// `npm run db:copy` between SQLite and PostgreSQL, and the backups of a site on PostgreSQL (this file runs in the
// integration-postgres project only).

let dir: string
let original: string

/** Every table of a SQLite file but the search index's, each with all its rows in a fixed order. */
function everyRow(file: string): Record<string, unknown[]> {
  const tables = readRows<{ name: string; sql: string }>(
    file,
    "select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' and name not like '%_search%' order by name",
  )
  return Object.fromEntries(
    tables.map(({ name }) => {
      const columns = readRows<{ name: string }>(file, 'select name from pragma_table_info(?)', name).map((c) => `"${c.name}"`)
      return [name, readRows(file, `select * from "${name}" order by ${columns.join(', ')}`)]
    }),
  )
}

beforeAll(async () => {
  dir = tempDir('artigiani-copy-')
  original = path.join(dir, 'app.db')
  await seedBackOffice(original, { leads: 400, artisans: 40 })
  // A file, as the requests' attachments are kept, and a suppressed address.
  changeRows(
    original,
    "insert into lead_attachments (lead_id, file_name, content_type, size, content, created_at) values (1, 'foto.png', 'image/png', 4, ?, '2026-11-25T08:00:00.000Z')",
    Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  )
  changeRows(
    original,
    "insert into email_suppressions (email_normalized, reason, created_at) values ('via@example.com', 'unsubscribed', '2026-11-25T08:00:00.000Z')",
  )
})

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('npm run db:copy', () => {
  it('moves a site from SQLite to PostgreSQL and back with every row identical, ids and files included', async () => {
    const postgres = await createTestDatabase({ migrated: false })
    const there = await npmRun('db:copy', ['--from', original, '--to', postgres], {})
    expect(there.stderr).toBe('')
    expect(there.code).toBe(0)
    expect(there.stdout).toMatch(/^leads: 400 rows$/m)
    expect(there.stdout).toMatch(/every table has as many rows on both sides/)
    expect(countRowsOf(postgres, 'leads')).toBe(400)
    expect(readRows(postgres, "select content from lead_attachments where file_name = 'foto.png'")).toEqual([
      { content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    ])

    const back = path.join(dir, 'back.db')
    const again = await npmRun('db:copy', ['--from', postgres, '--to', back], {})
    expect(again.stderr).toBe('')
    expect(again.code).toBe(0)
    const before = everyRow(original)
    const after = everyRow(back)
    expect(Object.keys(after)).toEqual(Object.keys(before))
    for (const table of Object.keys(before)) expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] })
    // The search index is rebuilt: a name fragment finds the same leads in both files.
    const search = 'select rowid from leads_search where leads_search match \'full_name : "ross"\' order by rowid'
    expect(readRows(back, search)).toEqual(readRows(original, search))
  })

  it('gives a site on PostgreSQL its new ids after the copied ones, and its lists and search work', async () => {
    const postgres = await createTestDatabase({ migrated: false })
    expect((await npmRun('db:copy', ['--from', original, '--to', postgres], {})).code).toBe(0)
    const server = await startServer({ DATABASE_PATH: postgres })
    try {
      const before = readRows<{ id: number }>(postgres, 'select max(id) as id from leads')[0]!.id
      changeRows(
        postgres,
        "insert into leads (kind, created_at, updated_at, full_name, email, email_normalized, service_name, description) values ('quote', ?, ?, 'Nuova Persona', 'nuova@example.com', 'nuova@example.com', 'Idraulico', 'Perdita')",
        new Date().toISOString(),
        new Date().toISOString(),
      )
      expect(readRows<{ id: number }>(postgres, "select id from leads where email = 'nuova@example.com'")[0]!.id).toBe(before + 1)
      // The copied counters went on counting: the list total is the leads' number.
      expect(readRows<{ leads: number }>(postgres, 'select leads from list_totals')[0]!.leads).toBe(401)
      expect(readRows<{ n: number }>(postgres, "select count(*) as n from requesters where email_normalized = 'nuova@example.com'")[0]!.n).toBe(1)
    } finally {
      await server.stop()
    }
  })

  it('refuses a target that holds data, a missing source and bad arguments, changing nothing', async () => {
    const postgres = await createTestDatabase({ migrated: false })
    expect((await npmRun('db:copy', ['--from', original, '--to', postgres], {})).code).toBe(0)
    const leads = countRowsOf(postgres, 'leads')
    const twice = await npmRun('db:copy', ['--from', original, '--to', postgres], {})
    expect(twice.code).not.toBe(0)
    expect(twice.stderr.trim()).toBe('Nothing copied: the target already holds data (table artisans): copy into an empty database')
    expect(countRowsOf(postgres, 'leads')).toBe(leads)

    const missing = await npmRun('db:copy', ['--from', path.join(dir, 'nessuno.db'), '--to', path.join(dir, 'x.db')], {})
    expect(missing.code).not.toBe(0)
    expect(missing.stderr.trim()).toBe(`No database at ${path.join(dir, 'nessuno.db')}.`)
    expect(fs.existsSync(path.join(dir, 'x.db'))).toBe(false)

    const usage = await npmRun('db:copy', ['--from', original], {})
    expect(usage.code).not.toBe(0)
    expect(usage.stderr.trim()).toBe('usage: npm run db:copy -- --from <SQLite file | postgres://...> --to <SQLite file | postgres://...>')

    // The password of an address never reaches the output.
    const secret = await npmRun('db:copy', ['--from', original, '--to', postgres.replace('postgres@', 'postgres:segreto@')], {})
    expect(`${secret.stdout}${secret.stderr}`).not.toContain('segreto')
  })
})

describe('npm run backup and restore with DATABASE_URL', () => {
  it("takes a pg_dump copy that pg_restore brings back whole, and sends restore to PostgreSQL's own tools", async () => {
    const postgres = await createTestDatabase({ migrated: false })
    expect((await npmRun('db:copy', ['--from', original, '--to', postgres], {})).code).toBe(0)
    const file = path.join(dir, 'artigiani.dump')
    const backup = await npmRun('backup', [file], { DATABASE_URL: postgres })
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    expect(backup.stdout).toContain('with pg_dump to')
    expect(backup.stdout).toContain('Litestream is for SQLite only')
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP')

    const restored = await createTestDatabase({ migrated: false })
    const pgRestore = await run('pg_restore', ['--no-owner', `--dbname=${restored}`, file])
    expect(pgRestore.code).toBe(0)
    expect(countRowsOf(restored, 'leads')).toBe(countRowsOf(postgres, 'leads'))
    expect(readRows(restored, 'select * from requesters order by id')).toEqual(readRows(postgres, 'select * from requesters order by id'))

    const again = await npmRun('backup', [file], { DATABASE_URL: postgres })
    expect(again.code).not.toBe(0)
    expect(again.stderr.trim()).toBe(`${file} already exists: choose a new name or delete it first.`)
    const restore = await npmRun('restore', [file], { DATABASE_URL: postgres })
    expect(restore.code).not.toBe(0)
    expect(restore.stderr).toContain('pg_restore --no-owner --dbname=<address>')
  })
})

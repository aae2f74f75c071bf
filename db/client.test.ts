import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openDatabase, withStatementCache } from './client.ts'

describe('the statement cache under Kysely', () => {
  it('hands out the prepared statement again for the same SQL', () => {
    const statements = withStatementCache(new SQLite(':memory:'))
    const first = statements.prepare('select 1 as one')
    expect(statements.prepare('select 1 as one')).toBe(first)
    expect(statements.prepare('select 2 as two')).not.toBe(first)
  })

  it('prepares a new statement while the cached one is being iterated', () => {
    const sqlite = new SQLite(':memory:')
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3)')
    const statements = withStatementCache(sqlite)
    const iterating = statements.prepare('select n from t order by n')
    const rows = iterating.iterate()
    rows.next()
    const other = statements.prepare('select n from t order by n')
    expect(other).not.toBe(iterating)
    expect(other.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    rows.return?.()
  })

  it('keeps at most the given number of statements, dropping the least recently used', () => {
    const statements = withStatementCache(new SQLite(':memory:'), 2)
    const one = statements.prepare('select 1')
    const two = statements.prepare('select 2')
    expect(statements.prepare('select 1')).toBe(one)
    statements.prepare('select 3')
    expect(statements.prepare('select 1')).toBe(one)
    expect(statements.prepare('select 2')).not.toBe(two)
  })

  it('serves Kysely queries with parameters, writes and reads alike', async () => {
    const { db, sqlite } = openDatabase(':memory:')
    sqlite.exec('create table app_settings (key text primary key, value text not null, updated_at text not null)')
    for (const key of ['a', 'b', 'c'])
      await db.insertInto('app_settings').values({ key, value: key.toUpperCase(), updated_at: '2026-11-23T12:00:00.000Z' }).execute()
    const read = (key: string) => db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst()
    expect(await read('b')).toEqual({ value: 'B' })
    expect(await read('c')).toEqual({ value: 'C' })
    await db.destroy()
  })
})

describe('openDatabase', () => {
  it('overwrites what is deleted, so a scrubbed secret does not stay in the file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secure-delete-'))
    const file = path.join(dir, 'app.db')
    const { sqlite, db } = openDatabase(file)
    try {
      const secret = 'link-segreto-0123456789abcdef'
      sqlite.exec('create table t (id integer primary key, body text)')
      for (let i = 0; i < 50; i++) sqlite.prepare('insert into t (body) values (?)').run(`${secret}-${i} ${'x'.repeat(200)}`)
      sqlite.exec("update t set body = 'scrubbed'")
      sqlite.exec('delete from t where id > 25')
      sqlite.pragma('wal_checkpoint(TRUNCATE)')
      expect(fs.readFileSync(file).includes(secret)).toBe(false)
    } finally {
      await db.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Migrator, sql } from 'kysely'
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

describe('migration 2026_11_26_0501: the messages of /contattaci leave the leads', () => {
  const MESSAGES = '2026_11_26_0501_contact_messages'
  const before = Object.keys(migrations)
    .sort()
    .filter((name) => name < MESSAGES)
    .at(-1)!
  const lead = (kind: string, email: string, createdAt: string, extra: Record<string, unknown> = {}) => ({
    kind,
    created_at: createdAt,
    updated_at: createdAt,
    full_name: 'Sara Galli',
    email,
    email_normalized: email.trim().toLowerCase(),
    phone: null,
    service_id: kind === 'quote' ? 'elettricista' : null,
    service_name: kind === 'quote' ? 'Elettricista' : 'Richiesta di Contatto',
    subject: kind === 'quote' ? null : 'Orari',
    description: kind === 'quote' ? 'Tre prese' : 'Siete aperti il sabato?',
    ip_address: '93.41.12.7',
    from_page: kind === 'quote' ? '/elettricista' : '/contattaci',
    ...extra,
  })

  for (const engine of ['sqlite', 'postgres'] as const) {
    it(`moves them with their ids, mails and the office's work, and takes them out of the requesters and the counts (${engine})`, async () => {
      const db = engine === 'sqlite' ? openDatabase(path.join(dir, `moved-${opened.length}.db`)).db : openPostgres(await cluster.createDatabase())
      opened.push(db)
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
      expect((await migrator.migrateTo(before)).error).toBeUndefined()
      const insert = async (row: Record<string, unknown>) =>
        Number(
          (
            await db
              .insertInto('leads')
              .values(row as never)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        )
      const quote = await insert(lead('quote', 'sara.galli@example.com', '2026-10-01T09:00:00.000Z'))
      const unread = await insert(lead('contact', 'Sara.Galli@example.com', '2026-10-02T09:00:00.000Z'))
      const answered = await insert(
        lead('contact', 'carla@example.com', '2026-10-03T09:00:00.000Z', { status: 'contattato', updated_at: '2026-10-04T09:00:00.000Z', notes: 'Richiamata' }),
      )
      await db
        .insertInto('email_outbox')
        .values({
          created_at: '2026-10-02T09:00:00.000Z',
          updated_at: '2026-10-02T09:00:00.000Z',
          category: 'contact-notification',
          to_address: '',
          subject: 'Richiesta di Contatto',
          html: '',
          text: '',
          next_attempt_at: '2026-10-02T09:00:00.000Z',
          lead_id: unread,
        } as never)
        .execute()

      // As the server upgrades (db/migrate.ts): each migration in its own transaction.
      await migrateToLatest(db)
      expect(await db.selectFrom('leads').select(['id', 'kind']).execute()).toEqual([{ id: quote, kind: 'quote' }])
      const moved = await db
        .selectFrom('contact_messages')
        .select(['id', 'email', 'email_normalized', 'subject', 'message', 'from_page', 'notes', 'read_at', 'answered_at'])
        .orderBy('id')
        .execute()
      expect(moved).toEqual([
        {
          id: unread,
          email: 'Sara.Galli@example.com',
          email_normalized: 'sara.galli@example.com',
          subject: 'Orari',
          message: 'Siete aperti il sabato?',
          from_page: '/contattaci',
          notes: null,
          read_at: null,
          answered_at: null,
        },
        {
          id: answered,
          email: 'carla@example.com',
          email_normalized: 'carla@example.com',
          subject: 'Orari',
          message: 'Siete aperti il sabato?',
          from_page: '/contattaci',
          notes: 'Richiamata',
          read_at: '2026-10-04T09:00:00.000Z',
          answered_at: '2026-10-04T09:00:00.000Z',
        },
      ])
      expect(await db.selectFrom('email_outbox').select(['lead_id', 'contact_message_id']).execute()).toEqual([{ lead_id: null, contact_message_id: unread }])
      expect(await db.selectFrom('requesters').select(['email_normalized', 'lead_count']).execute()).toEqual([
        { email_normalized: 'sara.galli@example.com', lead_count: 1 },
      ])
      expect(await db.selectFrom('list_totals').select(['leads', 'requesters']).execute()).toEqual([{ leads: 1, requesters: 1 }])
      expect(await db.selectFrom('lead_days').select(['day', 'requests']).where('dimension', '=', 'all').where('requests', '<>', 0).execute()).toEqual([
        { day: '2026-10-01', requests: 1 },
      ])
      // A new message follows the moved ones, and the search finds them.
      const next = await db
        .insertInto('contact_messages')
        .values({
          created_at: '2026-10-05T09:00:00.000Z',
          updated_at: '2026-10-05T09:00:00.000Z',
          full_name: 'Nuovo',
          email: 'nuovo@example.com',
          email_normalized: 'nuovo@example.com',
          phone: null,
          subject: 'Ciao',
          message: 'Testo',
          ip_address: null,
          user_agent: null,
          from_page: null,
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          utm_term: null,
          utm_content: null,
          landing_page: null,
          traffic_source: null,
          device: null,
          notes: null,
          read_at: null,
          answered_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      expect(Number(next.id)).toBe(answered + 1)
      const found =
        engine === 'sqlite'
          ? await sql<{ id: number }>`SELECT rowid AS id FROM contact_messages_search WHERE contact_messages_search MATCH 'email : "carla"'`.execute(db)
          : await sql<{ id: number }>`SELECT id FROM contact_messages WHERE search_text(email) LIKE '%carla%'`.execute(db)
      expect(found.rows.map((row) => Number(row.id))).toEqual([answered])
    })
  }
})

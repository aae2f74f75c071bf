import { type Kysely, type RawBuilder, sql } from 'kysely'
import { migrations } from '#migrations/index.ts'
import { type DB, engineOf, inTransaction } from './client.ts'
import { migrateToLatest } from './migrate.ts'

/** A table the copy moves: its columns, its primary key (empty for the few without one) and the tables it refers to. */
type CopiedTable = { name: string; columns: string[]; primaryKey: string[]; references: string[] }

/** Tables that migrations create with one row (counters): the copy replaces that row with the source's. */
const SINGLE_ROW_TABLES = new Set(['list_totals', 'mail_send_slots'])

/**
 * PostgreSQL's search tables (migration 2026_11_28_0102): the searched text of a table kept beside it by triggers, so
 * rebuilt from the copied rows as SQLite's FTS5 tables are, rather than copied (SQLite has no such plain tables).
 */
const POSTGRES_SEARCH_TABLES = [
  { name: 'leads_search', table: 'leads', date: 'created_at', columns: ['full_name', 'email', 'phone', 'location_label'] },
  { name: 'requesters_search', table: 'requesters', date: 'last_created_at', columns: ['last_full_name', 'email', 'last_phone', 'last_location_label'] },
]

/** Rows per INSERT: under SQLite's 32,766 bound values per statement for the widest table. */
const MAX_VALUES = 30_000

export type CopyReport = { table: string; source: number; target: number }[]

// biome-ignore lint/suspicious/noExplicitAny: the copy reads every table, whatever its type.
type AnyDB = Kysely<any>

const rowsOf = async <T>(db: AnyDB, text: string) => (await sql<T>`${sql.raw(text)}`.execute(db)).rows
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** The application's tables with their columns, keys and references; the migrator's and SQLite's search tables are left out. */
async function tablesOf(db: AnyDB): Promise<CopiedTable[]> {
  if (engineOf(db) === 'postgres') {
    const tables = await rowsOf<{ name: string }>(db, `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)
    const result: CopiedTable[] = []
    for (const { name } of tables) {
      if (name.startsWith('kysely_') || POSTGRES_SEARCH_TABLES.some((search) => search.name === name)) continue
      const columns = await rowsOf<{ name: string }>(
        db,
        `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = '${name}' ORDER BY ordinal_position`,
      )
      const keys = await rowsOf<{ kind: string; columns: string[]; target: string }>(
        db,
        `SELECT contype AS kind, confrelid::regclass::text AS target,
           array(SELECT a.attname FROM unnest(conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS columns
         FROM pg_constraint WHERE conrelid = '${quote(name)}'::regclass AND contype IN ('p', 'f')`,
      )
      result.push({
        name,
        columns: columns.map((c) => c.name),
        primaryKey: keys.find((k) => k.kind === 'p')?.columns ?? [],
        references: keys.filter((k) => k.kind === 'f').map((k) => k.target.replaceAll('"', '')),
      })
    }
    return result
  }
  const tables = await rowsOf<{ name: string; sql: string }>(
    db,
    `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name`,
  )
  const virtual = tables.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name)
  const result: CopiedTable[] = []
  for (const { name, sql: definition } of tables) {
    // FTS5 tables and their shadow tables (leads_search, leads_search_data...) are rebuilt from their content.
    if (/^CREATE VIRTUAL TABLE/i.test(definition) || virtual.some((v) => name.startsWith(`${v}_`))) continue
    const columns = await rowsOf<{ name: string; pk: number }>(db, `PRAGMA table_info(${quote(name)})`)
    const references = await rowsOf<{ table: string }>(db, `PRAGMA foreign_key_list(${quote(name)})`)
    result.push({
      name,
      columns: columns.map((c) => c.name),
      primaryKey: columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      references: references.map((r) => r.table),
    })
  }
  return result
}

/** Tables in an order where every table comes after those it refers to. */
function referencedFirst(tables: CopiedTable[]): CopiedTable[] {
  const ordered: CopiedTable[] = []
  const placed = new Set<string>()
  const place = (table: CopiedTable, path: Set<string>) => {
    if (placed.has(table.name) || path.has(table.name)) return
    path.add(table.name)
    for (const reference of table.references) {
      const target = tables.find((t) => t.name === reference)
      if (target && target !== table) place(target, path)
    }
    placed.add(table.name)
    ordered.push(table)
  }
  for (const table of tables) place(table, new Set())
  return ordered
}

const countOf = async (db: AnyDB, table: string) => Number((await rowsOf<{ n: number }>(db, `SELECT count(*) AS n FROM ${quote(table)}`))[0]?.n ?? 0)

/** The migrations a database has applied, by name. */
async function appliedMigrations(db: AnyDB): Promise<string[]> {
  try {
    return (await rowsOf<{ name: string }>(db, 'SELECT name FROM kysely_migration ORDER BY name')).map((row) => row.name)
  } catch {
    return []
  }
}

export class CopyRefused extends Error {}

/**
 * Copies every row of `source` into `target` (either engine to either engine), keeping ids: the target is migrated
 * to the latest schema first and must hold no data. Tables the triggers keep (requesters, totals, running counts)
 * are copied as they are, with the target's triggers set aside meanwhile; SQLite's search indexes are rebuilt and
 * PostgreSQL's identity sequences moved past the highest id. The source is read in one snapshot; the target is
 * written in one transaction, so a failed copy leaves it empty; then its statistics are gathered (VACUUM ANALYZE on
 * PostgreSQL). Returns the row count of every table on both sides.
 */
export async function copyDatabase(source: DB, target: DB, log: (line: string) => void = () => {}): Promise<CopyReport> {
  const known = Object.keys(migrations).sort()
  const applied = await appliedMigrations(source)
  if (applied.length === 0) throw new CopyRefused('the source holds no database of this site (no migrations applied)')
  const unknown = applied.filter((name) => !known.includes(name))
  if (unknown.length) throw new CopyRefused(`the source was migrated by a newer version of the site (${unknown.join(', ')}): copy with that version`)
  if (applied.length < known.length) throw new CopyRefused('the source is behind this version of the site: run `npm run db:migrate` on it first')
  await migrateToLatest(target)

  const tables = referencedFirst(await tablesOf(target))
  const sourceTables = new Set((await tablesOf(source)).map((t) => t.name))
  const missing = tables.filter((t) => !sourceTables.has(t.name)).map((t) => t.name)
  if (missing.length) throw new CopyRefused(`the source has no table ${missing.join(', ')}`)
  for (const table of tables) {
    if (!SINGLE_ROW_TABLES.has(table.name) && (await countOf(target, table.name)) > 0) {
      throw new CopyRefused(`the target already holds data (table ${table.name}): copy into an empty database`)
    }
  }

  const postgresTarget = engineOf(target) === 'postgres'
  const readSnapshot = engineOf(source) === 'postgres' ? source.transaction().setIsolationLevel('repeatable read') : source.transaction()
  const report = await readSnapshot.execute((reader) =>
    inTransaction(target, async (writer) => {
      // The triggers would count every copied row a second time in the tables they keep, which are copied too.
      const sqliteTriggers = postgresTarget
        ? []
        : await rowsOf<{ name: string; sql: string }>(
            writer,
            `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name NOT LIKE '%_search_%' ORDER BY name`,
          )
      for (const trigger of sqliteTriggers) await sql.raw(`DROP TRIGGER ${quote(trigger.name)}`).execute(writer)
      if (postgresTarget) for (const table of tables) await sql.raw(`ALTER TABLE ${quote(table.name)} DISABLE TRIGGER USER`).execute(writer)

      const report: CopyReport = []
      for (const table of tables) {
        if (SINGLE_ROW_TABLES.has(table.name)) await sql.raw(`DELETE FROM ${quote(table.name)}`).execute(writer)
        const copied = await copyTable(reader, writer, table)
        report.push({ table: table.name, source: await countOf(reader, table.name), target: copied })
        log(`${table.name}: ${copied} rows`)
      }

      if (postgresTarget) {
        for (const table of tables) await sql.raw(`ALTER TABLE ${quote(table.name)} ENABLE TRIGGER USER`).execute(writer)
        const identities = await rowsOf<{ table: string; column: string }>(
          writer,
          `SELECT table_name AS table, column_name AS column FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES'`,
        )
        for (const { table, column } of identities) {
          await sql
            .raw(`SELECT setval(pg_get_serial_sequence('${quote(table)}', '${column}'), coalesce(max(${quote(column)}), 0) + 1, false) FROM ${quote(table)}`)
            .execute(writer)
        }
        for (const { name, table, date, columns } of POSTGRES_SEARCH_TABLES) {
          const text = columns.map((column) => `public.search_text(${column})`).join(', ')
          await sql.raw(`INSERT INTO ${name} (id, ${date}, ${columns.join(', ')}) SELECT id, ${date}, ${text} FROM ${table}`).execute(writer)
        }
      } else {
        for (const trigger of sqliteTriggers) await sql.raw(trigger.sql).execute(writer)
        for (const search of ['leads_search', 'requesters_search', 'contact_messages_search']) {
          await sql.raw(`INSERT INTO ${search} (${search}) VALUES ('rebuild')`).execute(writer)
        }
      }
      const short = report.filter((line) => line.source !== line.target)
      if (short.length) throw new Error(`row counts differ after the copy: ${short.map((l) => `${l.table} ${l.source} -> ${l.target}`).join(', ')}`)
      return report
    }),
  )
  // Fresh statistics for the planner, and the visibility map that lets PostgreSQL answer from an index alone.
  if (postgresTarget) await sql`VACUUM ANALYZE`.execute(target)
  else await sql`ANALYZE`.execute(target)
  return report
}

/** One table, in pages along its primary key (all at once for the few small tables without one). */
async function copyTable(reader: AnyDB, writer: AnyDB, table: CopiedTable): Promise<number> {
  const columns = table.columns.map(quote).join(', ')
  const key = table.primaryKey.map(quote)
  const perInsert = Math.max(1, Math.min(1000, Math.floor(MAX_VALUES / table.columns.length)))
  const page = key.length ? 5000 : Number.MAX_SAFE_INTEGER
  let after: unknown[] | null = null
  let copied = 0
  for (;;) {
    const from = sql.raw(`SELECT ${columns} FROM ${quote(table.name)}`)
    const order = key.length ? sql.raw(` ORDER BY ${key.join(', ')} LIMIT ${page}`) : sql``
    const where: RawBuilder<unknown> = after ? sql` WHERE (${sql.raw(key.join(', '))}) > (${sql.join(after)})` : sql``
    const rows: Record<string, unknown>[] = (await sql<Record<string, unknown>>`${from}${where}${order}`.execute(reader)).rows
    for (let start = 0; start < rows.length; start += perInsert) {
      const chunk = rows.slice(start, start + perInsert)
      const values = chunk.map((row) => sql`(${sql.join(table.columns.map((column) => row[column]))})`)
      await sql`INSERT INTO ${sql.raw(quote(table.name))} (${sql.raw(columns)}) VALUES ${sql.join(values)}`.execute(writer)
    }
    copied += rows.length
    if (rows.length < page) return copied
    const last: Record<string, unknown> = rows.at(-1)!
    after = table.primaryKey.map((column) => last[column])
  }
}

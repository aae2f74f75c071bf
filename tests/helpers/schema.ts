import { sql } from 'kysely'
import { type DB, engineOf } from '#db/client.ts'

/**
 * A database's schema in terms both engines share, for comparing them: tables with their columns (type family, not
 * null, default), primary keys, unique constraints, foreign keys, indexes (columns, unique, partial) and triggers.
 * Left out: the migrator's own tables and each engine's search structures (SQLite's FTS5 tables and the triggers
 * that feed them; PostgreSQL's narrow search tables `<table>_search`, the triggers that feed them and their trigram
 * indexes `<table>_search_<column>`), which the search adapter speaks to; and the indexes of POSTGRES_ONLY_INDEXES.
 */
export type EngineNeutralSchema = Record<
  string,
  {
    columns: Record<string, { type: 'integer' | 'text' | 'blob' | 'real'; notNull: boolean; default: string | null }>
    primaryKey: string[]
    unique: string[][]
    foreignKeys: string[]
    indexes: Record<string, { columns: string[]; unique: boolean; partial: boolean }>
    triggers: string[]
  }
>

const isSearchStructure = (name: string) => /_search(_|$)/.test(name)
/**
 * Indexes only PostgreSQL has, for plans only it makes: page_visit_days by day, which a hash join reads as one range
 * (migration 2026_11_28_0107); SQLite joins by nested lookups, which its table's own key already serves.
 */
const POSTGRES_ONLY_INDEXES = new Set(['page_visit_days_by_day'])
const isMigratorTable = (name: string) => name.startsWith('kysely_')

function typeFamily(declared: string): 'integer' | 'text' | 'blob' | 'real' {
  const type = declared.toLowerCase()
  if (type.includes('int')) return 'integer'
  if (type.includes('char') || type.includes('text')) return 'text'
  if (type.includes('blob') || type === 'bytea') return 'blob'
  return 'real'
}

/** A default as written, without PostgreSQL's casts ('nuovo'::text) or SQLite's parentheses. */
const normalizeDefault = (value: string | null) => (value === null ? null : value.replace(/::[a-z ]+$/i, '').replace(/^\((.*)\)$/, '$1'))

export async function engineNeutralSchema(db: DB): Promise<EngineNeutralSchema> {
  return engineOf(db) === 'postgres' ? postgresSchema(db) : sqliteSchema(db)
}

async function sqliteSchema(db: DB): Promise<EngineNeutralSchema> {
  const query = async <T>(text: string) => (await sql<T>`${sql.raw(text)}`.execute(db)).rows
  const schema: EngineNeutralSchema = {}
  const tables = await query<{ name: string; sql: string }>(
    `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
  )
  for (const { name, sql: definition } of tables) {
    if (isMigratorTable(name) || isSearchStructure(name) || /VIRTUAL TABLE/i.test(definition)) continue
    const columns = await query<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(`PRAGMA table_info("${name}")`)
    const indexList = await query<{ name: string; unique: number; origin: string; partial: number }>(`PRAGMA index_list("${name}")`)
    const indexes: EngineNeutralSchema[string]['indexes'] = {}
    const unique: string[][] = []
    for (const index of indexList) {
      // A key that is an expression (lower(email)) has no column name: both engines call it '(expression)'.
      const indexColumns = (await query<{ name: string | null }>(`PRAGMA index_info("${index.name}")`)).map((c) => c.name ?? '(expression)')
      if (index.origin === 'u') unique.push(indexColumns)
      else if (index.origin === 'c') indexes[index.name] = { columns: indexColumns, unique: index.unique === 1, partial: index.partial === 1 }
    }
    const foreignKeys = (await query<{ from: string; table: string; to: string; on_delete: string }>(`PRAGMA foreign_key_list("${name}")`)).map(
      (fk) => `${fk.from} -> ${fk.table}.${fk.to} on delete ${fk.on_delete.toLowerCase()}`,
    )
    const triggers = (await query<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = '${name}'`))
      .map((t) => t.name)
      .filter((trigger) => !isSearchStructure(trigger))
    schema[name] = {
      columns: Object.fromEntries(
        columns.map((c) => [c.name, { type: typeFamily(c.type), notNull: c.notnull === 1 || c.pk > 0, default: normalizeDefault(c.dflt_value) }]),
      ),
      primaryKey: columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      unique: unique.sort(),
      foreignKeys: foreignKeys.sort(),
      indexes,
      triggers: triggers.sort(),
    }
  }
  return schema
}

async function postgresSchema(db: DB): Promise<EngineNeutralSchema> {
  const query = async <T>(text: string) => (await sql<T>`${sql.raw(text)}`.execute(db)).rows
  const schema: EngineNeutralSchema = {}
  const tables = await query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)
  for (const { name } of tables) {
    if (isMigratorTable(name) || isSearchStructure(name)) continue
    const columns = await query<{ name: string; type: string; not_null: boolean; default: string | null; identity: string }>(
      `SELECT column_name AS name, data_type AS type, is_nullable = 'NO' AS not_null, column_default AS default, is_identity AS identity
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name = '${name}' ORDER BY ordinal_position`,
    )
    const constraints = await query<{ kind: string; columns: string[]; foreign_table: string | null; foreign_columns: string[] | null; on_delete: string }>(
      `SELECT c.contype AS kind,
         array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS columns,
         c.confrelid::regclass::text AS foreign_table,
         array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS foreign_columns,
         c.confdeltype AS on_delete
       FROM pg_constraint c WHERE c.conrelid = '"${name}"'::regclass`,
    )
    const onDelete: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' }
    const indexRows = await query<{ name: string; columns: string[]; unique: boolean; partial: boolean; constraint: boolean }>(
      `SELECT i.relname AS name,
         array(SELECT COALESCE(a.attname, '(expression)') FROM unnest(x.indkey) WITH ORDINALITY k(n, o) LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS columns,
         x.indisunique AS unique, x.indpred IS NOT NULL AS partial,
         EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid) AS constraint
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = '"${name}"'::regclass`,
    )
    const triggers = await query<{ name: string }>(`SELECT tgname AS name FROM pg_trigger WHERE tgrelid = '"${name}"'::regclass AND NOT tgisinternal`)
    const primaryKey = constraints.find((c) => c.kind === 'p')?.columns ?? []
    schema[name] = {
      columns: Object.fromEntries(
        columns.map((c) => [
          c.name,
          // An identity column is SQLite's INTEGER PRIMARY KEY AUTOINCREMENT: no default there either.
          { type: typeFamily(c.type), notNull: c.not_null, default: c.identity === 'YES' ? null : normalizeDefault(c.default) },
        ]),
      ),
      primaryKey,
      unique: constraints
        .filter((c) => c.kind === 'u')
        .map((c) => c.columns)
        .sort(),
      foreignKeys: constraints
        .filter((c) => c.kind === 'f')
        .map((c) => `${c.columns[0]} -> ${c.foreign_table}.${c.foreign_columns?.[0]} on delete ${onDelete[c.on_delete]}`)
        .sort(),
      indexes: Object.fromEntries(
        indexRows
          .filter((index) => !index.constraint && !isSearchStructure(index.name) && !POSTGRES_ONLY_INDEXES.has(index.name))
          .map((index) => [index.name, { columns: index.columns, unique: index.unique, partial: index.partial }]),
      ),
      triggers: triggers
        .map((t) => t.name)
        .filter((trigger) => !isSearchStructure(trigger))
        .sort(),
    }
  }
  return schema
}

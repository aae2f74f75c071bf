import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'
import { postgresTrigger } from '#db/postgres.ts'

// PostgreSQL: the searched text of leads and requesters in a narrow table beside each (`leads_search`,
// `requesters_search`, as SQLite's FTS5 tables are named), already lower-cased and without accents, with the date the
// list orders by (docs/decisions/061). The trigram indexes move there from the tables' own columns: a substring's
// matches are rechecked against short stored text instead of calling search_text (unaccent) on each wide row again, and
// a date range is checked in the same narrow rows. Kept by triggers on the tables; db:copy rebuilds them.
// SQLite keeps its FTS5 trigram tables (migration 2026_11_22_0301): nothing changes there.

type SearchTable = { table: string; date: string; columns: string[] }

const TABLES: SearchTable[] = [
  { table: 'leads', date: 'created_at', columns: ['full_name', 'email', 'phone', 'location_label'] },
  { table: 'requesters', date: 'last_created_at', columns: ['last_full_name', 'email', 'last_phone', 'last_location_label'] },
]

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return
  for (const { table, date, columns } of TABLES) {
    const search = `${table}_search`
    await sql
      .raw(`CREATE TABLE ${search} (
        id bigint PRIMARY KEY REFERENCES ${table} (id) ON DELETE CASCADE,
        ${date} text NOT NULL,
        ${columns.map((column) => `${column} text NOT NULL`).join(',\n')}
      )`)
      .execute(db)
    const values = (row: string) => [`${row}.id`, `${row}.${date}`, ...columns.map((column) => `public.search_text(${row}.${column})`)].join(', ')
    await sql.raw(`INSERT INTO ${search} (id, ${date}, ${columns.join(', ')}) SELECT ${values(table)} FROM ${table}`).execute(db)
    const statements = [
      ...postgresTrigger({
        name: `${search}_insert`,
        event: 'AFTER INSERT',
        table,
        body: `INSERT INTO ${search} (id, ${date}, ${columns.join(', ')}) VALUES (${values('new')});`,
      }),
      ...postgresTrigger({
        name: `${search}_update`,
        event: `AFTER UPDATE OF ${[date, ...columns].join(', ')}`,
        table,
        body: `UPDATE ${search} SET (${date}, ${columns.join(', ')}) = (${values('new').split(', ').slice(1).join(', ')}) WHERE id = new.id;`,
      }),
    ]
    for (const statement of statements) await sql.raw(statement).execute(db)
    for (const column of columns) {
      await sql.raw(`DROP INDEX ${table}_search_${column}`).execute(db)
      await sql.raw(`CREATE INDEX ${search}_${column} ON ${search} USING gin (${column} gin_trgm_ops)`).execute(db)
    }
    await sql.raw(`CREATE INDEX ${search}_${date} ON ${search} (${date}, id)`).execute(db)
    await sql.raw(`ANALYZE ${search}`).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return
  for (const { table, columns } of TABLES) {
    const search = `${table}_search`
    for (const trigger of [`${search}_insert`, `${search}_update`]) await sql.raw(`DROP TRIGGER ${trigger} ON ${table}; DROP FUNCTION ${trigger}()`).execute(db)
    await sql.raw(`DROP TABLE ${search}`).execute(db)
    for (const column of columns) {
      await sql.raw(`CREATE INDEX ${table}_search_${column} ON ${table} USING gin (search_text(${column}) gin_trgm_ops)`).execute(db)
    }
  }
}

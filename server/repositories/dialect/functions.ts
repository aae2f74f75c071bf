import { type RawBuilder, sql } from 'kysely'
import { type DB, engineOf } from '#db/client.ts'

/** The smaller of two values: SQLite's min() with two arguments, PostgreSQL's least(). */
export const smaller = <T>(db: DB, a: unknown, b: unknown): RawBuilder<T> => (engineOf(db) === 'postgres' ? sql<T>`least(${a}, ${b})` : sql<T>`min(${a}, ${b})`)

/** The larger of two values: SQLite's max() with two arguments, PostgreSQL's greatest(). */
export const larger = <T>(db: DB, a: unknown, b: unknown): RawBuilder<T> =>
  engineOf(db) === 'postgres' ? sql<T>`greatest(${a}, ${b})` : sql<T>`max(${a}, ${b})`

/** Where a substring starts in a text (1-based, 0 when absent): SQLite's instr(), PostgreSQL's strpos(). */
export const position = (db: DB, text: unknown, part: unknown): RawBuilder<number> =>
  engineOf(db) === 'postgres' ? sql<number>`strpos(${text}, ${part})` : sql<number>`instr(${text}, ${part})`

/**
 * `column` contains `pattern` (a LIKE pattern escaped with backslashes), ignoring the case of ASCII letters: SQLite's
 * LIKE already does, PostgreSQL's ILIKE.
 */
export const likeIgnoringCase = (db: DB, column: RawBuilder<unknown>, pattern: string): RawBuilder<boolean> =>
  engineOf(db) === 'postgres' ? sql<boolean>`${column} ilike ${pattern} escape '\\'` : sql<boolean>`${column} like ${pattern} escape '\\'`

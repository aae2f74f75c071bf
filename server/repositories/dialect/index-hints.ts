import { type RawBuilder, sql } from 'kysely'
import { type DB, engineOf } from '#db/client.ts'

/**
 * Names the index a query must walk, where SQLite's planner would pick a worse one (measured in bench/): SQLite's
 * `INDEXED BY`. PostgreSQL takes no hints; its planner weighs the table's statistics itself, so nothing is written.
 */
export const indexedBy = (db: DB, index: string): RawBuilder<unknown> => (engineOf(db) === 'postgres' ? sql`` : sql`INDEXED BY ${sql.id(index)}`)

/**
 * A join that keeps the order written: SQLite's planner takes CROSS JOIN as "the left table drives" (the page of ids
 * first, then the rows); PostgreSQL's CROSS JOIN takes no ON, and its planner needs no such hint.
 */
export const joinInOrder = (db: DB): RawBuilder<unknown> => (engineOf(db) === 'postgres' ? sql`JOIN` : sql`CROSS JOIN`)

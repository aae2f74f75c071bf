import { type DB, openDatabase, openPostgres } from '#db/client.ts'
import { isPostgres, type TestDatabase } from './database.ts'

/**
 * The database as the application opens it (SQLite file or PostgreSQL), for a test that calls a repository function.
 * Apart from helpers/database.ts, whose raw reads and changes most files use: loading Kysely costs a test file about
 * 0.2 s, paid only by the files that open the database this way.
 */
export const openTestDatabase = (database: TestDatabase): DB => (isPostgres(database) ? openPostgres(database, 1) : openDatabase(database).db)

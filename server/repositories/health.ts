import { sql } from 'kysely'
import type { DB } from '../../db/client.ts'

/** Answers whether the database responds, and how many migrations it has applied. */
export async function checkDatabase(db: DB): Promise<{ ok: true; migrations: number } | { ok: false; error: string }> {
  try {
    const row = await sql<{ count: number }>`select count(*) as count from kysely_migration`.execute(db)
    return { ok: true, migrations: Number(row.rows[0]?.count ?? 0) }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

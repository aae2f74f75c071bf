import { type Kysely, sql } from 'kysely'

// Requests a day that the visit counter left out as suspicious (one address over its daily share of visits), kept
// beside the day's visits so the Statistiche screen can say how many there were (docs/decisions/025).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE visit_days ADD COLUMN uncounted INTEGER NOT NULL DEFAULT 0`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE visit_days DROP COLUMN uncounted`.execute(db)
}

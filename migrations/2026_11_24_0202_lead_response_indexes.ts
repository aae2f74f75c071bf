import { type Kysely, sql } from 'kysely'

// The dashboard's waiting leads read only open leads: a closed lead keeps its awaiting_answer_since but leaves the
// index, so the list and its count stay as small as the office's backlog, whatever the history. The 30-day response
// figures read the offers of the window from one covering index, and each lead's first offer from another.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX leads_awaiting_answer`.execute(db)
  await sql`CREATE INDEX leads_awaiting_answer ON leads (awaiting_answer_since)
    WHERE awaiting_answer_since IS NOT NULL AND status NOT IN ('acquisito', 'perso')`.execute(db)
  await sql`DROP INDEX lead_assignments_assigned_at`.execute(db)
  await sql`CREATE INDEX lead_assignments_assigned_at ON lead_assignments (assigned_at, revoked_at, response)`.execute(db)
  await sql`CREATE INDEX lead_assignments_lead_assigned_at ON lead_assignments (lead_id, assigned_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX lead_assignments_lead_assigned_at`.execute(db)
  await sql`DROP INDEX lead_assignments_assigned_at`.execute(db)
  await sql`CREATE INDEX lead_assignments_assigned_at ON lead_assignments (assigned_at)`.execute(db)
  await sql`DROP INDEX leads_awaiting_answer`.execute(db)
  await sql`CREATE INDEX leads_awaiting_answer ON leads (awaiting_answer_since) WHERE awaiting_answer_since IS NOT NULL`.execute(db)
}

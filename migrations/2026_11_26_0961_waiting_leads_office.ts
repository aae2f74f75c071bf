import { type Kysely, sql } from 'kysely'

// With automatic dispatch on, the dashboard's waiting leads leave out those still in one of its rounds (a due time on
// the lead). Their own partial index keeps that list and its count to the index, as leads_awaiting_answer does with
// dispatch off: as small as the office's backlog, whatever the history.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX leads_awaiting_office ON leads (awaiting_answer_since)
    WHERE awaiting_answer_since IS NOT NULL AND status NOT IN ('acquisito', 'perso') AND dispatch_due_at IS NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX leads_awaiting_office`.execute(db)
}

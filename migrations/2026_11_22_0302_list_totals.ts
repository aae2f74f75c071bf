import { sql, type Kysely } from 'kysely'
import { engineOf } from '#db/client.ts'
import { postgresTrigger } from '#db/postgres.ts'

// Counting a million rows for the page-number bar of an unfiltered list takes tens of milliseconds: keep the totals instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE list_totals (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    leads INTEGER NOT NULL,
    requesters INTEGER NOT NULL
  )`.execute(db)
  await sql`INSERT INTO list_totals (id, leads, requesters) VALUES (1, (SELECT count(*) FROM leads), (SELECT count(*) FROM requesters))`.execute(db)
  if (engineOf(db) === 'postgres') {
    const count = (name: string, event: string, table: string, change: string) =>
      postgresTrigger({ name, event, table, body: `UPDATE list_totals SET ${change} WHERE id = 1;` })
    for (const statement of [
      ...count('list_totals_lead_insert', 'AFTER INSERT', 'leads', 'leads = leads + 1'),
      ...count('list_totals_lead_delete', 'AFTER DELETE', 'leads', 'leads = leads - 1'),
      ...count('list_totals_requester_insert', 'AFTER INSERT', 'requesters', 'requesters = requesters + 1'),
      ...count('list_totals_requester_delete', 'AFTER DELETE', 'requesters', 'requesters = requesters - 1'),
    ]) {
      await sql.raw(statement).execute(db)
    }
    return
  }
  await sql`CREATE TRIGGER list_totals_lead_insert AFTER INSERT ON leads BEGIN UPDATE list_totals SET leads = leads + 1 WHERE id = 1; END`.execute(db)
  await sql`CREATE TRIGGER list_totals_lead_delete AFTER DELETE ON leads BEGIN UPDATE list_totals SET leads = leads - 1 WHERE id = 1; END`.execute(db)
  await sql`CREATE TRIGGER list_totals_requester_insert AFTER INSERT ON requesters BEGIN UPDATE list_totals SET requesters = requesters + 1 WHERE id = 1; END`.execute(
    db,
  )
  await sql`CREATE TRIGGER list_totals_requester_delete AFTER DELETE ON requesters BEGIN UPDATE list_totals SET requesters = requesters - 1 WHERE id = 1; END`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === 'postgres'
  for (const trigger of ['list_totals_requester_delete', 'list_totals_requester_insert', 'list_totals_lead_delete', 'list_totals_lead_insert']) {
    const table = trigger.includes('requester') ? 'requesters' : 'leads'
    if (postgres) await sql.raw(`DROP TRIGGER ${trigger} ON ${table}; DROP FUNCTION ${trigger}()`).execute(db)
    else await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db)
  }
  await sql`DROP TABLE list_totals`.execute(db)
}

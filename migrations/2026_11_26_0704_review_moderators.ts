import type { Kysely } from 'kysely'

// Who moderated a review, wrote its reply or resolved a report is an administrator, whose id is lucia's random text id
// (admin_users.id): migration 2026_11_26_0601 typed these columns integer, which PostgreSQL refuses a text id for. The
// tables are empty until reviews are written, so the columns are replaced rather than converted.
const COLUMNS = [
  ['reviews', 'moderated_by'],
  ['reviews', 'reply_by'],
  ['review_reports', 'resolved_by'],
] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await db.schema.alterTable(table).dropColumn(column).execute()
    await db.schema.alterTable(table).addColumn(column, 'text').execute()
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await db.schema.alterTable(table).dropColumn(column).execute()
    await db.schema.alterTable(table).addColumn(column, 'integer').execute()
  }
}

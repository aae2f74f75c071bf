import type { Kysely } from 'kysely'

// The questionnaire of the quote form (issue 30): leads.answers holds the answers to the service's questions as JSON
// text ({ questionId: optionId | number }, shared/catalog/questions.ts), null when none; leads.timing "Quando?", one of
// 'urgente', 'entro-2-settimane', 'entro-3-mesi', 'solo-preventivo', or null. The leads list filters by timing, so the
// index of its non-text filters (2026_11_25_0202) gains the column: same number of indexes for an insert to keep.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('answers', 'text').execute()
  await db.schema.alterTable('leads').addColumn('timing', 'text').execute()
  await db.schema.dropIndex('leads_filters').execute()
  await db.schema.createIndex('leads_filters').on('leads').columns(['id', 'created_at', 'kind', 'status', 'service_id', 'timing']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('leads_filters').execute()
  await db.schema.createIndex('leads_filters').on('leads').columns(['id', 'created_at', 'kind', 'status', 'service_id']).execute()
  await db.schema.alterTable('leads').dropColumn('timing').execute()
  await db.schema.alterTable('leads').dropColumn('answers').execute()
}

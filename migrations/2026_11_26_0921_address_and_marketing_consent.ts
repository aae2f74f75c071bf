import { type Kysely, sql } from 'kysely'

// A quote's street and number, kept apart from its comune (comune_slug), which only the craftsman who accepts sees;
// and the marketing consent of quotes and messages, with when it was given and the exact words the visitor ticked.
// The partial index answers "did this address ever consent?" for the newsletter's requester audience without reading
// the leads of those who did not.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('street', 'text').execute()
  await db.schema.alterTable('leads').addColumn('marketing_consent_at', 'text').execute()
  await db.schema.alterTable('leads').addColumn('marketing_consent_text', 'text').execute()
  await db.schema.alterTable('contact_messages').addColumn('marketing_consent_at', 'text').execute()
  await db.schema.alterTable('contact_messages').addColumn('marketing_consent_text', 'text').execute()
  await sql`CREATE INDEX leads_marketing_consent ON leads (email_normalized) WHERE marketing_consent_at IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('leads_marketing_consent').execute()
  for (const column of ['marketing_consent_text', 'marketing_consent_at']) await db.schema.alterTable('contact_messages').dropColumn(column).execute()
  for (const column of ['marketing_consent_text', 'marketing_consent_at', 'street']) await db.schema.alterTable('leads').dropColumn(column).execute()
}

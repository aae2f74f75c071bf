import type { Kysely } from 'kysely'

// Mail of the public forms is queued as a template and its values, and rendered by the worker, off the request path.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('template', 'text').execute()
  await db.schema.alterTable('email_outbox').addColumn('template_props', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('template_props').execute()
  await db.schema.alterTable('email_outbox').dropColumn('template').execute()
}

import { type Kysely, sql } from 'kysely'

// Password-reset mails already sent or failed keep their recipient, subject and status, not the link they carried.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update email_outbox
    set html = '', text = 'Contenuto non conservato: conteneva un link personale di accesso.', template_props = null
    where category = 'password-reset' and status in ('sent', 'failed')`.execute(db)
}

// The links are gone for good; they had expired anyway.
export async function down(): Promise<void> {}

import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'

// What the retention job needs (server/retention):
// - leads_technical: leads that still hold an IP address or a user agent, by age (nulled after RETENTION_TECHNICAL_DAYS).
// - newsletter_deliveries_email: a person's newsletter deliveries.
// - requesters_lead_update no longer makes a requester of the address '' (an anonymised lead has none): anonymising
//   a lead leaves the person's own requester row to be recomputed or removed, and adds nothing to the requesters list.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX leads_technical ON leads (created_at, id) WHERE ip_address IS NOT NULL OR user_agent IS NOT NULL`.execute(db)
  await db.schema.createIndex('newsletter_deliveries_email').on('newsletter_deliveries').column('email_normalized').execute()
  await replaceRequesterUpdate(db, true)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceRequesterUpdate(db, false)
  await db.schema.dropIndex('newsletter_deliveries_email').execute()
  await db.schema.dropIndex('leads_technical').execute()
}

const COLUMNS = 'email_normalized, email, last_full_name, last_phone, last_location_label, last_created_at, last_lead_id, first_created_at, lead_count'
const VALUES = 'new.email_normalized, new.email, new.full_name, new.phone, new.location_label, new.created_at, new.id, new.created_at, 1'

// As migration 2026_11_22_0301 wrote it: the latest values read back from the leads of that e-mail.
const recompute = (email: string) => `
    UPDATE requesters SET
      (email, last_full_name, last_created_at, last_lead_id) =
        (SELECT email, full_name, created_at, id FROM leads WHERE email_normalized = ${email} ORDER BY created_at DESC, id DESC LIMIT 1),
      last_phone = (SELECT phone FROM leads WHERE email_normalized = ${email} AND phone IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1),
      last_location_label = (SELECT location_label FROM leads WHERE email_normalized = ${email} AND location_label IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1),
      first_created_at = (SELECT min(created_at) FROM leads WHERE email_normalized = ${email}),
      lead_count = (SELECT count(*) FROM leads WHERE email_normalized = ${email})
    WHERE email_normalized = ${email} AND EXISTS (SELECT 1 FROM leads WHERE email_normalized = ${email});
    DELETE FROM requesters WHERE email_normalized = ${email} AND NOT EXISTS (SELECT 1 FROM leads WHERE email_normalized = ${email});`

const UPDATED_COLUMNS = ['email', 'email_normalized', 'full_name', 'phone', 'location_label', 'created_at']

async function replaceRequesterUpdate(db: Kysely<unknown>, skipEmpty: boolean): Promise<void> {
  if (engineOf(db) === 'postgres') {
    const added = `INSERT INTO requesters (${COLUMNS}) VALUES (${VALUES}) ON CONFLICT (email_normalized) DO NOTHING; ${recompute('new.email_normalized')}`
    const body = `${recompute('old.email_normalized')} ${skipEmpty ? `IF new.email_normalized <> '' THEN ${added} END IF;` : added}`
    await sql
      .raw(`CREATE OR REPLACE FUNCTION requesters_lead_update() RETURNS trigger LANGUAGE plpgsql AS $function$ BEGIN ${body} RETURN NULL; END $function$`)
      .execute(db)
    return
  }
  await sql`DROP TRIGGER requesters_lead_update`.execute(db)
  const insert = skipEmpty
    ? `INSERT INTO requesters (${COLUMNS}) SELECT ${VALUES} WHERE new.email_normalized <> '' ON CONFLICT (email_normalized) DO NOTHING;`
    : `INSERT INTO requesters (${COLUMNS}) VALUES (${VALUES}) ON CONFLICT (email_normalized) DO NOTHING;`
  await sql
    .raw(`CREATE TRIGGER requesters_lead_update AFTER UPDATE OF ${UPDATED_COLUMNS.join(', ')} ON leads
  WHEN ${UPDATED_COLUMNS.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ')}
  BEGIN
    ${recompute('old.email_normalized')}
    ${insert}
    ${recompute('new.email_normalized')}
  END`)
    .execute(db)
}

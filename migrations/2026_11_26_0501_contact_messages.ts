import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'

// The messages of /contattaci get a table of their own: they were stored as leads of kind 'contact', so they sat in
// the quote pipeline with its statuses, counted as requests on the dashboard and in Statistiche, and made their
// senders requesters that "Tutti gli utenti" campaigns reached (the form asks no consent to newsletters). The stored
// ones move with their ids; deleting them from leads lets the triggers take them out of the requesters, the lists'
// totals and the requests per day. Their mails follow them (email_outbox.contact_message_id).

const COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'full_name',
  'email',
  'email_normalized',
  'phone',
  'subject',
  'message',
  'ip_address',
  'user_agent',
  'from_page',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'landing_page',
  'traffic_source',
  'device',
  'notes',
  'read_at',
  'answered_at',
]

/** What the office had done with a message it worked as a lead: a status past 'nuovo' read it; one of these answered it. */
const ANSWERED = `('contattato', 'sopralluogo fissato', 'preventivo inviato', 'acquisito')`

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_normalized', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('from_page', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('landing_page', 'text')
    .addColumn('traffic_source', 'text')
    .addColumn('device', 'text')
    .addColumn('notes', 'text')
    .addColumn('read_at', 'text')
    .addColumn('answered_at', 'text')
    .execute()
  await db.schema.createIndex('contact_messages_created_at').on('contact_messages').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('contact_messages_email').on('contact_messages').columns(['email_normalized', 'created_at']).execute()
  await sql`CREATE INDEX contact_messages_unread ON contact_messages (created_at, id) WHERE read_at IS NULL`.execute(db)
  await sql`CREATE INDEX contact_messages_technical ON contact_messages (created_at, id) WHERE ip_address IS NOT NULL OR user_agent IS NOT NULL`.execute(db)

  // No foreign key: SQLite cannot drop a column that has one (down), and a message is deleted with its mails anyway.
  await db.schema.alterTable('email_outbox').addColumn('contact_message_id', 'integer').execute()
  await db.schema.createIndex('email_outbox_contact_message_id').on('email_outbox').column('contact_message_id').execute()

  const postgres = engineOf(db) === 'postgres'
  if (postgres) {
    // The same substring search as the leads' (migration 2026_11_22_0301): search_text and pg_trgm.
    for (const column of ['full_name', 'email', 'phone', 'subject']) {
      await sql.raw(`CREATE INDEX contact_messages_search_${column} ON contact_messages USING gin (search_text(${column}) gin_trgm_ops)`).execute(db)
    }
  } else {
    await searchOnSqlite(db)
  }

  const moved = COLUMNS.map((column) => {
    if (column === 'message') return 'description'
    if (column === 'subject') return `coalesce(subject, '')`
    if (column === 'read_at') return `CASE WHEN status <> 'nuovo' THEN updated_at END`
    if (column === 'answered_at') return `CASE WHEN status IN ${ANSWERED} THEN updated_at END`
    return column
  })
  await sql.raw(`INSERT INTO contact_messages (${COLUMNS.join(', ')}) SELECT ${moved.join(', ')} FROM leads WHERE kind = 'contact' ORDER BY id`).execute(db)
  // Ids written by hand: the identity goes on after the largest.
  if (postgres) {
    await sql`SELECT setval(pg_get_serial_sequence('contact_messages', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM contact_messages), false)`.execute(db)
  } else {
    await sql`INSERT INTO contact_messages_search (contact_messages_search) VALUES ('rebuild')`.execute(db)
  }
  await sql`UPDATE email_outbox SET contact_message_id = lead_id, lead_id = NULL WHERE lead_id IN (SELECT id FROM leads WHERE kind = 'contact')`.execute(db)
  // Their timeline, offers and ratings, if the office handled one as a quote, go with the lead (ON DELETE CASCADE).
  await sql`DELETE FROM leads WHERE kind = 'contact'`.execute(db)
}

async function searchOnSqlite(db: Kysely<unknown>) {
  await sql`CREATE VIRTUAL TABLE contact_messages_search USING fts5(
    full_name, email, phone, subject,
    content='contact_messages', content_rowid='id', tokenize='trigram remove_diacritics 1'
  )`.execute(db)
  await sql`CREATE TRIGGER contact_messages_search_insert AFTER INSERT ON contact_messages BEGIN
    INSERT INTO contact_messages_search (rowid, full_name, email, phone, subject)
    VALUES (new.id, new.full_name, new.email, new.phone, new.subject);
  END`.execute(db)
  await sql`CREATE TRIGGER contact_messages_search_delete AFTER DELETE ON contact_messages BEGIN
    INSERT INTO contact_messages_search (contact_messages_search, rowid, full_name, email, phone, subject)
    VALUES ('delete', old.id, old.full_name, old.email, old.phone, old.subject);
  END`.execute(db)
  await sql`CREATE TRIGGER contact_messages_search_update AFTER UPDATE OF full_name, email, phone, subject ON contact_messages
  WHEN old.full_name IS NOT new.full_name OR old.email IS NOT new.email OR old.phone IS NOT new.phone OR old.subject IS NOT new.subject
  BEGIN
    INSERT INTO contact_messages_search (contact_messages_search, rowid, full_name, email, phone, subject)
    VALUES ('delete', old.id, old.full_name, old.email, old.phone, old.subject);
    INSERT INTO contact_messages_search (rowid, full_name, email, phone, subject)
    VALUES (new.id, new.full_name, new.email, new.phone, new.subject);
  END`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const back = COLUMNS.filter((column) => !['message', 'read_at', 'answered_at'].includes(column))
  await sql
    .raw(`INSERT INTO leads (kind, service_name, description, status, ${back.join(', ')})
      SELECT 'contact', 'Richiesta di Contatto', message, CASE WHEN answered_at IS NOT NULL THEN 'contattato' ELSE 'nuovo' END, ${back.join(', ')}
      FROM contact_messages ORDER BY id`)
    .execute(db)
  await sql`UPDATE email_outbox SET lead_id = contact_message_id WHERE contact_message_id IS NOT NULL`.execute(db)
  await db.schema.dropIndex('email_outbox_contact_message_id').execute()
  await db.schema.alterTable('email_outbox').dropColumn('contact_message_id').execute()
  if (engineOf(db) === 'sqlite') {
    for (const trigger of ['contact_messages_search_update', 'contact_messages_search_delete', 'contact_messages_search_insert']) {
      await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db)
    }
    await sql`DROP TABLE contact_messages_search`.execute(db)
  }
  await db.schema.dropTable('contact_messages').execute()
}

import { type Kysely, sql } from 'kysely'
import { engineOf } from '#db/client.ts'
import { postgresTrigger } from '#db/postgres.ts'

// Working a lead (craftsmen it was handed to), the unique requesters kept by triggers, and substring search for both lists.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lead_assignments')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('lead_id', 'integer', (col) => col.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('artisan_id', 'integer', (col) => col.notNull().references('artisans.id').onDelete('cascade'))
    .addColumn('assigned_at', 'text', (col) => col.notNull())
    .addColumn('assigned_by', 'text')
    .addColumn('email_outbox_id', 'integer')
    .addUniqueConstraint('lead_assignments_lead_artisan', ['lead_id', 'artisan_id'])
    .execute()
  await db.schema.createIndex('lead_assignments_artisan_id').on('lead_assignments').columns(['artisan_id', 'assigned_at']).execute()

  // The list filters on an exact value and sorts newest first: one index per filter, ending with the sort key.
  await db.schema.createIndex('leads_status_created_at').on('leads').columns(['status', 'created_at', 'id']).execute()
  await db.schema.createIndex('leads_service_created_at').on('leads').columns(['service_id', 'status', 'created_at', 'id']).execute()
  await db.schema.createIndex('leads_kind_created_at').on('leads').columns(['kind', 'created_at', 'id']).execute()

  const postgres = engineOf(db) === 'postgres'
  if (postgres) await searchIndexesOnPostgres(db)
  else await leadsSearchOnSqlite(db)

  // One row per normalized e-mail, updated by triggers in the same transaction as any write to leads, whoever writes.
  await db.schema
    .createTable('requesters')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('email_normalized', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('last_full_name', 'text', (col) => col.notNull())
    .addColumn('last_phone', 'text')
    .addColumn('last_location_label', 'text')
    .addColumn('last_created_at', 'text', (col) => col.notNull())
    .addColumn('last_lead_id', 'integer', (col) => col.notNull())
    .addColumn('first_created_at', 'text', (col) => col.notNull())
    .addColumn('lead_count', 'integer', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('requesters_last_created_at').on('requesters').columns(['last_created_at', 'id']).execute()

  if (postgres) await requesterTriggersOnPostgres(db)
  else await requesterTriggersOnSqlite(db)

  // Leads stored before this migration.
  if (!postgres) await sql`INSERT INTO leads_search (leads_search) VALUES ('rebuild')`.execute(db)
  await sql`INSERT INTO requesters (email_normalized, email, last_full_name, last_phone, last_location_label, last_created_at, last_lead_id, first_created_at, lead_count)
    SELECT g.email_normalized, l.email, l.full_name,
      (SELECT phone FROM leads p WHERE p.email_normalized = g.email_normalized AND p.phone IS NOT NULL ORDER BY p.created_at DESC, p.id DESC LIMIT 1),
      (SELECT location_label FROM leads p WHERE p.email_normalized = g.email_normalized AND p.location_label IS NOT NULL ORDER BY p.created_at DESC, p.id DESC LIMIT 1),
      l.created_at, l.id, g.first_created_at, g.lead_count
    FROM (SELECT email_normalized, min(created_at) AS first_created_at, count(*) AS lead_count FROM leads GROUP BY email_normalized) g
    JOIN leads l ON l.id = (SELECT id FROM leads p WHERE p.email_normalized = g.email_normalized ORDER BY p.created_at DESC, p.id DESC LIMIT 1)`.execute(db)
}

// Substring filters ('ross' finds Rossi) on a million rows need an index: trigram full-text, kept by triggers.
async function leadsSearchOnSqlite(db: Kysely<unknown>) {
  await sql`CREATE VIRTUAL TABLE leads_search USING fts5(
    full_name, email, phone, location_label,
    content='leads', content_rowid='id', tokenize='trigram remove_diacritics 1'
  )`.execute(db)
  await sql`CREATE TRIGGER leads_search_insert AFTER INSERT ON leads BEGIN
    INSERT INTO leads_search (rowid, full_name, email, phone, location_label)
    VALUES (new.id, new.full_name, new.email, new.phone, new.location_label);
  END`.execute(db)
  await sql`CREATE TRIGGER leads_search_delete AFTER DELETE ON leads BEGIN
    INSERT INTO leads_search (leads_search, rowid, full_name, email, phone, location_label)
    VALUES ('delete', old.id, old.full_name, old.email, old.phone, old.location_label);
  END`.execute(db)
  await sql`CREATE TRIGGER leads_search_update AFTER UPDATE OF full_name, email, phone, location_label ON leads
  WHEN old.full_name IS NOT new.full_name OR old.email IS NOT new.email OR old.phone IS NOT new.phone OR old.location_label IS NOT new.location_label
  BEGIN
    INSERT INTO leads_search (leads_search, rowid, full_name, email, phone, location_label)
    VALUES ('delete', old.id, old.full_name, old.email, old.phone, old.location_label);
    INSERT INTO leads_search (rowid, full_name, email, phone, location_label)
    VALUES (new.id, new.full_name, new.email, new.phone, new.location_label);
  END`.execute(db)
}

async function requesterTriggersOnSqlite(db: Kysely<unknown>) {
  await sql`CREATE TRIGGER requesters_lead_insert AFTER INSERT ON leads BEGIN
    INSERT INTO requesters (email_normalized, email, last_full_name, last_phone, last_location_label, last_created_at, last_lead_id, first_created_at, lead_count)
    VALUES (new.email_normalized, new.email, new.full_name, new.phone, new.location_label, new.created_at, new.id, new.created_at, 1)
    ON CONFLICT (email_normalized) DO UPDATE SET
      lead_count = requesters.lead_count + 1,
      first_created_at = min(requesters.first_created_at, excluded.first_created_at),
      email = iif(excluded.last_created_at >= requesters.last_created_at, excluded.email, requesters.email),
      last_full_name = iif(excluded.last_created_at >= requesters.last_created_at, excluded.last_full_name, requesters.last_full_name),
      last_phone = iif(excluded.last_created_at >= requesters.last_created_at AND excluded.last_phone IS NOT NULL, excluded.last_phone, requesters.last_phone),
      last_location_label = iif(excluded.last_created_at >= requesters.last_created_at AND excluded.last_location_label IS NOT NULL, excluded.last_location_label, requesters.last_location_label),
      last_lead_id = iif(excluded.last_created_at >= requesters.last_created_at, excluded.last_lead_id, requesters.last_lead_id),
      last_created_at = max(requesters.last_created_at, excluded.last_created_at);
  END`.execute(db)
  // After a delete or an edit the latest values are read back from the leads of that e-mail (an index lookup).
  const recompute = (email: string) =>
    sql.raw(`
    UPDATE requesters SET
      (email, last_full_name, last_created_at, last_lead_id) =
        (SELECT email, full_name, created_at, id FROM leads WHERE email_normalized = ${email} ORDER BY created_at DESC, id DESC LIMIT 1),
      last_phone = (SELECT phone FROM leads WHERE email_normalized = ${email} AND phone IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1),
      last_location_label = (SELECT location_label FROM leads WHERE email_normalized = ${email} AND location_label IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1),
      first_created_at = (SELECT min(created_at) FROM leads WHERE email_normalized = ${email}),
      lead_count = (SELECT count(*) FROM leads WHERE email_normalized = ${email})
    WHERE email_normalized = ${email} AND EXISTS (SELECT 1 FROM leads WHERE email_normalized = ${email});
    DELETE FROM requesters WHERE email_normalized = ${email} AND NOT EXISTS (SELECT 1 FROM leads WHERE email_normalized = ${email});`)
  await sql`CREATE TRIGGER requesters_lead_delete AFTER DELETE ON leads BEGIN ${recompute('old.email_normalized')} END`.execute(db)
  await sql`CREATE TRIGGER requesters_lead_update AFTER UPDATE OF email, email_normalized, full_name, phone, location_label, created_at ON leads
  WHEN old.email IS NOT new.email OR old.email_normalized IS NOT new.email_normalized OR old.full_name IS NOT new.full_name
    OR old.phone IS NOT new.phone OR old.location_label IS NOT new.location_label OR old.created_at IS NOT new.created_at
  BEGIN
    ${recompute('old.email_normalized')}
    INSERT INTO requesters (email_normalized, email, last_full_name, last_phone, last_location_label, last_created_at, last_lead_id, first_created_at, lead_count)
    VALUES (new.email_normalized, new.email, new.full_name, new.phone, new.location_label, new.created_at, new.id, new.created_at, 1)
    ON CONFLICT (email_normalized) DO NOTHING;
    ${recompute('new.email_normalized')}
  END`.execute(db)

  await sql`CREATE VIRTUAL TABLE requesters_search USING fts5(
    last_full_name, email, last_phone, last_location_label,
    content='requesters', content_rowid='id', tokenize='trigram remove_diacritics 1'
  )`.execute(db)
  await sql`CREATE TRIGGER requesters_search_insert AFTER INSERT ON requesters BEGIN
    INSERT INTO requesters_search (rowid, last_full_name, email, last_phone, last_location_label)
    VALUES (new.id, new.last_full_name, new.email, new.last_phone, new.last_location_label);
  END`.execute(db)
  await sql`CREATE TRIGGER requesters_search_delete AFTER DELETE ON requesters BEGIN
    INSERT INTO requesters_search (requesters_search, rowid, last_full_name, email, last_phone, last_location_label)
    VALUES ('delete', old.id, old.last_full_name, old.email, old.last_phone, old.last_location_label);
  END`.execute(db)
  await sql`CREATE TRIGGER requesters_search_update AFTER UPDATE ON requesters
  WHEN old.last_full_name IS NOT new.last_full_name OR old.email IS NOT new.email OR old.last_phone IS NOT new.last_phone
    OR old.last_location_label IS NOT new.last_location_label
  BEGIN
    INSERT INTO requesters_search (requesters_search, rowid, last_full_name, email, last_phone, last_location_label)
    VALUES ('delete', old.id, old.last_full_name, old.email, old.last_phone, old.last_location_label);
    INSERT INTO requesters_search (rowid, last_full_name, email, last_phone, last_location_label)
    VALUES (new.id, new.last_full_name, new.email, new.last_phone, new.last_location_label);
  END`.execute(db)
}

/**
 * PostgreSQL: the same substring search through trigram indexes (pg_trgm) on each searched column, lower-cased and
 * without accents as SQLite's trigram tokenizer reads them (`search_text`, immutable so an index can hold it).
 */
async function searchIndexesOnPostgres(db: Kysely<unknown>) {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db)
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public`.execute(db)
  // Qualified names: pg_restore runs with an empty search_path while it rebuilds the indexes that call this.
  await sql`CREATE FUNCTION search_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, coalesce(value, ''))) $$`.execute(db)
  await trigramIndexes(db, 'leads', ['full_name', 'email', 'phone', 'location_label'])
}

const trigramIndexes = async (db: Kysely<unknown>, table: string, columns: string[]) => {
  for (const column of columns) {
    await sql.raw(`CREATE INDEX ${table}_search_${column} ON ${table} USING gin (search_text(${column}) gin_trgm_ops)`).execute(db)
  }
}

/** PostgreSQL: the requesters kept by the same statements, in trigger functions. */
async function requesterTriggersOnPostgres(db: Kysely<unknown>) {
  const upsert = (row: 'new', conflict: string) => `
    INSERT INTO requesters (email_normalized, email, last_full_name, last_phone, last_location_label, last_created_at, last_lead_id, first_created_at, lead_count)
    VALUES (${row}.email_normalized, ${row}.email, ${row}.full_name, ${row}.phone, ${row}.location_label, ${row}.created_at, ${row}.id, ${row}.created_at, 1)
    ON CONFLICT (email_normalized) ${conflict};`
  const latest = (condition: string, value: string, current: string) =>
    `CASE WHEN excluded.last_created_at >= requesters.last_created_at${condition} THEN ${value} ELSE ${current} END`
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
  const statements = [
    ...postgresTrigger({
      name: 'requesters_lead_insert',
      event: 'AFTER INSERT',
      table: 'leads',
      body: upsert(
        'new',
        `DO UPDATE SET
          lead_count = requesters.lead_count + 1,
          first_created_at = least(requesters.first_created_at, excluded.first_created_at),
          email = ${latest('', 'excluded.email', 'requesters.email')},
          last_full_name = ${latest('', 'excluded.last_full_name', 'requesters.last_full_name')},
          last_phone = ${latest(' AND excluded.last_phone IS NOT NULL', 'excluded.last_phone', 'requesters.last_phone')},
          last_location_label = ${latest(' AND excluded.last_location_label IS NOT NULL', 'excluded.last_location_label', 'requesters.last_location_label')},
          last_lead_id = ${latest('', 'excluded.last_lead_id', 'requesters.last_lead_id')},
          last_created_at = greatest(requesters.last_created_at, excluded.last_created_at)`,
      ),
    }),
    ...postgresTrigger({ name: 'requesters_lead_delete', event: 'AFTER DELETE', table: 'leads', body: recompute('old.email_normalized') }),
    ...postgresTrigger({
      name: 'requesters_lead_update',
      event: 'AFTER UPDATE OF email, email_normalized, full_name, phone, location_label, created_at',
      table: 'leads',
      condition: ['email', 'email_normalized', 'full_name', 'phone', 'location_label', 'created_at']
        .map((column) => `old.${column} IS DISTINCT FROM new.${column}`)
        .join(' OR '),
      body: `${recompute('old.email_normalized')} ${upsert('new', 'DO NOTHING')} ${recompute('new.email_normalized')}`,
    }),
  ]
  for (const statement of statements) await sql.raw(statement).execute(db)
  await trigramIndexes(db, 'requesters', ['last_full_name', 'email', 'last_phone', 'last_location_label'])
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'postgres') return downOnPostgres(db)
  for (const trigger of [
    'requesters_lead_update',
    'requesters_lead_delete',
    'requesters_lead_insert',
    'leads_search_update',
    'leads_search_delete',
    'leads_search_insert',
  ]) {
    await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db)
  }
  await sql`DROP TABLE requesters_search`.execute(db)
  await db.schema.dropTable('requesters').execute()
  await sql`DROP TABLE leads_search`.execute(db)
  for (const index of ['leads_kind_created_at', 'leads_service_created_at', 'leads_status_created_at']) {
    await db.schema.dropIndex(index).execute()
  }
  await db.schema.dropTable('lead_assignments').execute()
}

async function downOnPostgres(db: Kysely<unknown>) {
  for (const trigger of ['requesters_lead_update', 'requesters_lead_delete', 'requesters_lead_insert']) {
    await sql.raw(`DROP TRIGGER ${trigger} ON leads; DROP FUNCTION ${trigger}()`).execute(db)
  }
  await db.schema.dropTable('requesters').execute()
  for (const column of ['full_name', 'email', 'phone', 'location_label']) await db.schema.dropIndex(`leads_search_${column}`).execute()
  await sql`DROP FUNCTION search_text(text)`.execute(db)
  for (const index of ['leads_kind_created_at', 'leads_service_created_at', 'leads_status_created_at']) {
    await db.schema.dropIndex(index).execute()
  }
  await db.schema.dropTable('lead_assignments').execute()
}

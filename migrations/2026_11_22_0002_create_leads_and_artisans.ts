import type { Kysely } from 'kysely'

// Leads (quote and contact requests) with their attachments, and the craftsmen register.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leads')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_normalized', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('service_id', 'text')
    .addColumn('service_name', 'text', (col) => col.notNull())
    .addColumn('subject', 'text')
    .addColumn('location_label', 'text')
    .addColumn('place_id', 'text')
    .addColumn('comune_slug', 'text')
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('from_page', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('nuovo'))
    .addColumn('notes', 'text')
    .execute()
  await db.schema.createIndex('leads_created_at').on('leads').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('leads_email_normalized').on('leads').columns(['email_normalized', 'created_at']).execute()

  await db.schema
    .createTable('lead_attachments')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('lead_id', 'integer', (col) => col.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('content', 'blob', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('lead_attachments_lead_id').on('lead_attachments').column('lead_id').execute()

  await db.schema
    .createTable('artisans')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('company_name', 'text')
    .addColumn('vat_number', 'text')
    .addColumn('contact_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('specialization_sectors', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('operative_zones', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending_review'))
    .addColumn('notes', 'text')
    .addColumn('profile_image_url', 'text')
    .addColumn('is_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('privacy_consent_at', 'text')
    .addColumn('source', 'text', (col) => col.notNull().defaultTo('admin'))
    .execute()
  await db.schema.createIndex('artisans_created_at').on('artisans').columns(['created_at', 'id']).execute()
  await db.schema.createIndex('artisans_status').on('artisans').columns(['status', 'created_at']).execute()

  // One row per sector and per zone of an artisan, so 'any element matches' filters use an index.
  await db.schema
    .createTable('artisan_sectors')
    .addColumn('artisan_id', 'integer', (col) => col.notNull().references('artisans.id').onDelete('cascade'))
    .addColumn('sector', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('artisan_sectors_pk', ['artisan_id', 'sector'])
    .execute()
  await db.schema.createIndex('artisan_sectors_sector').on('artisan_sectors').columns(['sector', 'artisan_id']).execute()
  await db.schema
    .createTable('artisan_zones')
    .addColumn('artisan_id', 'integer', (col) => col.notNull().references('artisans.id').onDelete('cascade'))
    .addColumn('zone', 'text', (col) => col.notNull())
    .addColumn('zone_normalized', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('artisan_zones_pk', ['artisan_id', 'zone'])
    .execute()
  await db.schema.createIndex('artisan_zones_zone').on('artisan_zones').columns(['zone_normalized', 'artisan_id']).execute()

  // Addresses never to be mailed again: unsubscribed from newsletters or erased on request.
  await db.schema
    .createTable('email_suppressions')
    .addColumn('email_normalized', 'text', (col) => col.primaryKey())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['email_suppressions', 'artisan_zones', 'artisan_sectors', 'artisans', 'lead_attachments', 'leads']) {
    await db.schema.dropTable(table).execute()
  }
}

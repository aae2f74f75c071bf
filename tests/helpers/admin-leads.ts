import Database from 'better-sqlite3'
import { openDatabase } from '#db/client.ts'
import { type ArtisanInput, insertArtisan } from '#server/repositories/artisans.ts'
import { type AttachmentInput, insertLead, type LeadInput } from '#server/repositories/leads.ts'

/** A quote request as the public form stores it; override what a test cares about. */
export function quoteLead(overrides: Partial<LeadInput> = {}): LeadInput {
  return {
    kind: 'quote',
    fullName: 'Mario Rossi',
    email: 'mario.rossi@example.com',
    phone: '+39 333 123 4567',
    serviceId: 'elettricista',
    serviceName: 'Elettricista',
    subject: null,
    locationLabel: 'Via Roma 10, Sesto San Giovanni MI, Italia',
    placeId: 'comune-sesto-san-giovanni',
    comuneSlug: 'sesto-san-giovanni',
    description: 'Tre prese nuove in cucina e un punto luce in bagno.',
    ipAddress: '93.41.12.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    fromPage: '/elettricista',
    utm: { source: 'google', medium: 'cpc', campaign: 'autunno' },
    ...overrides,
  }
}

export function artisan(overrides: Partial<ArtisanInput> = {}): ArtisanInput {
  return {
    company_name: 'Impianti Bianchi Srl',
    vat_number: null,
    contact_name: 'Luca Bianchi',
    email: 'luca@impianti-bianchi.it',
    phone: '+39 02 555 0101',
    specialization_sectors: ['Elettricista'],
    operative_zones: ['Milano', 'Sesto San Giovanni'],
    status: 'active',
    notes: null,
    profile_image_url: null,
    is_verified: true,
    ...overrides,
  }
}

/** Writes fixtures into a running server's database file through the same repository functions the server uses. */
export async function withDatabase<T>(databasePath: string, work: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
  const { db } = openDatabase(databasePath)
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

export function addLead(databasePath: string, lead: LeadInput, attachments: AttachmentInput[] = [], createdAt?: string): Promise<number> {
  return withDatabase(databasePath, (db) => insertLead(db, lead, attachments, createdAt))
}

export function addArtisan(databasePath: string, input: ArtisanInput): Promise<number> {
  return withDatabase(databasePath, async (db) => (await insertArtisan(db, input)).id)
}

/** A read-only query on the server's database, to check what was (not) stored. */
export function query<T>(databasePath: string, sql: string, ...params: unknown[]): T[] {
  const sqlite = new Database(databasePath, { readonly: true })
  try {
    return sqlite.prepare(sql).all(...params) as T[]
  } finally {
    sqlite.close()
  }
}

import type { DB } from '#db/client.ts'
import { type ArtisanInput, insertArtisan } from '#server/repositories/artisans.ts'
import { type ContactMessageInput, insertContactMessage } from '#server/repositories/contact-messages.ts'
import { type AttachmentInput, insertLead, type LeadInput } from '#server/repositories/leads.ts'
import { MARKETING_CONSENT_TEXT } from '#shared/marketing-consent.ts'
import { openTestDatabase } from './app-database.ts'
import { changeRows, readRows } from './database.ts'

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
    // A lead from before the street was asked (street null, the place's label); a requester who ticked "Voglio ricevere
    // offerte e novità": the newsletter's audience by default.
    marketingConsentAt: '2026-11-01T09:00:00.000Z',
    marketingConsentText: MARKETING_CONSENT_TEXT,
    ...overrides,
  }
}

export function artisan(overrides: Partial<ArtisanInput> = {}): ArtisanInput {
  return {
    companyName: 'Impianti Bianchi Srl',
    vatNumber: null,
    contactName: 'Luca Bianchi',
    email: 'luca@impianti-bianchi.it',
    phone: '+39 02 555 0101',
    specializationSectors: ['Elettricista'],
    operativeZones: ['Milano', 'Sesto San Giovanni'],
    status: 'active',
    notes: null,
    profileImageUrl: null,
    isVerified: true,
    ...overrides,
  }
}

/** Writes fixtures into a running server's database file through the same repository functions the server uses. */
async function withDatabase<T>(databasePath: string, work: (db: DB) => Promise<T>): Promise<T> {
  const db = openTestDatabase(databasePath)
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

export function addLead(databasePath: string, lead: LeadInput, attachments: AttachmentInput[] = [], createdAt?: string): Promise<number> {
  return withDatabase(databasePath, (db) => insertLead(db, lead, attachments, createdAt))
}

/** A message of /contattaci as the form stores it; override what a test cares about. */
export function contactMessage(overrides: Partial<ContactMessageInput> = {}): ContactMessageInput {
  return {
    fullName: 'Giulia Bianchi',
    email: 'giulia.bianchi@example.com',
    phone: null,
    subject: 'Collaborazione',
    message: 'Vorrei sapere se coprite anche la zona di Rho.',
    ipAddress: '93.41.12.8',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    fromPage: '/contattaci',
    utm: undefined,
    ...overrides,
  }
}

/**
 * Twelve quotes a day apart from 1 October at 10:00 UTC, oldest first, each with the time to store it at: Anna Colombo
 * (even) and Paolo Ferrari (odd), plumbing every third, Corso Buenos Aires every fourth, Rho otherwise; the last for no
 * service of the catalogue and no place.
 */
export function twelveLeadsOfOctober(): { lead: LeadInput; createdAt: string }[] {
  return Array.from({ length: 12 }, (_, i) => ({
    lead:
      i === 11
        ? quoteLead({
            fullName: 'Giulia Verdi',
            email: 'giulia@example.com',
            serviceId: 'altro',
            serviceName: 'Altro',
            locationLabel: null,
            placeId: null,
            comuneSlug: null,
          })
        : quoteLead({
            fullName: i % 2 ? `Paolo Ferrari ${i}` : `Anna Colombo ${i}`,
            email: `cliente${i}@example.com`,
            phone: `+39 333 000 00${String(i).padStart(2, '0')}`,
            serviceId: i % 3 ? 'elettricista' : 'idraulico',
            serviceName: i % 3 ? 'Elettricista' : 'Idraulico',
            locationLabel: i % 4 ? 'Via Dante 3, Rho MI, Italia' : 'Corso Buenos Aires 1, Milano MI, Italia',
          }),
    createdAt: new Date(Date.UTC(2026, 9, 1 + i, 10)).toISOString(),
  }))
}

/** Five messages of /contattaci a day apart in December at 10:00 UTC, oldest first, each with the time to store it at. */
export function fiveMessagesOfDecember(): { message: ContactMessageInput; createdAt: string }[] {
  return Array.from({ length: 5 }, (_, i) => ({
    message: contactMessage({
      fullName: i % 2 ? `Marta Neri ${i}` : `Luca Riva ${i}`,
      email: `scrive${i}@example.com`,
      phone: i === 3 ? '+39 347 555 0303' : null,
      subject: i === 4 ? 'Fattura del lavoro' : `Domanda ${i}`,
      message: 'Testo del messaggio. '.repeat(20),
    }),
    createdAt: new Date(Date.UTC(2026, 11, 1 + i, 10)).toISOString(),
  }))
}

export function addMessage(databasePath: string, message: ContactMessageInput, createdAt?: string): Promise<number> {
  return withDatabase(databasePath, (db) => insertContactMessage(db, message, createdAt))
}

export function addArtisan(databasePath: string, input: ArtisanInput): Promise<number> {
  return withDatabase(databasePath, async (db) => (await insertArtisan(db, input)).id)
}

/**
 * `count` copies of a stored lead from as many requesters (e-mails `<prefix><n>@example.com`), at `createdAt` or the
 * lead's own time, in one statement with the triggers it fires. For SQLite: on PostgreSQL each copy updates the same
 * running-total rows again in the one transaction, each slower than the last (minutes for 10,000).
 */
export function addLeadCopies(databasePath: string, leadId: number, count: number, prefix: string, createdAt?: string) {
  const [lead] = readRows<Record<string, unknown>>(databasePath, 'select * from leads where id = ?', leadId)
  const columns = Object.keys(lead!)
    .filter((column) => !['id', 'email', 'email_normalized', 'created_at'].includes(column))
    .map((column) => `"${column}"`)
    .join(', ')
  const email = `? || i || '@example.com'`
  changeRows(
    databasePath,
    `INSERT INTO leads (${columns}, email, email_normalized, created_at)
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
      SELECT ${columns}, ${email}, ${email}, coalesce(?, created_at) FROM leads, n WHERE leads.id = ?`,
    count,
    prefix,
    prefix,
    createdAt ?? null,
    leadId,
  )
}

let storedArtisans = 0
/** An artisan stored through the repository, with an e-mail of its own unless one is given; its id. */
export async function storedArtisan(db: DB, overrides: Partial<ArtisanInput> = {}, createdAt?: string): Promise<number> {
  return (await insertArtisan(db, artisan({ email: `artigiano${++storedArtisans}@example.com`, ...overrides }), createdAt)).id
}

/** A craftsman's coverage rows as stored, by sector. */
export function coverageRows(db: DB, artisanId: number) {
  return db
    .selectFrom('artisan_coverage')
    .select(['sector', 'base_comune_slug', 'radius_km', 'comune_slugs'])
    .where('artisan_id', '=', artisanId)
    .orderBy('sector')
    .execute()
}

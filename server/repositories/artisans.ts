import { sql } from 'kysely'
import { type DB, inTransaction } from '#db/client.ts'
import type { Artisan, ArtisanUpdate, NewArtisan } from '#db/schema.ts'
import type { ArtisanStatus } from '#shared/enums.ts'
import { stripAccents } from '#shared/text.ts'
import { coverageFromZones, dropCoverageOutside, parseList, writeCoverage } from './coverage.ts'
import { likeIgnoringCase } from './dialect/functions.ts'

/** What the back office and the application form write about an artisan. */
export type ArtisanInput = {
  companyName: string | null
  vatNumber: string | null
  contactName: string
  email: string
  phone: string
  specializationSectors: string[]
  operativeZones: string[]
  status: ArtisanStatus
  notes: string | null
  profileImageUrl: string | null
  isVerified: boolean
  description?: string | null
  privacyConsentAt?: string | null
  source?: 'admin' | 'application'
}

export const normalizeZone = (zone: string) => stripAccents(zone).trim().toLowerCase()

/** Writes the sector rows that mirror an artisan's list of sectors; call inside the artisan's transaction. */
async function mirrorSectors(db: DB, artisanId: number, sectors: string[]) {
  await db.deleteFrom('artisan_sectors').where('artisan_id', '=', artisanId).execute()
  const uniqueSectors = [...new Set(sectors)]
  if (uniqueSectors.length) {
    await db
      .insertInto('artisan_sectors')
      .values(uniqueSectors.map((sector) => ({ artisan_id: artisanId, sector })))
      .execute()
  }
}

/** Replaces an artisan's sectors and their mirrored rows (the craftsman's own change of trades); call inside the transaction. */
export async function replaceArtisanSectors(db: DB, artisanId: number, sectors: string[], now = new Date().toISOString()): Promise<void> {
  await db
    .updateTable('artisans')
    .set({ specialization_sectors: JSON.stringify(sectors), updated_at: now })
    .where('id', '=', artisanId)
    .execute()
  await mirrorSectors(db, artisanId, sectors)
}

/** Writes the sector and zone rows that mirror an artisan's lists; call inside the artisan's transaction. */
async function replaceArtisanLists(db: DB, artisanId: number, sectors: string[], zones: string[]) {
  await mirrorSectors(db, artisanId, sectors)
  await db.deleteFrom('artisan_zones').where('artisan_id', '=', artisanId).execute()
  const uniqueZones = [...new Set(zones)]
  if (uniqueZones.length) {
    await db
      .insertInto('artisan_zones')
      .values(uniqueZones.map((zone) => ({ artisan_id: artisanId, zone, zone_normalized: normalizeZone(zone) })))
      .execute()
  }
}

/** The columns an edit in the back office sets; creation sets them too. */
function editedColumns(input: ArtisanInput, now: string) {
  return {
    updated_at: now,
    company_name: input.companyName,
    vat_number: input.vatNumber,
    contact_name: input.contactName,
    email: input.email,
    phone: input.phone,
    specialization_sectors: JSON.stringify(input.specializationSectors),
    operative_zones: JSON.stringify(input.operativeZones),
    status: input.status,
    notes: input.notes,
    profile_image_url: input.profileImageUrl,
    is_verified: input.isVerified ? 1 : 0,
  } satisfies ArtisanUpdate
}

/**
 * Inserts an artisan with its sector and zone rows, atomically; the zones that name catalogue comuni become the coverage
 * of each sector (a list, from the first), the others are listed for the office to fix.
 */
export function insertArtisan(db: DB, input: ArtisanInput, now = new Date().toISOString()): Promise<Artisan> {
  const { coverage, unmatched } = coverageFromZones(input.specializationSectors, input.operativeZones)
  const values: NewArtisan = {
    ...editedColumns(input, now),
    created_at: now,
    description: input.description ?? null,
    privacy_consent_at: input.privacyConsentAt ?? null,
    source: input.source ?? 'admin',
    unmatched_zones: JSON.stringify(unmatched),
  }
  return inTransaction(db, async (trx) => {
    const row = await trx.insertInto('artisans').values(values).returningAll().executeTakeFirstOrThrow()
    await replaceArtisanLists(trx, row.id, input.specializationSectors, input.operativeZones)
    await writeCoverage(trx, row.id, coverage)
    return row
  })
}

/** An artisan as the back office shows it: lists parsed, the verified flag as a boolean. */
export type ArtisanView = Omit<Artisan, 'specialization_sectors' | 'operative_zones' | 'is_verified' | 'unmatched_zones'> & {
  specialization_sectors: string[]
  operative_zones: string[]
  is_verified: boolean
  unmatched_zones: string[]
}

export const toArtisanView = (row: Artisan): ArtisanView => ({
  ...row,
  specialization_sectors: parseList(row.specialization_sectors),
  operative_zones: parseList(row.operative_zones),
  is_verified: row.is_verified === 1,
  unmatched_zones: parseList(row.unmatched_zones),
})

export type ArtisanFilters = {
  company?: string
  contact?: string
  email?: string
  phone?: string
  status?: ArtisanStatus
  /** Exact sector name: matches when any of the artisan's sectors is this one. */
  sector?: string
  /** Start of a zone name, accents and case ignored: matches when any of the artisan's zones starts with it. */
  zone?: string
}

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * One page of artisans, newest first, filtered in SQL; also the total and the page count.
 * Ids grow with creation, so 'newest first' walks the primary key and needs no sort; sector and zone
 * filters start from their own indexes (see bench/admin.ts for the figures).
 */
export async function listArtisans(db: DB, filters: ArtisanFilters, page: number, pageSize: number) {
  const sectorIds = filters.sector ? db.selectFrom('artisan_sectors').select('artisan_id').where('sector', '=', filters.sector) : undefined
  const zone = filters.zone ? normalizeZone(filters.zone) : ''
  const zoneIds = zone
    ? db.selectFrom('artisan_zones').select('artisan_id').where('zone_normalized', '>=', zone).where('zone_normalized', '<', `${zone}\uffff`)
    : undefined

  let query = db.selectFrom('artisans')
  let onArtisanColumns = false
  const contains = (column: 'company_name' | 'contact_name' | 'email' | 'phone', value: string | undefined) => {
    if (!value) return
    query = query.where(likeIgnoringCase(db, sql.ref(column), likePattern(value)))
    onArtisanColumns = true
  }
  contains('company_name', filters.company)
  contains('contact_name', filters.contact)
  contains('email', filters.email)
  contains('phone', filters.phone)
  if (filters.status) {
    query = query.where('status', '=', filters.status)
    onArtisanColumns = true
  }
  if (sectorIds) query = query.where('id', 'in', sectorIds)
  if (zoneIds) query = query.where('id', 'in', zoneIds)

  // With only a sector or only a zone filter, the count comes from that index alone.
  let total: number
  if (!onArtisanColumns && sectorIds && !zoneIds) {
    total = Number(
      (
        await db
          .selectFrom('artisan_sectors')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('sector', '=', filters.sector!)
          .executeTakeFirstOrThrow()
      ).n,
    )
  } else if (!onArtisanColumns && zoneIds && !sectorIds) {
    total = Number(
      (
        await zoneIds
          .clearSelect()
          .select((eb) => eb.fn.count<number>('artisan_id').distinct().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  } else {
    total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  const current = Math.min(page, pageCount)
  const rows = await query
    .selectAll()
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute()
  return { rows: rows.map(toArtisanView), total, page: current, pageCount, pageSize }
}

export async function findArtisanById(db: DB, id: number): Promise<ArtisanView | undefined> {
  const row = await db.selectFrom('artisans').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toArtisanView(row)
}

/**
 * Replaces an artisan's fields and lists, atomically; undefined when there is no such artisan. A sector removed loses its
 * coverage; a sector added gets the comuni the zones name; changed zones are read again for the office to fix.
 */
export function updateArtisan(db: DB, id: number, input: ArtisanInput, now = new Date().toISOString()): Promise<Artisan | undefined> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('artisans')
      .select(['specialization_sectors', 'operative_zones', 'unmatched_zones'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!before) return undefined
    const previousSectors = new Set(parseList(before.specialization_sectors))
    const zonesChanged = JSON.stringify(parseList(before.operative_zones)) !== JSON.stringify(input.operativeZones)
    const added = input.specializationSectors.filter((sector) => !previousSectors.has(sector))
    const { coverage, unmatched } = coverageFromZones(added, input.operativeZones)
    const row = await trx
      .updateTable('artisans')
      .set({ ...editedColumns(input, now), unmatched_zones: zonesChanged ? JSON.stringify(unmatched) : before.unmatched_zones })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    if (!row) return undefined
    await replaceArtisanLists(trx, row.id, input.specializationSectors, input.operativeZones)
    await dropCoverageOutside(trx, row.id, input.specializationSectors)
    await writeCoverage(trx, row.id, coverage)
    return row
  })
}

/** The fields an assignment e-mail needs, for each of those artisans that exists. */
export function findArtisanContacts(db: DB, ids: number[]) {
  return db.selectFrom('artisans').select(['id', 'company_name', 'contact_name', 'email', 'status', 'paused_until']).where('id', 'in', ids).execute()
}

export async function deleteArtisan(db: DB, id: number): Promise<Artisan | undefined> {
  return db.deleteFrom('artisans').where('id', '=', id).returningAll().executeTakeFirst()
}

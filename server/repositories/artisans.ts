import type { DB } from '../../db/client.ts'
import type { Artisan, ArtisanStatus } from '../../db/schema.ts'

export type ArtisanInput = {
  company_name: string | null
  vat_number: string | null
  contact_name: string
  email: string
  phone: string
  specialization_sectors: string[]
  operative_zones: string[]
  status: ArtisanStatus
  notes: string | null
  profile_image_url: string | null
  is_verified: boolean
  description?: string | null
  privacy_consent_at?: string | null
  source?: 'admin' | 'application'
}

export const normalizeZone = (zone: string) => zone.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase()

/** Writes the sector and zone rows that mirror an artisan's lists; call inside the artisan's transaction. */
export async function replaceArtisanLists(db: DB, artisanId: number, sectors: string[], zones: string[]) {
  await db.deleteFrom('artisan_sectors').where('artisan_id', '=', artisanId).execute()
  await db.deleteFrom('artisan_zones').where('artisan_id', '=', artisanId).execute()
  const uniqueSectors = [...new Set(sectors)]
  const uniqueZones = [...new Set(zones)]
  if (uniqueSectors.length) {
    await db.insertInto('artisan_sectors').values(uniqueSectors.map((sector) => ({ artisan_id: artisanId, sector }))).execute()
  }
  if (uniqueZones.length) {
    await db
      .insertInto('artisan_zones')
      .values(uniqueZones.map((zone) => ({ artisan_id: artisanId, zone, zone_normalized: normalizeZone(zone) })))
      .execute()
  }
}

/** Inserts an artisan with its sector and zone rows, in one transaction. Pass a transaction to join a larger one. */
export async function insertArtisan(db: DB, input: ArtisanInput, now = new Date().toISOString()): Promise<Artisan> {
  const write = async (trx: DB) => {
    const row = await trx
      .insertInto('artisans')
      .values({
        created_at: now,
        updated_at: now,
        company_name: input.company_name,
        vat_number: input.vat_number,
        contact_name: input.contact_name,
        email: input.email,
        phone: input.phone,
        specialization_sectors: JSON.stringify(input.specialization_sectors),
        operative_zones: JSON.stringify(input.operative_zones),
        status: input.status,
        notes: input.notes,
        profile_image_url: input.profile_image_url,
        is_verified: input.is_verified ? 1 : 0,
        description: input.description ?? null,
        privacy_consent_at: input.privacy_consent_at ?? null,
        source: input.source ?? 'admin',
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await replaceArtisanLists(trx, row.id, input.specialization_sectors, input.operative_zones)
    return row
  }
  return db.isTransaction ? write(db) : db.transaction().execute(write)
}

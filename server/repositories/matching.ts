import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { Lead } from '#db/schema.ts'
import type { ArtisanStatus } from '#shared/enums.ts'
import { type Comune, comuni, findComune, findService } from '#shared/catalog/index.ts'
import { normalizeZone } from './artisans.ts'

export type MatchCandidate = {
  id: number
  company_name: string | null
  contact_name: string
  email: string
  phone: string
  status: ArtisanStatus
  is_verified: number
  /** Leads handed to this craftsman in the last 30 days: ties go to the least busy. */
  recent_assignments: number
}

// Longest names first, so 'San Giuliano Milanese' wins over 'Milano' inside the same address.
const comuniByLength = [...comuni].sort((a, b) => b.name.length - a.name.length)
const comuniPatterns = comuniByLength.map((comune) => ({
  comune,
  pattern: new RegExp(`(^|[^\\p{L}])${normalizeZone(comune.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u'),
}))

/** The town of a lead: the comune of its place, else the first comune named in its address. */
export function leadTown(lead: Pick<Lead, 'comune_slug' | 'location_label'>): Comune | undefined {
  if (lead.comune_slug) {
    const comune = findComune(lead.comune_slug)
    if (comune) return comune
  }
  if (!lead.location_label) return undefined
  const address = normalizeZone(lead.location_label)
  return comuniPatterns.find(({ pattern }) => pattern.test(address))?.comune
}

/** The sector name of the lead's service in the craftsmen register ('Tapezziere' for tappezziere). */
export function leadSector(lead: Pick<Lead, 'service_id'>): string | undefined {
  return lead.service_id ? findService(lead.service_id)?.sectorName : undefined
}

/**
 * Craftsmen whose sectors include the lead's service and whose zones include its town, working with us
 * (active or under review): active and verified first, then the least busy this month.
 */
export async function findMatchingArtisans(
  db: DB,
  lead: Pick<Lead, 'service_id' | 'comune_slug' | 'location_label'>,
  now = new Date(),
  limit = 50,
): Promise<{ sector: string | null; town: string | null; candidates: MatchCandidate[] }> {
  const sector = leadSector(lead)
  const town = leadTown(lead)
  if (!sector || !town) return { sector: sector ?? null, town: town?.name ?? null, candidates: [] }
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString()
  const { rows } = await sql<MatchCandidate>`SELECT a.id, a.company_name, a.contact_name, a.email, a.phone, a.status, a.is_verified,
      (SELECT count(*) FROM lead_assignments la WHERE la.artisan_id = a.id AND la.assigned_at >= ${since}) AS recent_assignments
    FROM artisan_sectors s
    JOIN artisan_zones z ON z.artisan_id = s.artisan_id AND z.zone_normalized = ${normalizeZone(town.name)}
    JOIN artisans a ON a.id = s.artisan_id
    WHERE s.sector = ${sector} AND a.status IN ('active', 'pending_review')
    ORDER BY a.status = 'active' DESC, a.is_verified DESC, recent_assignments ASC, a.id ASC
    LIMIT ${limit}`.execute(db)
  return { sector, town: town.name, candidates: rows }
}

export async function assignedArtisanIds(db: DB, leadId: number): Promise<number[]> {
  const rows = await db.selectFrom('lead_assignments').select('artisan_id').where('lead_id', '=', leadId).execute()
  return rows.map((row) => row.artisan_id)
}

/** Records that a lead was handed to a craftsman, with the e-mail that told them. */
export async function insertAssignment(
  db: DB,
  assignment: { leadId: number; artisanId: number; assignedBy: string; emailOutboxId: number },
  now = new Date().toISOString(),
): Promise<void> {
  await db
    .insertInto('lead_assignments')
    .values({
      lead_id: assignment.leadId,
      artisan_id: assignment.artisanId,
      assigned_at: now,
      assigned_by: assignment.assignedBy,
      email_outbox_id: assignment.emailOutboxId,
    })
    .execute()
}

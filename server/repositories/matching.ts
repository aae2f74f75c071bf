import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { Lead } from '#db/schema.ts'
import type { ArtisanStatus } from '#shared/enums.ts'
import { type Comune, comuni, findComune, findService } from '#shared/catalog/index.ts'
import { fitsText } from '#shared/coverage.ts'
import { romeDay } from '#shared/italian-time.ts'
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
  offers: number
  accepted: number
  /** Average stars of the requesters' ratings, null without any. */
  average_rating: number | null
  ratings: number
  /** 1 for the craftsman the requester asked for from their profile (docs/product.md §11), listed first. */
  preferred: number
  /** Acceptance rate times rating, both smoothed: the order after the preference. */
  score: number
  /** From the craftsman's base comune for the trade to the lead's comune, in whole km; null when not known. */
  distance_km: number | null
  /** Why the craftsman fits, for the office: "Imbianchino · 4 km da Rho". */
  fits: string
}

// Longest names first, so 'San Giuliano Milanese' wins over 'Milano' inside the same address.
const comuniByLength = [...comuni].sort((a, b) => b.name.length - a.name.length)
const comuniPatterns = comuniByLength.map((comune) => ({
  comune,
  pattern: new RegExp(`(^|[^\\p{L}])${normalizeZone(comune.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u'),
}))

/** The town of a lead: the comune of its place, else the first comune named in its address. */
export function leadComune(lead: Pick<Lead, 'comune_slug' | 'location_label'>): Comune | undefined {
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
 * Craftsmen who take the lead's trade in its comune (their coverage, artisan_coverage_comuni), active, verified and not
 * paused on the Italian day of `now`: never an applicant in review (docs/product.md §13). The craftsman the requester
 * preferred first, when they are one of them; then by how they answer and are rated, then the least busy this month,
 * then the nearest. Acceptance rate and rating are smoothed towards a newcomer's prior (one acceptance in two offers, one
 * rating of 4 stars), so a craftsman with no history is neither first nor last (docs/decisions/024-the-marketplace-loop.md).
 */
export async function findMatchingArtisans(
  db: DB,
  lead: Pick<Lead, 'service_id' | 'comune_slug' | 'location_label'> & Partial<Pick<Lead, 'preferred_artisan_id'>>,
  now = new Date(),
  limit = 50,
): Promise<{ sector: string | null; comune: string | null; candidates: MatchCandidate[] }> {
  const sector = leadSector(lead)
  const comune = leadComune(lead)
  if (!sector || !comune) return { sector: sector ?? null, comune: comune?.name ?? null, candidates: [] }
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString()
  const today = romeDay(now.getTime())
  const preferredId = lead.preferred_artisan_id ?? 0
  const { rows } = await sql<
    Omit<MatchCandidate, 'fits'> & { base_comune_slug: string }
  >`SELECT a.id, a.company_name, a.contact_name, a.email, a.phone, a.status, a.is_verified,
      (SELECT count(*) FROM lead_assignments la WHERE la.artisan_id = a.id AND la.assigned_at >= ${since}) AS recent_assignments,
      coalesce(t.offers, 0) AS offers, coalesce(t.accepted, 0) AS accepted, coalesce(t.ratings, 0) AS ratings,
      CASE WHEN t.ratings > 0 THEN round(t.stars * 1.0 / t.ratings, 1) END AS average_rating,
      CASE WHEN a.id = ${preferredId} THEN 1 ELSE 0 END AS preferred,
      ((coalesce(t.accepted, 0) + 1.0) / (coalesce(t.offers, 0) + 2.0)) * ((coalesce(t.stars, 0) + 4.0) / (coalesce(t.ratings, 0) + 1.0)) AS score,
      c.distance_km, k.base_comune_slug
    FROM artisan_coverage_comuni c
    JOIN artisans a ON a.id = c.artisan_id
    JOIN artisan_coverage k ON k.artisan_id = c.artisan_id AND k.sector = c.sector
    LEFT JOIN artisan_response_totals t ON t.artisan_id = a.id
    WHERE c.sector = ${sector} AND c.comune_slug = ${comune.slug}
      AND a.status = 'active' AND a.is_verified = 1 AND (a.paused_until IS NULL OR a.paused_until < ${today})
    ORDER BY preferred DESC, score DESC, recent_assignments ASC, c.distance_km ASC, a.id ASC
    LIMIT ${limit}`.execute(db)
  const candidates = rows.map(({ base_comune_slug, ...row }) => {
    const distance = Number(row.distance_km)
    return {
      ...row,
      recent_assignments: Number(row.recent_assignments),
      offers: Number(row.offers),
      accepted: Number(row.accepted),
      ratings: Number(row.ratings),
      average_rating: row.average_rating === null ? null : Number(row.average_rating),
      preferred: Number(row.preferred),
      score: Number(row.score),
      distance_km: distance,
      fits: fitsText(sector, distance, findComune(base_comune_slug)?.name ?? null),
    }
  })
  return { sector, comune: comune.name, candidates }
}

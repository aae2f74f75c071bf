import type { DB } from '#db/client.ts'
import { findComune } from '#shared/catalog/index.ts'
import { MIN_ANSWERS_FOR_RESPONSE_TIME, usualResponseMs } from './profile-page.ts'
import { acceptanceRate, averageRating, responseTotalsOf } from './response-metrics.ts'

// A craftsman's figures beside those of the craftsmen who compete for the same requests (the area's "I tuoi numeri"):
// each figure is read by the function the office's page and the public profile read it with, never computed again here.

/** Fewer craftsmen than this with a figure (the craftsman included), and no band is given: a rank among three says nothing. */
export const MIN_PEERS_FOR_BAND = 5
/** Offers answerable, or ratings, below this many, and a craftsman's rate or average is not compared (the profile's floor). */
export const MIN_FOR_COMPARISON = MIN_ANSWERS_FOR_RESPONSE_TIME

export type Band = 'top' | 'middle' | 'bottom'
/** A band among `peers` craftsmen with the figure, or why there is none: too little data of one's own, or too few peers. */
export type Comparison = { band: Band; peers: number } | { band: null; peers: number; missing: 'own' | 'peers' }

/** The trades and home comuni a craftsman is compared in: for each trade with coverage, its base comune. */
export async function comparisonZone(db: DB, artisanId: number) {
  const rows = await db.selectFrom('artisan_coverage').select(['sector', 'base_comune_slug']).where('artisan_id', '=', artisanId).orderBy('sector').execute()
  return rows.map((row) => ({ sector: row.sector, comune: findComune(row.base_comune_slug)?.name ?? row.base_comune_slug }))
}

/**
 * The craftsman and their peers: active craftsmen whose coverage of one of the craftsman's trades reaches the comune the
 * craftsman works from in that trade, the ones a request of theirs at home would also be offered to.
 */
export async function zonePeers(db: DB, artisanId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('artisan_coverage as mine')
    .innerJoin('artisan_coverage_comuni as c', (join) => join.onRef('c.sector', '=', 'mine.sector').onRef('c.comune_slug', '=', 'mine.base_comune_slug'))
    .innerJoin('artisans as a', 'a.id', 'c.artisan_id')
    .select('c.artisan_id')
    .distinct()
    .where('mine.artisan_id', '=', artisanId)
    .where('a.status', '=', 'active')
    .execute()
  return [...new Set([artisanId, ...rows.map((row) => row.artisan_id)])]
}

/**
 * Where a value stands among its peers' (the craftsman's own among them): the top third when few peers do better, the
 * bottom third when most do; null below MIN_PEERS_FOR_BAND values or without the craftsman's own.
 */
export function bandOf(own: number | null, values: number[], better: (a: number, b: number) => boolean): Comparison {
  if (own === null) return { band: null, peers: values.length, missing: 'own' }
  if (values.length < MIN_PEERS_FOR_BAND) return { band: null, peers: values.length, missing: 'peers' }
  const ahead = values.filter((value) => better(value, own)).length
  const share = ahead / (values.length - 1)
  return { band: share < 1 / 3 ? 'top' : share <= 2 / 3 ? 'middle' : 'bottom', peers: values.length }
}

/** The craftsman's rank bands for response time, acceptance and rating among their zone's peers. */
export async function peerComparison(db: DB, artisanId: number) {
  const peers = await zonePeers(db, artisanId)
  const [times, totals] = await Promise.all([Promise.all(peers.map((id) => usualResponseMs(db, id))), responseTotalsOf(db, peers)])
  const byPeer = new Map(totals.map((row) => [row.artisan_id, row]))
  const responseMs = new Map(peers.map((id, index) => [id, times[index] ?? null]))
  const rates = new Map(
    peers.map((id) => {
      const row = byPeer.get(id)
      return [id, row && row.offers - row.revoked >= MIN_FOR_COMPARISON ? acceptanceRate(row) : null]
    }),
  )
  const ratings = new Map(
    peers.map((id) => {
      const row = byPeer.get(id)
      return [id, row && row.ratings >= MIN_FOR_COMPARISON ? averageRating(row) : null]
    }),
  )
  const compare = (values: Map<number, number | null>, better: (a: number, b: number) => boolean) =>
    bandOf(
      values.get(artisanId) ?? null,
      [...values.values()].filter((value) => value !== null),
      better,
    )
  return {
    responseTime: compare(responseMs, (a, b) => a < b),
    acceptance: compare(rates, (a, b) => a > b),
    rating: compare(ratings, (a, b) => a > b),
  }
}

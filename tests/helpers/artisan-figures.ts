import { addArtisan, addLead, artisan, quoteLead } from './admin-leads.ts'
import { changeRowsForEach, type TestDatabase } from './database.ts'

export const MINUTE = 60_000
const OFFERED = Date.parse('2026-10-01T08:00:00.000Z')

type Answer = readonly [minutes: number, answer: 'a' | 'd']

/**
 * Six electricians based in Milano (artisan()'s zones), each answering four offers after the given minutes (a for accepted,
 * d for declined), with three ratings: the first is the quickest, most accepting and best rated, the last the opposite.
 */
export const ELECTRICIANS: ReadonlyArray<{ answers: readonly Answer[]; stars: readonly number[] }> = [
  {
    answers: [
      [10, 'a'],
      [20, 'a'],
      [30, 'a'],
      [40, 'd'],
    ],
    stars: [5, 5, 4],
  },
  {
    answers: [
      [60, 'a'],
      [120, 'a'],
      [180, 'a'],
      [240, 'd'],
    ],
    stars: [4, 4, 4],
  },
  {
    answers: [
      [300, 'a'],
      [400, 'a'],
      [500, 'd'],
      [600, 'd'],
    ],
    stars: [4, 4, 3],
  },
  {
    answers: [
      [700, 'a'],
      [800, 'd'],
      [900, 'd'],
      [1000, 'd'],
    ],
    stars: [3, 4, 3],
  },
  {
    answers: [
      [1100, 'a'],
      [1200, 'd'],
      [1300, 'd'],
      [1400, 'd'],
    ],
    stars: [3, 3, 3],
  },
  {
    answers: [
      [1500, 'd'],
      [1600, 'd'],
      [1700, 'd'],
      [1800, 'd'],
    ],
    stars: [2, 3, 2],
  },
]

/** The leads the offers of seedRecord are made on, one per answer. */
export async function seedLeads(database: TestDatabase, count = 6): Promise<number[]> {
  const leads: number[] = []
  for (let i = 0; i < count; i++) leads.push(await addLead(database, quoteLead({ email: `cliente${i}@example.com` })))
  return leads
}

/** A craftsman's answers to offers of those leads (in order) and the requesters' ratings, written as the answers write them. */
export function seedRecord(database: TestDatabase, leads: number[], artisanId: number, answers: readonly Answer[], stars: readonly number[]) {
  const at = (ms: number) => new Date(ms).toISOString()
  changeRowsForEach(
    database,
    'insert into lead_assignments (lead_id, artisan_id, assigned_at, response, responded_at) values (?, ?, ?, ?, ?)',
    answers.map(([minutes, answer], index) => [leads[index], artisanId, at(OFFERED), answer === 'a' ? 'accepted' : 'declined', at(OFFERED + minutes * MINUTE)]),
  )
  changeRowsForEach(
    database,
    "insert into lead_ratings (lead_id, artisan_id, stars, outcome, comment, created_at, updated_at) values (?, ?, ?, 'fatto', null, ?, ?)",
    stars.map((value, index) => [leads[index], artisanId, value, at(OFFERED), at(OFFERED)]),
  )
}

/** Writes ELECTRICIANS into the register with their records; their ids in the same order. */
export async function seedElectricians(database: TestDatabase, leads: number[]): Promise<number[]> {
  const ids: number[] = []
  for (const [index, electrician] of ELECTRICIANS.entries()) {
    const id = await addArtisan(
      database,
      artisan({ email: `elettricista${index}@artigiani.example`, contactName: `Elettricista ${index}`, companyName: `Impianti ${index} Srl` }),
    )
    seedRecord(database, leads, id, electrician.answers, electrician.stars)
    ids.push(id)
  }
  return ids
}

/** An offer the office took back from that craftsman before they answered it. */
export function seedRevokedOffer(database: TestDatabase, leadId: number, artisanId: number) {
  changeRowsForEach(database, 'insert into lead_assignments (lead_id, artisan_id, assigned_at, revoked_at) values (?, ?, ?, ?)', [
    [leadId, artisanId, new Date(OFFERED).toISOString(), new Date(OFFERED + MINUTE).toISOString()],
  ])
}

import { beforeAll, describe, expect, it } from 'vitest'
import { responseTimeWords } from '#server/profiles/profile-page.ts'
import { errorOf, serveSignedIn, trpcClient } from './helpers/admin.ts'
import { addArtisan, addLead, artisan, quoteLead } from './helpers/admin-leads.ts'
import { startApp } from './helpers/app.ts'
import { artisanClient } from './helpers/artisan-area.ts'
import { changeRowsForEach, readRows } from './helpers/database.ts'

const ADMIN = { email: 'numeri@artigianimilano.it', password: 'password sicura 2026' }
const site = serveSignedIn(ADMIN, {}, startApp)

const MINUTE = 60_000
const OFFERED = Date.parse('2026-10-01T08:00:00.000Z')

/**
 * Six electricians based in Milano (artisan()'s zones), each answering four offers after the given minutes (a for accepted,
 * d for declined), with three ratings: the first is the quickest, most accepting and best rated, the last the opposite.
 */
const ELECTRICIANS = [
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
] as const

let ids: number[] = []
let locksmith = 0
let newcomer = 0
let applicant = 0
let leads: number[] = []

async function seedRecord(artisanId: number, answers: ReadonlyArray<readonly [number, 'a' | 'd']>, stars: readonly number[]) {
  const database = site.server.databasePath
  changeRowsForEach(
    database,
    'insert into lead_assignments (lead_id, artisan_id, assigned_at, response, responded_at) values (?, ?, ?, ?, ?)',
    answers.map(([minutes, answer], index) => [
      leads[index],
      artisanId,
      new Date(OFFERED).toISOString(),
      answer === 'a' ? 'accepted' : 'declined',
      new Date(OFFERED + minutes * MINUTE).toISOString(),
    ]),
  )
  changeRowsForEach(
    database,
    "insert into lead_ratings (lead_id, artisan_id, stars, outcome, comment, created_at, updated_at) values (?, ?, ?, 'fatto', null, ?, ?)",
    stars.map((value, index) => [leads[index], artisanId, value, new Date(OFFERED).toISOString(), new Date(OFFERED).toISOString()]),
  )
}

beforeAll(async () => {
  const database = site.server.databasePath
  leads = []
  for (let i = 0; i < 6; i++) leads.push(await addLead(database, quoteLead({ email: `cliente${i}@example.com` })))
  ids = []
  for (const [index, electrician] of ELECTRICIANS.entries()) {
    const id = await addArtisan(database, artisan({ email: `elettricista${index}@artigiani.example`, contactName: `Elettricista ${index}` }))
    await seedRecord(id, electrician.answers, electrician.stars)
    ids.push(id)
  }
  // An offer the office took back before the first one answered: it does not count against them.
  changeRowsForEach(database, 'insert into lead_assignments (lead_id, artisan_id, assigned_at, revoked_at) values (?, ?, ?, ?)', [
    [leads[5], ids[0], new Date(OFFERED).toISOString(), new Date(OFFERED + MINUTE).toISOString()],
  ])
  // A locksmith in Milano with a record but no other locksmith near them; a newcomer electrician with none; an applicant
  // in review with the best record of all, who competes with nobody yet.
  locksmith = await addArtisan(database, artisan({ email: 'fabbro@artigiani.example', specializationSectors: ['Fabbro'] }))
  await seedRecord(locksmith, ELECTRICIANS[0].answers, ELECTRICIANS[0].stars)
  newcomer = await addArtisan(database, artisan({ email: 'nuovo@artigiani.example' }))
  applicant = await addArtisan(database, artisan({ email: 'candidato@artigiani.example', status: 'pending_review' }))
  await seedRecord(
    applicant,
    [
      [1, 'a'],
      [2, 'a'],
      [3, 'a'],
      [4, 'a'],
    ],
    [5, 5, 5],
  )
})

const figuresOf = (artisanId: number) => artisanClient(site.server.url, site.server.databasePath, artisanId).trpc.area.figures.get.query()

describe('I tuoi numeri', () => {
  it('are the numbers the office sees for the same craftsman, and the words of their public profile', async () => {
    for (const id of [ids[0]!, ids[2]!, ids[5]!, locksmith, newcomer]) {
      const [figures, office] = await Promise.all([figuresOf(id), site.trpc.admin.artisans.responses.query({ id })])
      expect(figures.responseTime.medianMs).toBe(office.stats.medianResponseMs)
      expect(figures.acceptance).toMatchObject({ rate: office.stats.acceptanceRate, accepted: office.stats.accepted })
      expect(figures.rating).toMatchObject({ average: office.stats.averageRating, count: office.stats.ratings })
    }
    const quickest = await figuresOf(ids[0]!)
    expect(quickest.responseTime).toMatchObject({ medianMs: 25 * MINUTE, onProfile: responseTimeWords(25 * MINUTE) })
    expect(quickest.responseTime.onProfile).toBe("Risponde di solito entro un'ora")
    expect(quickest.acceptance).toMatchObject({ rate: 0.75, accepted: 3, answerable: 4 })
    expect(quickest.rating).toMatchObject({ average: 4.7, count: 3 })
    expect(quickest.zone).toEqual([{ sector: 'Elettricista', comune: 'Milano' }])
  })

  it('place a craftsman in a band among the active craftsmen of their trades where they are based', async () => {
    const bands = async (id: number) => {
      const figures = await figuresOf(id)
      return [figures.responseTime.comparison, figures.acceptance.comparison, figures.rating.comparison]
    }
    // Six electricians with a record (the newcomer has none, the applicant is not active): the quickest is first in all.
    expect(await bands(ids[0]!)).toEqual([
      { band: 'top', peers: 6 },
      { band: 'top', peers: 6 },
      { band: 'top', peers: 6 },
    ])
    expect(await bands(ids[2]!)).toEqual([
      { band: 'middle', peers: 6 },
      { band: 'middle', peers: 6 },
      { band: 'middle', peers: 6 },
    ])
    expect(await bands(ids[5]!)).toEqual([
      { band: 'bottom', peers: 6 },
      { band: 'bottom', peers: 6 },
      { band: 'bottom', peers: 6 },
    ])
  })

  it('give no band with too few peers, nor before the craftsman has a record of their own', async () => {
    const alone = await figuresOf(locksmith)
    expect(alone.responseTime.comparison).toEqual({ band: null, peers: 1, missing: 'peers' })
    expect(alone.rating.comparison).toEqual({ band: null, peers: 1, missing: 'peers' })
    const fresh = await figuresOf(newcomer)
    expect(fresh.responseTime).toMatchObject({ medianMs: null, onProfile: null, comparison: { band: null, peers: 6, missing: 'own' } })
    expect(fresh.acceptance).toMatchObject({ rate: null, answerable: 0, comparison: { band: null, missing: 'own' } })
    expect(fresh.rating).toMatchObject({ average: null, count: 0, comparison: { band: null, missing: 'own' } })
  })

  it('show only the signed-in craftsman’s own figures, whatever id is sent, and only to a craftsman', async () => {
    const audit = () => readRows(site.server.databasePath, 'select count(*) as n from audit_log')
    const before = audit()
    const own = await figuresOf(ids[0]!)
    const other = await figuresOf(ids[5]!)
    const { trpc } = artisanClient(site.server.url, site.server.databasePath, ids[0]!)
    // The procedure takes no input: an id sent with it changes nothing.
    const asked = await (trpc.area.figures.get.query as (input: unknown) => Promise<typeof own>)({ id: ids[5] })
    expect(asked).toEqual(own)
    expect(asked).not.toEqual(other)
    expect(await errorOf(trpcClient(site.server.url).area.figures.get.query())).toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
    // An administrator's session is not a craftsman's, and a craftsman's is no administrator's.
    expect(await errorOf(site.trpc.area.figures.get.query())).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await errorOf(trpc.admin.artisans.responses.query({ id: ids[0]! }))).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(audit()).toEqual(before)
  })
})

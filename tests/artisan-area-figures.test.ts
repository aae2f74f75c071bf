import { beforeAll, describe, expect, it } from 'vitest'
import { responseTimeWords } from '#server/profiles/profile-page.ts'
import { errorOf, serveSignedIn, trpcClient } from './helpers/admin.ts'
import { addArtisan, artisan } from './helpers/admin-leads.ts'
import { startApp } from './helpers/app.ts'
import { artisanClient } from './helpers/artisan-area.ts'
import { ELECTRICIANS, MINUTE, seedElectricians, seedLeads, seedRecord, seedRevokedOffer } from './helpers/artisan-figures.ts'
import { readRows } from './helpers/database.ts'

const ADMIN = { email: 'numeri@artigianimilano.it', password: 'password sicura 2026' }
const site = serveSignedIn(ADMIN, {}, startApp)

let ids: number[] = []
let locksmith = 0
let newcomer = 0

beforeAll(async () => {
  const database = site.server.databasePath
  const leads = await seedLeads(database)
  ids = await seedElectricians(database, leads)
  // An offer the office took back before the first one answered: it does not count against them.
  seedRevokedOffer(database, leads[5]!, ids[0]!)
  // A locksmith in Milano with a record but no other locksmith near them; a newcomer electrician with none; an applicant
  // in review with the best record of all, who competes with nobody yet.
  locksmith = await addArtisan(database, artisan({ email: 'fabbro@artigiani.example', specializationSectors: ['Fabbro'] }))
  seedRecord(database, leads, locksmith, ELECTRICIANS[0]!.answers, ELECTRICIANS[0]!.stars)
  newcomer = await addArtisan(database, artisan({ email: 'nuovo@artigiani.example' }))
  const applicant = await addArtisan(database, artisan({ email: 'candidato@artigiani.example', status: 'pending_review' }))
  seedRecord(
    database,
    leads,
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

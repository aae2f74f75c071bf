import { describe, expect, it } from 'vitest'
import type { ArtisanStatus } from '#shared/enums.ts'
import { artisan, quoteLead } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { deleteLead } from './admin-leads.ts'
import { insertArtisan } from './artisans.ts'
import { dashboardStats } from './dashboard.ts'
import { insertLead } from './leads.ts'
import { suppressEmail, suppressErasedEmail } from './suppressions.ts'

const database = serveTestDatabase()

// 12:00 of 20 November 2026 in Rome: the 30 days run from 22 October.
const NOW = new Date('2026-11-20T11:00:00.000Z')
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString()

describe('the dashboard figures', () => {
  it('count the leads and new requesters of the last 30 days, active and pending craftsmen, and the newsletter’s recipients once each', async () => {
    const db = database()
    // anna: first request 40 days ago, again 2 days ago (not new); bruno: new; carla: new, twice; dario: only old.
    const requests = [
      ['anna@example.com', 40],
      ['Anna@Example.com ', 2],
      ['bruno@example.com', 5],
      ['carla@example.com', 1],
      ['carla@example.com', 0],
      ['dario@example.com', 60],
    ] as const
    const leadIds: number[] = []
    for (const [email, days] of requests) leadIds.push(await insertLead(db, quoteLead({ email, dispatch: false }), [], ago(days)))
    // A craftsman's address counts once however it is written, and not when a requester has it or it is empty.
    const registered: [string, ArtisanStatus][] = [
      ['ANNA@example.com', 'active'],
      ['elio@example.com', 'active'],
      [' Elio@Example.com ', 'rejected'],
      ['fabio@example.com', 'pending_review'],
      ['gina@example.com', 'inactive'],
      ['   ', 'inactive'],
    ]
    for (const [email, status] of registered) await insertArtisan(db, artisan({ email, status }), ago(1))
    expect(await suppressEmail(db, 'dario@example.com', 'unsubscribed')).toBe(true)
    await suppressErasedEmail(db, 'gina@example.com', ago(0))

    const stats = await dashboardStats(db, NOW)
    expect({ ...stats, leadsPerDay: [] }).toEqual({
      leadsLast30Days: 4,
      newRequestersLast30Days: 2,
      activeArtisans: 2,
      pendingArtisans: 1,
      // anna, bruno, carla, elio, fabio: dario and gina suppressed, anna and elio once each.
      newsletterRecipients: 5,
      leadsPerDay: [],
    })
    expect(stats.leadsPerDay).toHaveLength(30)
    expect(stats.leadsPerDay[0]).toEqual({ day: '2026-10-22', leads: 0 })
    expect(stats.leadsPerDay.filter((day) => day.leads).map((day) => [day.day, day.leads])).toEqual([
      ['2026-11-15', 1],
      ['2026-11-18', 1],
      ['2026-11-19', 1],
      ['2026-11-20', 1],
    ])

    // Bruno's only request deleted: he is no longer a requester, new or otherwise.
    expect(await deleteLead(db, leadIds[2]!)).toBe(true)
    expect(await dashboardStats(db, NOW)).toMatchObject({ leadsLast30Days: 3, newRequestersLast30Days: 1, newsletterRecipients: 4 })
  })

  it('are all zero on an empty database, with the 30 days listed', async () => {
    const stats = await dashboardStats(database(), NOW)
    expect({ ...stats, leadsPerDay: stats.leadsPerDay.filter((day) => day.leads) }).toEqual({
      leadsLast30Days: 0,
      newRequestersLast30Days: 0,
      activeArtisans: 0,
      pendingArtisans: 0,
      newsletterRecipients: 0,
      leadsPerDay: [],
    })
    expect(stats.leadsPerDay.map((day) => day.day).at(-1)).toBe('2026-11-20')
    expect(stats.leadsPerDay).toHaveLength(30)
  })
})

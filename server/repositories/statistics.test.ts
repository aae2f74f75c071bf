import { describe, expect, it } from 'vitest'
import { classifyPath, PAGE_TYPES, statisticsReport } from '#server/analytics/report.ts'
import { comuni, serviceInComunePath, services } from '#shared/catalog/index.ts'
import { addDays, lastDays, romeDayEnd, romeDayStart } from '#shared/italian-time.ts'
import { artisan, quoteLead } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { insertArtisan } from './artisans.ts'
import { dashboardStats } from './dashboard.ts'
import { insertLead } from './leads.ts'
import { responseMetrics } from './response-metrics.ts'
import { leadPeriodSize, requestsBy, visitsByPath } from './statistics.ts'
import { addVisits } from './visits.ts'

const database = serveTestDatabase()

/** A period's leads (their landing pages) and each page's visits, counted from the leads and visits themselves. */
async function countedIn(from: string, to: string) {
  const db = database()
  const leads = await db
    .selectFrom('leads')
    .select('landing_page')
    .where('created_at', '>=', romeDayStart(from))
    .where('created_at', '<', romeDayEnd(to))
    .execute()
  const visits = await db
    .selectFrom('page_visits')
    .select((eb) => ['path', eb.fn.sum<number>('visits').as('visits')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('path')
    .execute()
  return { landingPages: leads.map((lead) => lead.landing_page), visits: visits.map(({ path, visits }) => ({ key: path, visits: Number(visits) })) }
}

const addLeadsAt = async (instants: string[]) => {
  for (const [i, at] of instants.entries()) await insertLead(database(), quoteLead({ email: `cliente-${at}-${i}@example.com` }), [], at)
}

/** The dashboard's "last 30 days" and Statistiche's "Ultimi 30 giorni" at an instant: the count and the requests per day of each. */
async function bothScreens(now: string) {
  const dashboard = await dashboardStats(database(), new Date(now))
  const report = await statisticsReport(database(), lastDays(30, Date.parse(now)))
  return {
    dashboard: { total: dashboard.leadsLast30Days, days: dashboard.leadsPerDay.map((d) => [d.day, d.leads]) },
    statistics: { total: report.totals.requests, days: report.days.map((d) => [d.day, d.requests]) },
    report,
  }
}

describe('"the last 30 days"', () => {
  it('are the same 30 Italian days, today included, on the dashboard and in Statistiche, across midnight in Rome and the changes of summer time', async () => {
    await addLeadsAt([
      // Autumn: today is 25 October (the clocks go back at 03:00), the period starts on 26 September, in summer time.
      '2026-09-25T21:59:59.999Z', // 23:59 on 25 September in Rome: the day before the period
      '2026-09-25T22:00:00.000Z', // midnight of 26 September in Rome, 22:00 UTC the day before
      '2026-09-25T22:30:00.000Z',
      '2026-10-25T00:30:00.000Z', // 02:30 summer time
      '2026-10-25T01:30:00.000Z', // 02:30 again, winter time
      '2026-10-25T22:45:00.000Z', // 23:45 in Rome, a moment before "now"
      '2026-10-25T23:00:00.000Z', // midnight of 26 October in Rome: tomorrow
      // Spring: today is 29 March (the clocks go forward at 02:00), the period starts on 28 February, in winter time.
      '2026-02-27T22:59:00.000Z',
      '2026-02-27T23:00:00.000Z',
      '2026-03-29T00:59:00.000Z', // 01:59 winter time
      '2026-03-29T01:00:00.000Z', // 03:00 summer time
      '2026-03-29T21:29:00.000Z',
      '2026-03-29T22:00:00.000Z', // midnight of 30 March in Rome
    ])

    const autumn = await bothScreens('2026-10-25T22:50:00.000Z')
    expect(autumn.dashboard).toEqual(autumn.statistics)
    expect(autumn.statistics.total).toBe(5)
    expect(autumn.statistics.days[0]).toEqual(['2026-09-26', 2])
    expect(autumn.statistics.days.at(-1)).toEqual(['2026-10-25', 3])
    expect(autumn.statistics.days).toHaveLength(30)

    const spring = await bothScreens('2026-03-29T21:30:00.000Z')
    expect(spring.dashboard).toEqual(spring.statistics)
    expect(spring.statistics.total).toBe(4)
    expect(spring.statistics.days[0]).toEqual(['2026-02-28', 1])
    expect(spring.statistics.days.at(-1)).toEqual(['2026-03-29', 3])
  })

  it('are the period of the dashboard’s craftsmen answers too', async () => {
    const { id: artisanId } = await insertArtisan(database(), artisan())
    // Offers of three leads: 23:59 on 25 September in Rome (the day before the period), 00:10 on 26 September, 10 October.
    for (const at of ['2026-09-25T21:59:00.000Z', '2026-09-25T22:10:00.000Z', '2026-10-10T10:00:00.000Z']) {
      const leadId = await insertLead(database(), quoteLead({ email: `offerta-${at}@example.com` }), [], '2026-09-20T10:00:00.000Z')
      await database()
        .insertInto('lead_assignments')
        .values({ lead_id: leadId, artisan_id: artisanId, assigned_at: at, assigned_by: null, email_outbox_id: null, response: null })
        .execute()
    }
    expect((await responseMetrics(database(), new Date('2026-10-25T22:50:00.000Z'))).offers).toBe(2)
  })

  it('give way, for a single day ("Oggi"), to its requests by hour of the Italian clock, the hour lived twice in October as one', async () => {
    await addLeadsAt([
      '2026-10-24T21:59:00.000Z',
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:30:00.000Z',
      '2026-10-25T22:59:59.999Z',
    ])
    const day = await statisticsReport(database(), { from: '2026-10-25', to: '2026-10-25' })
    expect(day.hours).toHaveLength(24)
    expect(day.hours!.filter((h) => h.requests).map((h) => [h.hour, h.requests])).toEqual([
      [0, 1],
      [2, 2],
      [23, 1],
    ])
    expect(day.totals.requests).toBe(4)
    expect((await statisticsReport(database(), { from: '2026-10-24', to: '2026-10-25' })).hours).toBeNull()
  })

  it('are compared with the 30 Italian days before them', async () => {
    await addLeadsAt(['2026-08-26T21:59:00.000Z', '2026-08-26T22:00:00.000Z', '2026-09-25T21:59:59.999Z', '2026-09-25T22:00:00.000Z'])
    await database()
      .insertInto('visit_days')
      .values([
        { day: '2026-08-26', visits: 7 },
        { day: '2026-08-27', visits: 40 },
        { day: '2026-09-25', visits: 2 },
        { day: '2026-09-26', visits: 30 },
      ])
      .execute()
    const { report } = await bothScreens('2026-10-25T12:00:00.000Z')
    expect(report.totals).toEqual({ visits: 30, requests: 1 })
    expect(report.previous).toEqual({ from: '2026-08-27', to: '2026-09-25', visits: 42, requests: 2 })
    // A single day is compared with the day before.
    expect((await statisticsReport(database(), { from: '2026-09-26', to: '2026-09-26' })).previous).toEqual({
      from: '2026-09-25',
      to: '2026-09-25',
      visits: 2,
      requests: 1,
    })
  })
})

describe('a period’s requests and visits by key', () => {
  // Six landing pages and five pages visited on days with gaps of every length, the first on 1 August: each period's
  // figures, read from the period's own rows or from each key's running totals (its row of the day before the period,
  // else a lookup of its last one), equal a count of the leads and visits themselves.
  const FIRST_DAY = '2026-08-01'
  const has = (day: number, key: number) => (day * (key + 3)) % (key + 2) === 0 || (day > 40 && key === 5)

  it('equal a count of the leads and the visits themselves, whichever way the period is read', async () => {
    const db = database()
    for (let day = 0; day < 70; day++) {
      for (let key = 0; key < 6; key++) {
        if (!has(day, key)) continue
        const at = `${addDays(FIRST_DAY, day)}T${String(8 + key).padStart(2, '0')}:00:00.000Z`
        await insertLead(db, quoteLead({ email: `periodo-${day}-${key}@example.com`, landingPage: `/pagina-${key}` }), [], at)
      }
      const rows = [0, 1, 2, 3, 4]
        .filter((key) => has(day + 1, key))
        .map((key) => ({ day: addDays(FIRST_DAY, day), path: `/pagina-${key}`, source: 'diretto', visits: key + 1 }))
      await addVisits(db, { rows, uncounted: [] })
    }
    const sorted = <Row extends { key: string }>(rows: Row[]) => rows.map((row) => ({ ...row })).sort((a, b) => a.key.localeCompare(b.key))
    const periods: Array<[string, string]> = []
    for (const start of [-3, 0, 1, 2, 6, 25, 41, 69]) {
      for (const days of [1, 2, 7, 30, 90]) periods.push([addDays(FIRST_DAY, start), addDays(FIRST_DAY, start + days - 1)])
    }
    for (const [from, to] of periods) {
      const counted = await countedIn(from, to)
      const requests = new Map<string, number>()
      for (const landing of counted.landingPages) requests.set(landing ?? '', (requests.get(landing ?? '') ?? 0) + 1)
      const expected = sorted([...requests].map(([key, n]) => ({ key, requests: n })))
      // Every key looked up, the engine's own choice, every period summed from its rows.
      for (const requestsPerLookup of [0, undefined, Number.POSITIVE_INFINITY]) {
        expect(sorted(await requestsBy(db, 'landing', from, to, { requestsPerLookup })), `${from} - ${to}, ${requestsPerLookup}`).toEqual(expected)
      }
      expect(sorted(await visitsByPath(db, from, to)), `${from} - ${to}`).toEqual(sorted(counted.visits))
    }
  })
})

describe('the Statistiche report’s landing pages', () => {
  it('are the 50 with most visits, then most requests, ties in the Italian order of their addresses', async () => {
    const db = database()
    const day = '2026-10-10'
    // 70 pages visited as often as each other (but for three), two of them with a request.
    const paths = Array.from({ length: 70 }, (_, i) => `/pagina-${i}`)
    const visits = (path: string) => (path === '/pagina-69' ? 9 : path === '/pagina-3' || path === '/pagina-42' ? 7 : 5)
    await addVisits(db, { rows: paths.map((path) => ({ day, path, source: 'diretto', visits: visits(path) })), uncounted: [] })
    for (const path of ['/pagina-55', '/pagina-8']) {
      await insertLead(db, quoteLead({ email: `richiesta${path.replace('/', '-')}@example.com`, landingPage: path }), [], `${day}T10:00:00.000Z`)
    }
    const report = await statisticsReport(db, { from: day, to: day })
    const italian = new Intl.Collator('it')
    const tied = paths.filter((path) => visits(path) === 5 && !['/pagina-55', '/pagina-8'].includes(path)).sort(italian.compare)
    expect(report.landingPages.map((row) => row.key)).toEqual(['/pagina-69', '/pagina-3', '/pagina-42', '/pagina-55', '/pagina-8', ...tied].slice(0, 50))
  })
})

describe('the Statistiche report’s page types and landing pages', () => {
  // Twelve service-in-a-town landing pages, seven of other types (a request without one among them) and 60 pages
  // visited, over 20 days. Past four requests per landing page, the report reads a period's requests by landing page
  // from the running totals of only the pages that matter (landingPageRequestsFromTotals in server/analytics/report.ts);
  // with fewer than 50 pages visited, of every landing page; a single day's from its rows. Each way equals a count of
  // the leads and visits themselves.
  const FIRST_DAY = '2026-09-01'
  const inTown = (i: number) => serviceInComunePath(services[i % services.length]!.id, comuni[i]!.slug)
  const landings = [
    ...Array.from({ length: 12 }, (_, i) => inTown(i)),
    '/',
    '/rho',
    '/idraulico',
    '/servizi-casa',
    '/s/astronauta-rho-0001',
    '/contattaci',
    null,
  ]
  const pages = [...landings.filter((page) => page !== null), ...Array.from({ length: 42 }, (_, i) => inTown(12 + i))]
  const italian = new Intl.Collator('it')

  async function counted(from: string, to: string) {
    const { landingPages, visits: visited } = await countedIn(from, to)
    const types = new Map<string, { visits: number; requests: number }>()
    const byPage = new Map<string, { visits: number; requests: number }>()
    const entry = (map: typeof types, key: string) => map.get(key) ?? map.set(key, { visits: 0, requests: 0 }).get(key)!
    for (const { key, visits } of visited) {
      entry(types, classifyPath(key).type).visits += visits
      entry(byPage, key).visits += visits
    }
    for (const landing of landingPages) {
      entry(types, landing ? classifyPath(landing).type : 'other').requests++
      if (landing) entry(byPage, landing).requests++
    }
    const ranked = [...byPage]
      .map(([key, figures]) => ({ key, ...figures }))
      .sort((a, b) => b.visits - a.visits || b.requests - a.requests || italian.compare(a.key, b.key))
    return {
      requests: landingPages.length,
      pageTypes: [...types].map(([key, figures]) => ({ key, label: PAGE_TYPES[key as keyof typeof PAGE_TYPES], ...figures })),
      landingPages: ranked.slice(0, 50).map((row) => ({ ...row, label: row.key })),
    }
  }

  it('equal a count of the leads and the visits themselves, whichever landing pages are looked up', async () => {
    const db = database()
    for (let day = 0; day < 20; day++) {
      for (const [k, landingPage] of landings.entries()) {
        if ((day + k) % 3 === 0) continue
        const at = `${addDays(FIRST_DAY, day)}T${String(6 + (k % 12)).padStart(2, '0')}:00:00.000Z`
        await insertLead(db, quoteLead({ email: `pagina-${day}-${k}@example.com`, landingPage }), [], at)
      }
      // Every page the first twelve days, the first twenty after; visits tied by the handful.
      const rows = pages.filter((_, j) => day < 12 || j < 20).map((path, j) => ({ day: addDays(FIRST_DAY, day), path, source: 'diretto', visits: (j % 7) + 1 }))
      await addVisits(db, { rows, uncounted: [] })
    }
    const periods: Array<[string, string]> = [
      [addDays(FIRST_DAY, 2), addDays(FIRST_DAY, 11)], // 60 pages visited: the pages that matter
      [addDays(FIRST_DAY, 12), addDays(FIRST_DAY, 19)], // 20 pages visited: every landing page
      [FIRST_DAY, addDays(FIRST_DAY, 19)], // from the first day: nothing before
      [addDays(FIRST_DAY, 19), addDays(FIRST_DAY, 19)], // a day: its rows
    ]
    for (const [from, to] of periods) {
      const expected = await counted(from, to)
      const size = await leadPeriodSize(db, from, to)
      expect(size.requests).toBe(expected.requests)
      if (from !== to) expect(size.requests, `${from} - ${to}`).toBeGreaterThan(4 * size.keys.landing)
      const report = await statisticsReport(db, { from, to })
      const byKey = <Row extends { key: string }>(rows: Row[]) => [...rows].sort((a, b) => a.key.localeCompare(b.key))
      expect(byKey(report.pageTypes), `${from} - ${to}`).toEqual(byKey(expected.pageTypes))
      expect(report.landingPages, `${from} - ${to}`).toEqual(expected.landingPages)
    }
  })
})

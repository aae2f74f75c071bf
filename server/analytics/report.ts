import type { DB } from '#db/client.ts'
import { comuni, findCategory, findComune, findService, parseServiceInComuneParam, services } from '#shared/catalog/index.ts'
import type { StatisticsPeriod } from '#shared/schemas/statistics.ts'
import {
  campaignCosts,
  leadPeriodSize,
  requestsBy,
  requestsByDay,
  requestsByHour,
  visitsByDay,
  visitsByPath,
  visitsBySource,
} from '#server/repositories/statistics.ts'
import { addDays, previousPeriod } from '#shared/italian-time.ts'

export const PAGE_TYPES = {
  home: 'Home page',
  service: 'Servizi',
  category: 'Categorie',
  comune: 'Comuni',
  serviceInComune: 'Servizio in un comune',
  other: 'Altre pagine',
} as const
export type PageType = keyof typeof PAGE_TYPES

const nextDay = (day: string) => addDays(day, 1)

/** What a page of the site is: its type, and the service and the town it is about, if any. */
export function classifyPath(path: string): { type: PageType; service?: string; comune?: string } {
  if (path === '/') return { type: 'home' }
  if (path.startsWith('/s/')) {
    const parsed = parseServiceInComuneParam(path.slice(3))
    return parsed.ok ? { type: 'serviceInComune', service: parsed.service.id, comune: parsed.comune.slug } : { type: 'other' }
  }
  const slug = path.slice(1)
  if (slug.includes('/')) return { type: 'other' }
  if (findService(slug)) return { type: 'service', service: slug }
  if (findCategory(slug)) return { type: 'category' }
  if (findComune(slug)) return { type: 'comune', comune: slug }
  return { type: 'other' }
}

type PageClass = ReturnType<typeof classifyPath>
/**
 * Each page's class, worked out once per process: the site has a few thousand pages and a report classifies every one
 * of them (about 20 ms each time otherwise). Bounded, as landing pages come from what browsers sent.
 */
const classes = new Map<string, PageClass>()
const CLASSES_KEPT = 20_000
function classOf(path: string): PageClass {
  let page = classes.get(path)
  if (!page) {
    page = classifyPath(path)
    if (classes.size >= CLASSES_KEPT) classes.clear()
    classes.set(path, page)
  }
  return page
}

/** Italian alphabetical order; one collator, as `localeCompare` with a locale builds a new one at each comparison. */
const italian = new Intl.Collator('it')

export type StatisticsRow = { key: string; label: string; visits: number; requests: number; costCents?: number | null }

type Figures = Pick<StatisticsRow, 'visits' | 'requests'>
const byFigures = (a: Figures, b: Figures) => b.visits - a.visits || b.requests - a.requests

/**
 * The rows of a table, most visits first, then most requests, then in the Italian order of their labels; the first
 * `limit` only. Past the limit, the rows that can be among them (figures at least those of the limit-th) are found by
 * the figures alone before the labels are compared: the landing pages' 4,000 rows tie by the thousand.
 */
function table(visits: Map<string, number>, requests: Map<string, number>, label: (key: string) => string, limit = Number.POSITIVE_INFINITY): StatisticsRow[] {
  const keys = new Set([...visits.keys(), ...requests.keys()])
  let rows = [...keys].map((key) => ({ key, label: label(key), visits: visits.get(key) ?? 0, requests: requests.get(key) ?? 0 }))
  if (rows.length > limit) {
    const last = [...rows].sort(byFigures)[limit - 1]!
    rows = rows.filter((row) => byFigures(row, last) <= 0)
  }
  return rows.sort((a, b) => byFigures(a, b) || italian.compare(a.label, b.label)).slice(0, limit)
}

const add = (map: Map<string, number>, key: string | undefined | null, n: number) => {
  if (key) map.set(key, (map.get(key) ?? 0) + n)
}

const serviceNames = new Map(services.map((service) => [service.id, service.name]))
const comuneNames = new Map(comuni.map((comune) => [comune.slug, comune.name]))

/**
 * The Statistiche screen's figures for a period of Italian days: totals, visits and requests by day, and the tables by
 * page type, service, town, source (with the campaign costs of the months it touches, prorated by days) and landing page.
 */
export async function statisticsReport(db: DB, { from, to }: StatisticsPeriod) {
  const before = previousPeriod({ from, to })
  // The period's size first: it decides how each dimension's requests are read (server/repositories/statistics.ts).
  const size = await leadPeriodSize(db, from, to)
  // The two longest first (about 4,000 pages and landing pages each), so that the pool hands them a connection at once;
  // the days of this period and of the one before it in one read each.
  const [landing, byPath, bySource, visitDays, sources, requestsByComune, servicesRequested, requestDays, costs, hours] = await Promise.all([
    requestsBy(db, 'landing', from, to, { size }),
    visitsByPath(db, from, to),
    visitsBySource(db, from, to),
    visitsByDay(db, before.from, to),
    requestsBy(db, 'source', from, to, { size }),
    requestsBy(db, 'town', from, to, { size }),
    requestsBy(db, 'service', from, to, { size }),
    requestsByDay(db, before.from, to),
    campaignCosts(db, from.slice(0, 7), to.slice(0, 7)),
    from === to ? requestsByHour(db, from) : null,
  ])
  const byDay = visitDays.filter((row) => row.day >= from)
  const visitsBefore = visitDays.filter((row) => row.day < from)
  const requestsBefore = requestDays.filter((row) => row.day < from)

  const visits = { type: new Map<string, number>(), service: new Map<string, number>(), comune: new Map<string, number>(), path: new Map<string, number>() }
  for (const { key, visits: n } of byPath) {
    const page = classOf(key)
    add(visits.type, page.type, n)
    add(visits.service, page.service, n)
    add(visits.comune, page.comune, n)
    visits.path.set(key, n)
  }
  const requestsByType = new Map<string, number>()
  const requestsByLanding = new Map<string, number>()
  for (const { key, requests } of landing) {
    add(requestsByType, key ? classOf(key).type : 'other', requests)
    add(requestsByLanding, key, requests)
  }

  const requestsPerDay = new Map(requestDays.filter((row) => row.day >= from).map((row) => [row.day, row.requests]))
  const visitsPerDay = new Map(byDay.map((row) => [row.day, row.visits]))
  const days: Array<{ day: string; visits: number; requests: number }> = []
  for (let day = from; day <= to; day = nextDay(day)) days.push({ day, visits: visitsPerDay.get(day) ?? 0, requests: requestsPerDay.get(day) ?? 0 })

  // A month's cost counts for the days of the period inside that month.
  const costBySource = new Map<string, number>()
  for (const cost of costs) {
    const [year, month] = cost.month.split('-').map(Number) as [number, number]
    const monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate()
    const inPeriod = days.filter((d) => d.day.startsWith(cost.month)).length
    add(costBySource, cost.source, (cost.cost_cents * inPeriod) / monthDays)
  }
  const sourceTable = table(
    new Map(bySource.map((row) => [row.key, row.visits])),
    new Map(sources.map((row) => [row.key || 'non attribuito', row.requests])),
    (key) => key,
  ).map((row) => ({ ...row, costCents: costBySource.has(row.key) ? Math.round(costBySource.get(row.key)!) : null }))
  for (const [source, cents] of costBySource) {
    if (!sourceTable.some((row) => row.key === source)) sourceTable.push({ key: source, label: source, visits: 0, requests: 0, costCents: Math.round(cents) })
  }

  return {
    period: { from, to },
    totals: { visits: days.reduce((sum, d) => sum + d.visits, 0), requests: days.reduce((sum, d) => sum + d.requests, 0) },
    /** The period of the same length just before, for the change shown beside each total. */
    previous: {
      ...before,
      visits: visitsBefore.reduce((sum, row) => sum + row.visits, 0),
      requests: requestsBefore.reduce((sum, row) => sum + row.requests, 0),
    },
    /** Requests that would have counted as visits but came from an address over its daily share (docs/decisions/025). */
    uncounted: byDay.reduce((sum, row) => sum + row.uncounted, 0),
    days,
    /** A single day's requests by hour of the Italian clock, as Plausible draws a day; null for a longer period. */
    hours,
    pageTypes: table(visits.type, requestsByType, (key) => PAGE_TYPES[key as PageType]),
    services: table(visits.service, new Map(servicesRequested.map((row) => [row.key, row.requests])), (key) =>
      key === '' ? 'Servizio non indicato' : key === 'altro' ? 'Altro' : (serviceNames.get(key) ?? key),
    ),
    comuni: table(
      visits.comune,
      new Map(requestsByComune.filter((row) => row.key).map((row) => [row.key, row.requests])),
      (key) => comuneNames.get(key) ?? key,
    ),
    sources: sourceTable,
    landingPages: table(visits.path, requestsByLanding, (key) => key, 50),
    costs: costs.map((cost) => ({ month: cost.month, source: cost.source, costCents: cost.cost_cents })),
  }
}

export type StatisticsReport = Awaited<ReturnType<typeof statisticsReport>>

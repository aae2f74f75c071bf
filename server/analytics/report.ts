import type { DB } from '#db/client.ts'
import { comuni, findCategory, findComune, findService, parseServiceInComuneParam, services } from '#shared/catalog/index.ts'
import type { StatisticsPeriod } from '#shared/schemas/statistics.ts'
import {
  campaignCosts,
  dimensionKeys,
  type LeadPeriodSize,
  leadPeriodSize,
  periodRowsCheaper,
  requestsBy,
  requestsByDay,
  requestsByEach,
  requestsByHour,
  requestsOfKeys,
  visitsByDay,
  visitsByPath,
  visitsBySource,
} from '#server/repositories/statistics.ts'
import { daysOf, previousPeriod } from '#shared/italian-time.ts'

export const PAGE_TYPES = {
  home: 'Home page',
  service: 'Servizi',
  category: 'Categorie',
  comune: 'Comuni',
  serviceInComune: 'Servizio in un comune',
  other: 'Altre pagine',
} as const
export type PageType = keyof typeof PAGE_TYPES

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
 * `limit` only. Past the limit, only the keys with at least the limit-th most visits can be among them, and only their
 * rows are made and sorted: the landing pages are about 4,000.
 */
function table(visits: Map<string, number>, requests: Map<string, number>, label: (key: string) => string, limit = Number.POSITIVE_INFINITY): StatisticsRow[] {
  let keys = [...new Set([...visits.keys(), ...requests.keys()])]
  if (keys.length > limit) {
    const least = nthLargest(
      keys.map((key) => visits.get(key) ?? 0),
      limit,
    )
    keys = keys.filter((key) => (visits.get(key) ?? 0) >= least)
  }
  const rows = keys.map((key) => ({ key, label: label(key), visits: visits.get(key) ?? 0, requests: requests.get(key) ?? 0 }))
  return rows.sort((a, b) => byFigures(a, b) || italian.compare(a.label, b.label)).slice(0, limit)
}

/** The n-th largest of the figures (there are at least n), by a numeric sort rather than a compared one. */
const nthLargest = (figures: number[], n: number) => Float64Array.from(figures).sort()[figures.length - n]!

const add = (map: Map<string, number>, key: string | undefined | null, n: number) => {
  if (key) map.set(key, (map.get(key) ?? 0) + n)
}

const serviceNames = new Map(services.map((service) => [service.id, service.name]))
const comuneNames = new Map(comuni.map((comune) => [comune.slug, comune.name]))

const LANDING_PAGES_SHOWN = 50
/** Requests per landing page up to which a period's are summed from its rows (measured: docs/decisions/061, second addendum). */
const REQUESTS_PER_LANDING_PAGE = 4
/** Landing pages looked up one by one at most (in one statement), past which all are. */
const LANDING_PAGES_LOOKED_UP = 1_000
const typeOf = (landing: string): PageType => (landing ? classOf(landing).type : 'other')

/**
 * The period's requests by page type and by landing page when a lookup of every landing page's running totals would
 * cost more than the period's rows (a long period), without looking up every landing page: the pages of every type but
 * the one with the most pages are looked up, and that type (the service-in-a-town pages, about 4,000 of the site's
 * 4,200) gets the rest of the period's requests; of the others, only the pages that can be among the 50 shown (at least
 * as many visits as the 50th-most visited) are looked up. Every landing page is looked up when fewer than 50 pages
 * were visited (any landing page can then be shown), or when more than LANDING_PAGES_LOOKED_UP would be (the other
 * types' pages are addresses browsers sent, so they can be many).
 */
async function landingPageRequestsFromTotals(db: DB, from: string, to: string, requests: number, keys: string[], visitsByPath: Map<string, number>) {
  const types = keys.map(typeOf)
  const pagesOfType = new Map<PageType, number>()
  for (const type of types) pagesOfType.set(type, (pagesOfType.get(type) ?? 0) + 1)
  const [largest] = [...pagesOfType].sort((a, b) => b[1] - a[1])[0] ?? []
  const wanted = new Set(keys.filter((_, i) => types[i] !== largest))
  const everyVisited = visitsByPath.size < LANDING_PAGES_SHOWN
  if (!everyVisited) {
    const least = nthLargest([...visitsByPath.values()], LANDING_PAGES_SHOWN)
    for (const [path, visits] of visitsByPath) if (visits >= least) wanted.add(path)
  }
  const everyPage = everyVisited || wanted.size > LANDING_PAGES_LOOKED_UP
  const rows = await requestsOfKeys(db, 'landing', from, to, everyPage ? undefined : [...wanted])
  const byType = new Map<string, number>()
  let rest = requests
  for (const { key, requests: n } of rows) {
    const type = typeOf(key)
    if (!everyPage && type === largest) continue
    add(byType, type, n)
    rest -= n
  }
  if (!everyPage && largest && rest > 0) add(byType, largest, rest)
  const byLanding = new Map<string, number>()
  for (const { key, requests: n } of rows) add(byLanding, key, n)
  return { byType, byLanding }
}

/** The period's visits of each page, and by the pages' type, service and town. */
function visitsOfPages(byPath: Array<{ key: string; visits: number }>) {
  const visits = { type: new Map<string, number>(), service: new Map<string, number>(), comune: new Map<string, number>(), path: new Map<string, number>() }
  for (const { key, visits: n } of byPath) {
    const page = classOf(key)
    add(visits.type, page.type, n)
    add(visits.service, page.service, n)
    add(visits.comune, page.comune, n)
    visits.path.set(key, n)
  }
  return visits
}

/**
 * The period's requests by page type and by landing page: summed from the period's rows up to a few requests per
 * landing page, else from the running totals of the pages that matter (summing costs about 0.13 µs a request on either
 * engine; reading the landing pages and a few hundred lookups, about as much as 4 requests a landing page:
 * docs/decisions/061, second addendum).
 */
async function landingPageRequests(db: DB, from: string, to: string, size: LeadPeriodSize, pages: Promise<{ path: Map<string, number> }>) {
  if (!periodRowsCheaper(db, 'landing', size, REQUESTS_PER_LANDING_PAGE)) {
    const [keys, { path }] = await Promise.all([dimensionKeys(db, 'landing'), pages])
    return landingPageRequestsFromTotals(db, from, to, size.requests, keys, path)
  }
  const byType = new Map<string, number>()
  const byLanding = new Map<string, number>()
  for (const { key, requests } of await requestsBy(db, 'landing', from, to, { size })) {
    add(byType, typeOf(key), requests)
    add(byLanding, key, requests)
  }
  return { byType, byLanding }
}

/**
 * The Statistiche screen's figures for a period of Italian days: totals, visits and requests by day, and the tables by
 * page type, service, town, source (with the campaign costs of the months it touches, prorated by days) and landing page.
 */
export async function statisticsReport(db: DB, { from, to }: StatisticsPeriod) {
  const before = previousPeriod({ from, to })
  // Each read starts as soon as what it needs is known, the longest (the visits of about 4,000 pages) first so that the
  // pool hands it a connection at once: the period's size decides how each dimension's requests are read
  // (server/repositories/statistics.ts), and a long period's requests by landing page wait for the pages' visits
  // (landingPageRequestsFromTotals). The days of this period and of the one before it are one read each.
  const pages = visitsByPath(db, from, to).then(visitsOfPages)
  const size = leadPeriodSize(db, from, to)
  const [visits, landing, bySource, visitDays, { source: sources, town: requestsByComune, service: servicesRequested }, requestDays, costs, hours] =
    await Promise.all([
      pages,
      size.then((size) => landingPageRequests(db, from, to, size, pages)),
      visitsBySource(db, from, to),
      visitsByDay(db, before.from, to),
      size.then((size) => requestsByEach(db, ['source', 'town', 'service'], from, to, { size })),
      requestsByDay(db, before.from, to),
      campaignCosts(db, from.slice(0, 7), to.slice(0, 7)),
      from === to ? requestsByHour(db, from) : null,
    ])
  const byDay = visitDays.filter((row) => row.day >= from)
  const visitsBefore = visitDays.filter((row) => row.day < from)
  const requestsBefore = requestDays.filter((row) => row.day < from)

  const requestsPerDay = new Map(requestDays.filter((row) => row.day >= from).map((row) => [row.day, row.requests]))
  const visitsPerDay = new Map(byDay.map((row) => [row.day, row.visits]))
  const days = daysOf({ from, to }).map((day) => ({ day, visits: visitsPerDay.get(day) ?? 0, requests: requestsPerDay.get(day) ?? 0 }))

  // A month's cost counts for the days of the period inside that month.
  const daysInMonth = new Map<string, number>()
  for (const { day } of days) daysInMonth.set(day.slice(0, 7), (daysInMonth.get(day.slice(0, 7)) ?? 0) + 1)
  const costBySource = new Map<string, number>()
  for (const cost of costs) {
    const [year, month] = cost.month.split('-').map(Number) as [number, number]
    const monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate()
    add(costBySource, cost.source, (cost.cost_cents * (daysInMonth.get(cost.month) ?? 0)) / monthDays)
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
    pageTypes: table(visits.type, landing.byType, (key) => PAGE_TYPES[key as PageType]),
    services: table(visits.service, new Map(servicesRequested.map((row) => [row.key, row.requests])), (key) =>
      key === '' ? 'Servizio non indicato' : key === 'altro' ? 'Altro' : (serviceNames.get(key) ?? key),
    ),
    comuni: table(
      visits.comune,
      new Map(requestsByComune.filter((row) => row.key).map((row) => [row.key, row.requests])),
      (key) => comuneNames.get(key) ?? key,
    ),
    sources: sourceTable,
    landingPages: table(visits.path, landing.byLanding, (key) => key, LANDING_PAGES_SHOWN),
    costs: costs.map((cost) => ({ month: cost.month, source: cost.source, costCents: cost.cost_cents })),
  }
}

export type StatisticsReport = Awaited<ReturnType<typeof statisticsReport>>

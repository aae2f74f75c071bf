import type { DB } from '#db/client.ts'
import { comuni, services } from '#shared/catalog/index.ts'
import { romeDay } from '#shared/italian-time.ts'
import { LANDING_ARTISANS } from '#shared/reviews.ts'
import { jobErrors } from '../faults.ts'
import type { Logger } from '../logger.ts'
import { publicVersion } from './public-version.ts'

/**
 * The published craftsmen, kept in memory by each process: what the landing pages' craftsmen blocks and the sitemap
 * show, read without a query per render (the cold render's budget, docs/decisions/023).
 *
 * It follows `publicVersion` (public-version.ts): loaded at start, reloaded when the version moved, found by a poll
 * every PUBLIC_PAGES_POLL_SECONDS and at once by the process that made the change. When it moves the process's page
 * cache is emptied too, so no public page is older than the poll interval; with PostgreSQL every process polls.
 *
 * Code that changes what a public page shows bumps the version inside its transaction and, once committed, calls
 * `await refreshPublicPages(db)` with the same database handle: this process's pages change before the answer
 * (docs/decisions/052-public-pages-follow-a-version.md). Every back-office mutation does it (server/trpc/init.ts).
 *
 * A new Italian day counts as a change too: a profile's words that move with time alone (the years in the network, the
 * usual response time as craftsmen answer offers) are at most a day old, without a version bump on every answer.
 */
export type DirectoryArtisan = {
  id: number
  /** The company name, else the contact name. */
  name: string
  slug: string
  /** The catalogue services the craftsman's sectors map to, in the catalogue's order. */
  services: { id: string; name: string }[]
  comuneSlugs: string[]
  /** Published reviews: their count and average stars (null without any). */
  reviews: number
  average: number | null
}

/** `covers` holds '{serviceId} {comuneSlug}' for each service the craftsman takes in each comune of its sector's coverage. */
type Ranked = DirectoryArtisan & { score: number; publishedAt: string; covers: Set<string> }

export type Directory = {
  /** The version the directory was loaded at. */
  readonly version: string
  /** The best-rated published craftsmen who serve the service, the town or both: at most LANDING_ARTISANS. */
  bestFor(where: { serviceId?: string; comuneSlug?: string }): DirectoryArtisan[]
  /** Every published profile's slug, for the sitemap. */
  slugs(): string[]
  /**
   * Reloads now if the version moved since the last load; resolves once the directory and the page cache follow it.
   * Never rejects: a failure is logged and the next poll tries again (the change it follows is committed already).
   */
  refresh(): Promise<void>
  /** Called after every reload that changed the version (the page cache's `clear`). */
  onChange(listener: () => void): void
  stop(): void
}

/**
 * The ranking: the average pulled towards a prior of PRIOR_STARS worth PRIOR_REVIEWS reviews (a Bayesian average), so a
 * single 5-star review (4.25) does not outrank forty of 4.8 (4.74), and a craftsman climbs as reviews confirm the
 * average. Ties go to more reviews; craftsmen without reviews come after, longest published first (then by id), an
 * order that depends on nothing the office or the craftsman can tune.
 */
const PRIOR_STARS = 4
const PRIOR_REVIEWS = 3

const directories = new WeakMap<DB, Directory>()

/** Makes this process's directory of `db` (and its pages) follow a change just committed; nothing without one. */
export async function refreshPublicPages(db: DB): Promise<void> {
  await directories.get(db)?.refresh()
}

const servicesBySector = new Map<string, { id: string; name: string }[]>()
for (const service of services) {
  const list = servicesBySector.get(service.sectorName) ?? []
  list.push({ id: service.id, name: service.name })
  servicesBySector.set(service.sectorName, list)
}
const serviceOrder = new Map(services.map((service, index) => [service.id, index]))

const comuneOrder = new Map(comuni.map((comune, index) => [comune.slug, index]))

/** The published profiles with their sectors, the comuni their coverage reaches and review figures, in the ranking's order. */
async function loadArtisans(db: DB): Promise<Ranked[]> {
  const [profiles, sectors, coverage, stats] = await Promise.all([
    db
      .selectFrom('artisan_profiles as p')
      .innerJoin('artisans as a', 'a.id', 'p.artisan_id')
      .select(['a.id', 'a.company_name', 'a.contact_name', 'p.slug', 'p.published_at'])
      .where('p.published_at', 'is not', null)
      .execute(),
    db
      .selectFrom('artisan_sectors as s')
      .innerJoin('artisan_profiles as p', 'p.artisan_id', 's.artisan_id')
      .select(['s.artisan_id', 's.sector'])
      .where('p.published_at', 'is not', null)
      .execute(),
    db
      .selectFrom('artisan_coverage_comuni as c')
      .innerJoin('artisan_profiles as p', 'p.artisan_id', 'c.artisan_id')
      .select(['c.artisan_id', 'c.sector', 'c.comune_slug'])
      .where('p.published_at', 'is not', null)
      .execute(),
    db
      .selectFrom('reviews as r')
      .innerJoin('artisan_profiles as p', 'p.artisan_id', 'r.artisan_id')
      .select((eb) => ['r.artisan_id', eb.fn.countAll<number | string>().as('count'), eb.fn.sum<number | string>('r.stars').as('stars')])
      .where('p.published_at', 'is not', null)
      .where('r.status', '=', 'published')
      .groupBy('r.artisan_id')
      .execute(),
  ])
  const sectorsOf = groupBy(sectors, (row) => row.artisan_id)
  const coverageOf = groupBy(coverage, (row) => row.artisan_id)
  const statsOf = new Map(stats.map((row) => [row.artisan_id, { count: Number(row.count), stars: Number(row.stars) }]))
  const artisans = profiles.map((profile): Ranked => {
    const serviceList = [...new Map((sectorsOf.get(profile.id) ?? []).flatMap((s) => servicesBySector.get(s.sector) ?? []).map((s) => [s.id, s])).values()]
    serviceList.sort((a, b) => serviceOrder.get(a.id)! - serviceOrder.get(b.id)!)
    const covered = coverageOf.get(profile.id) ?? []
    const comuneSlugs = [...new Set(covered.map((row) => row.comune_slug))].sort((a, b) => (comuneOrder.get(a) ?? 0) - (comuneOrder.get(b) ?? 0))
    const covers = new Set(covered.flatMap((row) => (servicesBySector.get(row.sector) ?? []).map((service) => `${service.id} ${row.comune_slug}`)))
    const { count, stars } = statsOf.get(profile.id) ?? { count: 0, stars: 0 }
    return {
      id: profile.id,
      name: profile.company_name?.trim() || profile.contact_name,
      slug: profile.slug,
      services: serviceList,
      comuneSlugs,
      reviews: count,
      average: count > 0 ? stars / count : null,
      score: count > 0 ? (stars + PRIOR_STARS * PRIOR_REVIEWS) / (count + PRIOR_REVIEWS) : 0,
      publishedAt: profile.published_at!,
      covers,
    }
  })
  return artisans.sort(byRanking)
}

/** Reviewed first, by smoothed average, then by count; then longest published, then id (see PRIOR_STARS). */
function byRanking(a: Ranked, b: Ranked): number {
  if (a.reviews > 0 !== b.reviews > 0) return a.reviews > 0 ? -1 : 1
  return b.score - a.score || b.reviews - a.reviews || a.publishedAt.localeCompare(b.publishedAt) || a.id - b.id
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const row of rows) {
    const k = key(row)
    const group = groups.get(k)
    if (group) group.push(row)
    else groups.set(k, [row])
  }
  return groups
}

/** The ranked list indexed by service and by town, each list keeping the ranking's order. */
function indexArtisans(ranked: Ranked[]) {
  const byService = new Map<string, Ranked[]>()
  const byComune = new Map<string, Ranked[]>()
  for (const artisan of ranked) {
    for (const service of artisan.services) byService.set(service.id, [...(byService.get(service.id) ?? []), artisan])
    for (const slug of artisan.comuneSlugs) byComune.set(slug, [...(byComune.get(slug) ?? []), artisan])
  }
  return { ranked, byService, byComune }
}

const publicFields = ({ score: _, publishedAt: __, covers: ___, ...artisan }: Ranked): DirectoryArtisan => artisan

/**
 * Loads the directory of `db` and polls its version every `pollSeconds` (the timer does not keep the process alive);
 * registers it as the one `refreshPublicPages(db)` refreshes.
 */
export async function startDirectory({ db, logger, pollSeconds }: { db: DB; logger: Logger; pollSeconds: number }): Promise<Directory> {
  let version = await publicVersion(db)
  let day = romeDay(Date.now())
  let index = indexArtisans(await loadArtisans(db))
  const listeners: (() => void)[] = []
  const errors = jobErrors(logger, 'reloading the public craftsmen')

  let running: Promise<void> | null = null
  let again = false
  /** One reload at a time; a refresh asked for meanwhile runs once more after it, to see a change committed during it. */
  function reload(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        do {
          again = false
          const current = await publicVersion(db)
          const today = romeDay(Date.now())
          if (current === version && today === day) continue
          // The version is read before the rows, so the rows are at least as new as the version kept.
          index = indexArtisans(await loadArtisans(db))
          version = current
          day = today
          logger.info({ version, published: index.ranked.length }, 'public craftsmen reloaded')
          for (const listener of listeners) listener()
        } while (again)
      } finally {
        running = null
      }
    })()
    return running
  }

  const refresh = () => reload().then(errors.succeeded, (err) => void errors.failed(err))
  const timer = setInterval(() => void refresh(), pollSeconds * 1000)
  timer.unref()

  const directory: Directory = {
    get version() {
      return version
    },
    bestFor({ serviceId, comuneSlug }) {
      const forService = serviceId === undefined ? undefined : (index.byService.get(serviceId) ?? [])
      const forComune = comuneSlug === undefined ? undefined : (index.byComune.get(comuneSlug) ?? [])
      let candidates: Ranked[]
      if (forService && forComune) {
        // Walk the shorter list, in the ranking's order, keeping those who serve the other too.
        const serves = (artisan: Ranked) => artisan.covers.has(`${serviceId} ${comuneSlug}`)
        candidates = []
        for (const artisan of forService.length <= forComune.length ? forService : forComune) {
          if (serves(artisan)) candidates.push(artisan)
          if (candidates.length === LANDING_ARTISANS) break
        }
      } else candidates = forService ?? forComune ?? []
      return candidates.slice(0, LANDING_ARTISANS).map(publicFields)
    },
    slugs: () => index.ranked.map((artisan) => artisan.slug),
    refresh,
    onChange(listener) {
      listeners.push(listener)
    },
    stop() {
      clearInterval(timer)
      if (directories.get(db) === directory) directories.delete(db)
    },
  }
  directories.set(db, directory)
  return directory
}

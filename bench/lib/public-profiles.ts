import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { checkCode, comuni, services } from '#shared/catalog/index.ts'
import { buildDir } from '#tests/helpers/server.ts'

/**
 * The public craftsmen issue 29's budgets are measured with: a database seeded by db:seed-demo with BENCH_PROFILES
 * published profiles (400) and BENCH_REVIEWS reviews (50,000), kept in BENCH_PROFILES_DB (.tmp/bench-profiles.db) and
 * reused while it holds that many.
 */
const PROFILES = Number(process.env.BENCH_PROFILES ?? 400)
const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 50_000)
/** About a fifth of the seeded leads end in a rating of a craftsman with a profile: five leads a review, and some to spare. */
const LEADS = Number(process.env.BENCH_PROFILE_LEADS ?? Math.max(2_000, REVIEWS * 5))
/** Two thirds of the seeded craftsmen are active, and only active ones are published. */
const ARTISANS = Math.max(200, Math.ceil(PROFILES * 2.5))

type Counts = { profiles: number; reviews: number }

function countsOf(file: string): Counts | null {
  if (!fs.existsSync(file)) return null
  const db = new Database(file, { readonly: true })
  try {
    return db
      .prepare(
        `SELECT (SELECT count(*) FROM artisan_profiles WHERE published_at IS NOT NULL AND unpublished_at IS NULL) AS profiles,
          (SELECT count(*) FROM reviews) AS reviews`,
      )
      .get() as Counts
  } catch {
    // A database seeded before the profiles existed.
    return null
  } finally {
    db.close()
  }
}

/** Applies the build's migrations to a kept database (what the server would do on start, but before the pages are chosen). */
function migrate(file: string) {
  const migrated = spawnSync(process.execPath, [path.join(buildDir(), 'server/commands/migrate.js')], {
    env: { PATH: process.env.PATH, DATABASE_PATH: file, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (migrated.status !== 0) throw new Error(`migrating ${file} failed (${migrated.status})`)
}

/** The seeded database's path, seeding it first (a few minutes at the defaults) when it holds fewer craftsmen or reviews. */
export function publicProfilesDatabase(): string {
  const file = path.resolve(process.env.BENCH_PROFILES_DB ?? '.tmp/bench-profiles.db')
  const found = countsOf(file)
  if (found && found.profiles >= PROFILES && found.reviews >= REVIEWS) {
    // A database kept from an older build lacks the tables added since, which the pages below are chosen from.
    migrate(file)
    return file
  }
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true })
  fs.mkdirSync(path.dirname(file), { recursive: true })
  console.log(
    `seeding ${file}: ${LEADS.toLocaleString('en')} leads, ${ARTISANS} craftsmen, ${PROFILES} public profiles, ${REVIEWS.toLocaleString('en')} reviews...`,
  )
  const started = performance.now()
  const args = ['--leads', String(LEADS), '--artisans', String(ARTISANS), '--profiles', String(PROFILES), '--reviews', String(REVIEWS), '--db', file]
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts', ...args], { stdio: ['ignore', 'ignore', 'inherit'] })
  if (seeded.status !== 0) throw new Error(`db:seed-demo failed (${seeded.status})`)
  const counts = countsOf(file)!
  console.log(
    `seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${counts.profiles} public profiles, ${counts.reviews.toLocaleString('en')} reviews`,
  )
  if (counts.profiles < PROFILES || counts.reviews < REVIEWS) {
    console.log(`  fewer than asked: raise BENCH_PROFILE_LEADS (${LEADS}) for more ratings to review`)
  }
  return file
}

/**
 * The pages to measure on that database: the profile of the published craftsman with the most published reviews (the
 * heaviest), and the page of that craftsman's trade in a town they serve, whose craftsmen block is full.
 */
export function publicProfilePages(file: string): { profile: string; landing: string } {
  const db = new Database(file, { readonly: true })
  try {
    const top = db
      .prepare(
        `SELECT p.slug, p.artisan_id FROM artisan_profiles p JOIN reviews r ON r.artisan_id = p.artisan_id AND r.status = 'published'
         WHERE p.published_at IS NOT NULL AND p.unpublished_at IS NULL GROUP BY p.artisan_id, p.slug ORDER BY count(*) DESC, p.artisan_id LIMIT 1`,
      )
      .get() as { slug: string; artisan_id: number } | undefined
    if (!top) throw new Error(`${file} has no published profile with a published review`)
    // A trade of the craftsman and a comune their coverage of it reaches: a page whose block lists them.
    const covered = db
      .prepare('SELECT sector, comune_slug FROM artisan_coverage_comuni WHERE artisan_id = ? ORDER BY distance_km, sector, comune_slug')
      .all(top.artisan_id) as { sector: string; comune_slug: string }[]
    const reach = covered.find((row) => services.some((candidate) => candidate.sectorName === row.sector))
    const service = reach && services.find((candidate) => candidate.sectorName === reach.sector)
    const comune = comuni.find((candidate) => candidate.slug === reach?.comune_slug) ?? comuni.find((candidate) => candidate.slug === 'milano')!
    if (!service) throw new Error(`the craftsman of /artigiani/${top.slug} has no trade of the catalog`)
    return { profile: `/artigiani/${top.slug}`, landing: `/s/${service.id}-${comune.slug}-${checkCode(service.id, comune.slug)}` }
  } finally {
    db.close()
  }
}

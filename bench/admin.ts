// npm run bench:admin: p95 server time of admin.artisans.list over 100,000 seeded artisans, and the cost of one argon2 verification.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { normalizeZone } from '#server/repositories/artisans.ts'
import { hashPassword, verifyPassword } from '#server/auth/password.ts'
import { ARTISAN_SECTORS } from '#shared/schemas/artisan.ts'
import { createAdmin, signIn } from '#tests/helpers/admin.ts'
import { startServer } from '#tests/helpers/server.ts'

const ARTISANS = Number(process.env.BENCH_ARTISANS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 200)
const TARGET_MS = 30
const ZONES = [
  'Milano',
  'Monza',
  'Rho',
  'Legnano',
  'Sesto San Giovanni',
  'Cinisello Balsamo',
  'Bollate',
  'Paderno Dugnano',
  'Cologno Monzese',
  'Rozzano',
  'San Donato Milanese',
  'Abbiategrasso',
]
const NAMES = ['Rossi', 'Bianchi', 'Ferrari', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti']
const STATUSES = ['active', 'active', 'active', 'inactive', 'pending_review', 'rejected'] as const

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
const round = (ms: number) => Math.round(ms * 100) / 100

/** Seeds the register straight through SQLite: one transaction, prepared statements, deterministic data. */
function seed(databasePath: string) {
  const { sqlite } = openDatabase(databasePath)
  const artisan = sqlite.prepare(
    `insert into artisans (id, created_at, updated_at, company_name, vat_number, contact_name, email, phone, specialization_sectors, operative_zones, status, is_verified, source)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'admin')`,
  )
  const sector = sqlite.prepare('insert into artisan_sectors (artisan_id, sector) values (?, ?)')
  const zone = sqlite.prepare('insert into artisan_zones (artisan_id, zone, zone_normalized) values (?, ?, ?)')
  const start = Date.UTC(2023, 0, 1)
  sqlite.transaction(() => {
    for (let id = 1; id <= ARTISANS; id++) {
      const at = new Date(start + id * 9 * 60 * 1000).toISOString()
      const name = NAMES[id % NAMES.length]!
      const sectors = [...new Set([ARTISAN_SECTORS[id % ARTISAN_SECTORS.length]!, ARTISAN_SECTORS[(id * 7) % ARTISAN_SECTORS.length]!])]
      const zones = [...new Set([ZONES[id % ZONES.length]!, ZONES[(id * 5) % ZONES.length]!])]
      artisan.run(
        id,
        at,
        at,
        `${name} ${sectors[0]} ${id}`,
        String(10_000_000_000 + id),
        `Artigiano ${name} ${id}`,
        `artigiano${id}@example.com`,
        `33${String(id).padStart(8, '0')}`,
        JSON.stringify(sectors),
        JSON.stringify(zones),
        STATUSES[id % STATUSES.length]!,
        id % 3 === 0 ? 1 : 0,
      )
      for (const s of sectors) sector.run(id, s)
      for (const z of zones) zone.run(id, z, normalizeZone(z))
    }
  })()
  sqlite.pragma('optimize')
  sqlite.close()
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'))
const databasePath = path.join(dir, 'app.db')
const { db } = openDatabase(databasePath)
await migrateToLatest(db)
await db.destroy()
const seedStarted = performance.now()
seed(databasePath)
console.log(`seeded ${ARTISANS.toLocaleString('en')} artisans in ${Math.round(performance.now() - seedStarted)} ms`)

await createAdmin(databasePath, 'bench@artigianimilano.it', 'password del benchmark')
const server = await startServer({ DATABASE_PATH: databasePath, LOG_LEVEL: 'info' })
try {
  const { trpc } = await signIn(server.url, 'bench@artigianimilano.it', 'password del benchmark')
  const twoFilters = { status: 'active' as const, zone: 'milano' }
  const { pageCount } = await trpc.admin.artisans.list.query(twoFilters)
  const cases = [
    { name: 'first page, no filter', input: {} },
    { name: `middle page (${Math.ceil(pageCount / 2)} of ${pageCount}), status + zone`, input: { ...twoFilters, page: Math.ceil(pageCount / 2) } },
    { name: 'sector filter, first page', input: { sector: 'Elettricista' } },
    { name: 'company substring + sector, first page', input: { company: 'rossi', sector: 'Idraulico' } },
  ]
  const results = []
  for (const { name, input } of cases) {
    for (let i = 0; i < 10; i++) await trpc.admin.artisans.list.query(input)
    const mark = server.logs.length
    for (let i = 0; i < RUNS; i++) await trpc.admin.artisans.list.query(input)
    // Server time: the duration the server logged for each request, without the client's share.
    const times = server.logs
      .slice(mark)
      .map((line) => JSON.parse(line) as { msg?: string; path?: string; ms?: number })
      .filter((entry) => entry.msg === 'request' && entry.path === '/trpc/admin.artisans.list')
      .map((entry) => entry.ms!)
      .sort((a, b) => a - b)
    results.push({
      case: name,
      requests: times.length,
      p50_ms: round(percentile(times, 0.5)),
      p95_ms: round(percentile(times, 0.95)),
      target_ms: TARGET_MS,
      ok: percentile(times, 0.95) <= TARGET_MS,
    })
  }
  console.table(results)

  const hash = await hashPassword('una password qualsiasi')
  const verifications: number[] = []
  for (let i = 0; i < 20; i++) {
    const started = performance.now()
    await verifyPassword(hash, 'una password qualsiasi')
    verifications.push(performance.now() - started)
  }
  verifications.sort((a, b) => a - b)
  console.log(
    `argon2id verification (m=19456 KiB, t=2, p=1): p50 ${round(percentile(verifications, 0.5))} ms, p95 ${round(percentile(verifications, 0.95))} ms over ${verifications.length} runs`,
  )
} finally {
  await server.stop()
  fs.rmSync(dir, { recursive: true, force: true })
}

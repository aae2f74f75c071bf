// npm run bench:replication: Litestream replication lag, backup of a 1,000,000-lead database, production install size.
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { openDatabase } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { assembleRuntime, folderSize } from '#tests/helpers/image.ts'
import { npmRun, restoreFromReplica, startReplication, tempDir } from '#tests/helpers/operations.ts'
import { publicClient, solveCaptcha, validQuote } from '#tests/helpers/requests.ts'
import { startServer } from '#tests/helpers/server.ts'

const samples = Number(process.env.BENCH_SAMPLES ?? 20)
const leadsForBackup = Number(process.env.BENCH_LEADS ?? 1_000_000)
const parts = (process.env.BENCH_PARTS ?? 'lag,backup,install').split(',')
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!
const workDir = tempDir('bench-ops')

/** Every file under the replica folder, so a new WAL segment shows the moment Litestream writes it. */
function replicaFiles(dir: string): Set<string> {
  if (!fs.existsSync(dir)) return new Set()
  return new Set((fs.readdirSync(dir, { recursive: true }) as string[]).filter((file) => !file.endsWith('.tmp')))
}

async function replicationLag() {
  const server = await startServer({ LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000' })
  const replicaDir = path.join(workDir, 'replica')
  const replication = startReplication(server.databasePath, replicaDir)
  const client = publicClient(server.url)
  const probe = path.join(workDir, 'probe.db')
  const lags: number[] = []
  try {
    // Wait for the first snapshot so the samples measure steady-state WAL shipping.
    while (replicaFiles(replicaDir).size === 0) await new Promise((resolve) => setTimeout(resolve, 50))
    for (let i = 0; i < samples; i++) {
      // A random phase against Litestream's 1 s sync tick.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000))
      const before = replicaFiles(replicaDir)
      const quote = validQuote({ fullName: `Bench ${i}`, email: `bench.${i}@example.com` })
      const captcha = await solveCaptcha(client)
      const { leadId } = await client.requests.quote.mutate({ ...quote, ...captcha } as never)
      const acknowledgedAt = performance.now()
      for (;;) {
        const now = replicaFiles(replicaDir)
        const fresh = [...now].filter((file) => !before.has(file) && file.includes('wal'))
        if (fresh.length) {
          const seenAt = performance.now()
          await restoreFromReplica(server.databasePath, replicaDir, probe)
          const db = new SQLite(probe, { readonly: true })
          const present = db.prepare('SELECT 1 FROM leads WHERE id = ?').get(leadId) !== undefined
          db.close()
          if (present) {
            lags.push(seenAt - acknowledgedAt)
            break
          }
          for (const file of now) before.add(file)
        }
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }
  } finally {
    await replication.stop()
    await server.stop()
  }
  const mean = lags.reduce((a, b) => a + b, 0) / lags.length
  console.log(
    `replication lag (acknowledged lead -> WAL segment holding it in the file replica), ${lags.length} samples: ` +
      `mean ${mean.toFixed(0)} ms, p50 ${percentile(lags, 50).toFixed(0)} ms, p95 ${percentile(lags, 95).toFixed(0)} ms, max ${Math.max(...lags).toFixed(0)} ms (target about 1000 ms)`,
  )
}

async function backupOfAMillionLeads() {
  const databasePath = path.join(workDir, 'million', 'app.db')
  const { db, sqlite } = openDatabase(databasePath)
  await migrateToLatest(db)
  const startedAt = performance.now()
  const insert = sqlite.prepare(
    `INSERT INTO leads (kind, created_at, updated_at, full_name, email, email_normalized, phone, service_id, service_name,
       location_label, place_id, comune_slug, description, ip_address, user_agent, from_page, utm_source, utm_medium, utm_campaign)
     VALUES ('quote', @at, @at, @name, @email, @email, '+39 333 123 4567', 'elettricista', 'Elettricista', 'Sesto San Giovanni',
       'comune-sesto-san-giovanni', 'sesto-san-giovanni', @description, '203.0.113.7',
       'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
       'https://www.artigianimilano.it/elettricista', 'google', 'cpc', 'elettricisti-autunno')`,
  )
  const base = Date.parse('2024-01-01T00:00:00Z')
  sqlite.transaction(() => {
    for (let i = 0; i < leadsForBackup; i++) {
      insert.run({
        at: new Date(base + i * 60_000).toISOString(),
        name: `Cliente ${i}`,
        email: `cliente.${i}@example.com`,
        description: `Richiesta ${i}: rifare l'impianto elettrico del bagno, tre prese e due punti luce, sopralluogo il sabato mattina.`,
      })
    }
  })()
  const insertMs = performance.now() - startedAt
  await db.destroy()
  const size = fs.statSync(databasePath).size
  console.log(`database of ${leadsForBackup.toLocaleString('en')} leads: ${mib(size)}, inserted in ${(insertMs / 1000).toFixed(1)} s`)

  const backupFile = path.join(workDir, 'million-backup.db')
  const backupStartedAt = performance.now()
  const backup = await npmRun('backup', [backupFile], { DATABASE_PATH: databasePath })
  const backupMs = performance.now() - backupStartedAt
  if (backup.code !== 0) throw new Error(backup.stderr)
  console.log(
    `npm run backup (online backup API + integrity_check of the copy): ${(backupMs / 1000).toFixed(1)} s wall, file ${mib(fs.statSync(backupFile).size)}`,
  )
  console.log(`  ${backup.stdout.trim()}`)

  const source = new SQLite(databasePath, { fileMustExist: true })
  const apiStartedAt = performance.now()
  await source.backup(path.join(workDir, 'million-api-only.db'), { progress: () => 0x7fffffff })
  console.log(`  the backup API step alone: ${((performance.now() - apiStartedAt) / 1000).toFixed(1)} s`)
  source.close()

  const restoreStartedAt = performance.now()
  const restore = await npmRun('restore', [backupFile], { DATABASE_PATH: path.join(workDir, 'restored', 'app.db') })
  if (restore.code !== 0) throw new Error(restore.stderr)
  console.log(`npm run restore of it (copy + integrity_check + checks + rename): ${((performance.now() - restoreStartedAt) / 1000).toFixed(1)} s`)
}

async function productionInstall() {
  const image = await assembleRuntime(path.join(workDir, 'image'))
  const modules = path.join(image.appDir, 'node_modules')
  const bySize = fs
    .readdirSync(modules)
    .flatMap((name) => (name.startsWith('@') ? fs.readdirSync(path.join(modules, name)).map((sub) => `${name}/${sub}`) : [name]))
    .filter((name) => !name.startsWith('.'))
    .map((name) => ({ name, size: folderSize(path.join(modules, name)) }))
    .sort((a, b) => b.size - a.size)
  console.log(
    `production-only install (npm install --omit=dev, as the Dockerfile): ${(image.installMs / 1000).toFixed(0)} s, ` +
      `node_modules ${mib(folderSize(modules))} in ${bySize.length} packages; whole /app ${mib(folderSize(image.appDir))}`,
  )
  console.log(
    `  largest: ${bySize
      .slice(0, 6)
      .map((entry) => `${entry.name} ${mib(entry.size)}`)
      .join(', ')}`,
  )
}

try {
  if (parts.includes('lag')) await replicationLag()
  if (parts.includes('backup')) await backupOfAMillionLeads()
  if (parts.includes('install')) await productionInstall()
} finally {
  fs.rmSync(workDir, { recursive: true, force: true })
}

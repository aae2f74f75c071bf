import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { integrityCheck, npmRun, query, tempDir } from './helpers/operations.ts'
import { type PublicClient, publicClient, solveCaptcha, validQuote } from './helpers/requests.ts'
import { type RunningServer, startServer } from './helpers/server.ts'

const serverEnv = { RATE_LIMIT_MAX: '10000', CAPTCHA_SECRET: 'a-test-secret-that-is-long-enough-for-hmac-signing' }
const workDir = tempDir('backup')
const backupFile = path.join(workDir, 'backup.db')
let server: RunningServer
let client: PublicClient

type LeadRow = { id: number; full_name: string; email: string; description: string }
const leadsIn = (file: string) => query<LeadRow>(file, 'SELECT id, full_name, email, description FROM leads ORDER BY id')
const leadCount = (file: string) => query<{ n: number }>(file, 'SELECT count(*) AS n FROM leads')[0]!.n
const outboxByLead = (file: string) =>
  query<{ lead_id: number; n: number }>(file, 'SELECT lead_id, count(*) AS n FROM email_outbox GROUP BY lead_id ORDER BY lead_id')
const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')

/** Enough history that the copy takes a while: 20,000 leads written straight into the live file. */
function preload(file: string) {
  const db = new Database(file)
  db.pragma('busy_timeout = 5000')
  const now = new Date().toISOString()
  const insert = db.prepare(
    "INSERT INTO leads (kind, created_at, updated_at, full_name, email, email_normalized, phone, service_id, service_name, location_label, description) VALUES ('quote', ?, ?, ?, ?, ?, '+39 333 000 0000', 'imbianchino', 'Imbianchino', 'Milano', ?)",
  )
  db.transaction(() => {
    for (let i = 0; i < 20_000; i++) {
      insert.run(now, now, `Storico ${i}`, `storico.${i}@example.com`, `storico.${i}@example.com`, `Tinteggiatura di un bilocale, richiesta storica ${i}.`)
    }
  })()
  db.close()
}

beforeAll(async () => {
  server = await startServer(serverEnv)
  client = publicClient(server.url)
  preload(server.databasePath)
})
afterAll(async () => {
  await server?.stop()
  fs.rmSync(workDir, { recursive: true, force: true })
})

describe('npm run backup', () => {
  it('writes a consistent, whole copy of the live database while visitors keep sending requests', async () => {
    let writing = true
    let written = 0
    const visitor = async (id: number) => {
      for (let n = 0; writing; n++) {
        const quote = validQuote({ fullName: `Visitatore ${id}-${n}`, email: `visitatore.${id}.${n}@example.com` })
        await client.requests.quote.mutate({ ...quote, ...(await solveCaptcha(client)) } as never)
        written++
      }
    }
    const visitors = [visitor(1), visitor(2)]
    while (written < 3) await new Promise((resolve) => setTimeout(resolve, 20))

    const before = leadCount(server.databasePath)
    const result = await npmRun('backup', [backupFile], { DATABASE_PATH: server.databasePath })
    const after = leadCount(server.databasePath)
    writing = false
    await Promise.all(visitors)

    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(after).toBeGreaterThan(before)
    const copied = leadCount(backupFile)
    expect(copied).toBeGreaterThanOrEqual(before)
    expect(copied).toBeLessThanOrEqual(after)
    expect(result.stdout).toContain(`Backed up ${server.databasePath} to ${backupFile}: `)
    expect(result.stdout).toContain(`, ${copied} leads, integrity ok, in `)

    expect(integrityCheck(backupFile)).toBe('ok')
    expect(query<{ journal_mode: string }>(backupFile, 'PRAGMA journal_mode')[0]!.journal_mode).toBe('delete')
    expect(fs.existsSync(`${backupFile}-wal`)).toBe(false)
    // One committed state: exactly the leads up to the last one copied, each with the e-mails of its transaction.
    const copy = leadsIn(backupFile)
    const lastCopied = copy.at(-1)!.id
    expect(copy).toEqual(leadsIn(server.databasePath).filter((lead) => lead.id <= lastCopied))
    expect(outboxByLead(backupFile)).toEqual(outboxByLead(server.databasePath).filter((row) => row.lead_id <= lastCopied))
  })

  it('never overwrites an existing file', async () => {
    const hash = sha256(backupFile)
    const result = await npmRun('backup', [backupFile], { DATABASE_PATH: server.databasePath })
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe(`${backupFile} already exists: choose a new name or delete it first.`)
    expect(sha256(backupFile)).toBe(hash)
  })
})

describe('npm run restore', () => {
  const stoppedDir = path.join(workDir, 'stopped')
  const stoppedDb = path.join(stoppedDir, 'app.db')

  /** Refused: exit 1, the exact message, the database and its folder untouched. */
  async function expectRefusal(file: string, reason: string) {
    const hash = sha256(stoppedDb)
    const listing = fs.readdirSync(stoppedDir).sort()
    const result = await npmRun('restore', [file], { DATABASE_PATH: stoppedDb })
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr.trim()).toBe(`Refusing to restore ${file}: ${reason}. Nothing was changed.`)
    expect(sha256(stoppedDb)).toBe(hash)
    expect(fs.readdirSync(stoppedDir).sort()).toEqual(listing)
  }

  beforeAll(() => {
    fs.mkdirSync(stoppedDir)
    fs.copyFileSync(backupFile, stoppedDb)
  })

  it('refuses a file that is not an SQLite database', async () => {
    const file = path.join(workDir, 'notes.db')
    fs.writeFileSync(file, 'Preventivi di novembre: da richiamare Rossi e Bianchi.\n')
    await expectRefusal(file, 'it is not an SQLite database (its header is not "SQLite format 3")')
  })

  it('refuses a corrupt database', async () => {
    const file = path.join(workDir, 'corrupt.db')
    fs.copyFileSync(backupFile, file)
    const fd = fs.openSync(file, 'r+')
    const pageSize = query<{ page_size: number }>(backupFile, 'PRAGMA page_size')[0]!.page_size
    for (let page = 1; page < 40; page++) fs.writeSync(fd, Buffer.alloc(64, 0xff), 0, 64, page * pageSize)
    fs.closeSync(fd)
    await expectRefusal(file, 'it is corrupt: SQLite says database disk image is malformed')
  })

  it('refuses a copy cut short', async () => {
    const file = path.join(workDir, 'truncated.db')
    fs.copyFileSync(backupFile, file)
    fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2))
    await expectRefusal(file, 'it is corrupt: SQLite says database disk image is malformed')
  })

  it("refuses an SQLite database that is not this site's", async () => {
    const file = path.join(workDir, 'other.db')
    const other = new Database(file)
    other.exec('CREATE TABLE contacts (name TEXT)')
    other.close()
    await expectRefusal(file, 'it has no kysely_migration table, so it is not a database of this site')
  })

  it('refuses a database from a newer version of the site', async () => {
    const file = path.join(workDir, 'newer.db')
    fs.copyFileSync(backupFile, file)
    const newer = new Database(file)
    newer.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)').run('2099_01_01_0001_from_the_future', new Date().toISOString())
    newer.close()
    await expectRefusal(file, 'it was made by a newer version of the site (unknown migrations: 2099_01_01_0001_from_the_future); deploy that version first')
  })

  it('refuses while the server has the database open', async () => {
    const count = leadsIn(server.databasePath).length
    const result = await npmRun('restore', [backupFile], { DATABASE_PATH: server.databasePath })
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe(
      `Refusing to restore ${backupFile}: the database ${server.databasePath} is in use (is the server or Litestream running?): stop it, then run the restore again. Nothing was changed.`,
    )
    expect(leadsIn(server.databasePath).length).toBe(count)
    expect(fs.readdirSync(server.dataDir).filter((name) => name.includes('restore'))).toEqual([])
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  it('puts the backup in place once the server is stopped, keeps the old database, and the server starts on it', async () => {
    const databasePath = server.databasePath
    const dataDir = server.dataDir
    const liveLeads = leadCount(databasePath)
    // Stop without deleting the data folder: the process only.
    server.process.kill('SIGTERM')
    await new Promise((resolve) => server.process.once('exit', resolve))

    const result = await npmRun('restore', [backupFile], { DATABASE_PATH: databasePath })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const copied = leadCount(backupFile)
    const lines = result.stdout.trim().split('\n')
    expect(lines[0]).toMatch(
      new RegExp(`^Restored ${backupFile} to ${databasePath}: [\\d.]+ (KiB|MiB), ${copied} leads, \\d+ migrations applied, integrity ok\\.$`),
    )
    const kept = lines[1]!.match(/^The database it replaced is kept at (.+)\.$/)![1]!
    expect(path.dirname(kept)).toBe(dataDir)
    expect(leadCount(kept)).toBe(liveLeads)
    expect(integrityCheck(kept)).toBe('ok')
    expect(lines[2]).toBe('Start the server: it applies any newer migrations at start-up.')

    const restarted = await startServer({ ...serverEnv, DATABASE_PATH: databasePath })
    try {
      expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200)
      expect(leadsIn(databasePath)).toEqual(leadsIn(backupFile))
      expect(integrityCheck(databasePath)).toBe('ok')
    } finally {
      await restarted.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

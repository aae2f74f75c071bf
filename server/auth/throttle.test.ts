import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type DB, openDatabase } from '#db/client.ts'
import { migratedSqlite } from '#tests/helpers/test-database.ts'
import { countResetRequest, countSignInAttempt, recordSignIn, type SignInLimits } from './throttle.ts'

const LIMITS: SignInLimits = { perAccountAndIp: 5, perIp: 20, perAccount: 10, windowMinutes: 15, maxDelaySeconds: 900 }
/** One second for every attempt of a test: the pace allows one attempt a second, and a busy machine may cross a second. */
const NOW = Math.floor(Date.parse('2026-11-26T08:00:00Z') / 1000)
const opened: Array<{ db: DB; dir: string }> = []

async function freshDatabase(): Promise<DB> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artigiani-throttle-'))
  const file = path.join(dir, 'app.db')
  fs.writeFileSync(file, await migratedSqlite())
  const { db } = openDatabase(file)
  opened.push({ db, dir })
  return db
}

afterEach(async () => {
  for (const { db, dir } of opened.splice(0)) {
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

type Attempt = (db: DB, i: number) => Promise<unknown>

/** Which attempts were let through, made one after another and then all started in the same tick (as a tRPC batch runs them). */
async function inTurnAndAtOnce(count: number, attempt: Attempt) {
  const inTurnDb = await freshDatabase()
  const inTurn: boolean[] = []
  for (let i = 0; i < count; i++) inTurn.push((await attempt(inTurnDb, i)) === null)
  const atOnceDb = await freshDatabase()
  const atOnce = (await Promise.all(Array.from({ length: count }, (_, i) => attempt(atOnceDb, i)))).map((refusal) => refusal === null)
  return { inTurn: inTurn.filter(Boolean).length, atOnce: atOnce.filter(Boolean).length }
}

describe('sign-in counters', () => {
  for (const count of [2, 10, 30, 100]) {
    it(`let through the same number of ${count} attempts on one account from one address, in turn or all at once`, async () => {
      const { inTurn, atOnce } = await inTurnAndAtOnce(count, (db) => countSignInAttempt(db, 'titolare@example.it', '192.0.2.1', LIMITS, NOW))
      expect(inTurn).toBe(Math.min(count, LIMITS.perAccountAndIp))
      expect(atOnce).toBe(inTurn)
    })
  }

  it('let through the same number of attempts from one address on many accounts, and on one account from many addresses', async () => {
    const manyAccounts = await inTurnAndAtOnce(50, (db, i) => countSignInAttempt(db, `persona${i}@example.it`, '192.0.2.2', LIMITS, NOW))
    expect(manyAccounts).toEqual({ inTurn: LIMITS.perIp, atOnce: LIMITS.perIp })
    // Past perAccount failures a new address waits: within the same second exactly one more gets through.
    const manyAddresses = await inTurnAndAtOnce(50, (db, i) => countSignInAttempt(db, 'titolare@example.it', `198.51.100.${i}`, LIMITS, NOW))
    expect(manyAddresses).toEqual({ inTurn: LIMITS.perAccount + 1, atOnce: LIMITS.perAccount + 1 })
  })

  it('never slow down an address that signed in to the account before', async () => {
    const db = await freshDatabase()
    await recordSignIn(db, 'titolare@example.it', '192.0.2.10')
    for (let i = 0; i < 40; i++) await countSignInAttempt(db, 'titolare@example.it', `198.51.100.${i}`, LIMITS)
    expect(await countSignInAttempt(db, 'titolare@example.it', '203.0.113.1', LIMITS)).toMatchObject({ retryAfterSeconds: expect.any(Number) })
    expect(await countSignInAttempt(db, 'titolare@example.it', '192.0.2.10', LIMITS)).toBeNull()
  })

  it('store no e-mail or address in clear', async () => {
    const db = await freshDatabase()
    await countSignInAttempt(db, 'titolare@example.it', '192.0.2.1', LIMITS)
    await recordSignIn(db, 'titolare@example.it', '192.0.2.1')
    await countResetRequest(db, 'titolare@example.it', '192.0.2.1', { perAccount: 3, perIp: 10 })
    const rows = JSON.stringify([
      await db.selectFrom('auth_throttle').selectAll().execute(),
      await db.selectFrom('login_known_addresses').selectAll().execute(),
    ])
    expect(rows).not.toContain('titolare')
    expect(rows).not.toContain('192.0.2.1')
  })
})

describe('password-reset counters', () => {
  it('let through the same number of requests in turn or all at once', async () => {
    const { inTurn, atOnce } = await inTurnAndAtOnce(20, (db) => countResetRequest(db, 'titolare@example.it', '192.0.2.1', { perAccount: 3, perIp: 10 }, NOW))
    expect({ inTurn, atOnce }).toEqual({ inTurn: 3, atOnce: 3 })
  })
})

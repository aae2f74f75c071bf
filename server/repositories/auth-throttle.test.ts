import { describe, expect, it } from 'vitest'
import type { DB } from '#db/client.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import {
  type CounterRow,
  countAttempts,
  countPacedAttempt,
  deleteCounter,
  deleteStaleCounters,
  nextAttemptAt,
  rememberAddress,
  signedInSince,
  uncountAttempt,
} from './auth-throttle.ts'

const database = serveTestDatabase()

const NOW = Math.floor(Date.parse('2026-11-26T08:00:00.000Z') / 1000)
const WINDOW = 15 * 60
const HOUR = 60 * 60
const DAY = 24 * HOUR

const counters = async (db: DB) => {
  const rows = await db.selectFrom('auth_throttle').select(['key', 'count', 'expires_at', 'next_at']).execute()
  return Object.fromEntries(rows.map(({ key, ...row }) => [key, row]))
}
const byKey = (rows: CounterRow[]) => Object.fromEntries(rows.map(({ key, ...row }) => [key, row]))

describe('attempt counters', () => {
  it('count an attempt on several keys in one statement, each in its own window, and start again once a window is over', async () => {
    const db = database()
    const keys = [
      { key: 'coppia', windowSeconds: WINDOW },
      { key: 'indirizzo', windowSeconds: HOUR },
      { key: 'giorno', windowSeconds: DAY },
    ]
    expect(byKey(await countAttempts(db, keys, NOW))).toEqual({
      coppia: { count: 1, expires_at: NOW + WINDOW },
      indirizzo: { count: 1, expires_at: NOW + HOUR },
      giorno: { count: 1, expires_at: NOW + DAY },
    })
    expect(byKey(await countAttempts(db, keys, NOW + WINDOW - 1))).toEqual({
      coppia: { count: 2, expires_at: NOW + WINDOW },
      indirizzo: { count: 2, expires_at: NOW + HOUR },
      giorno: { count: 2, expires_at: NOW + DAY },
    })
    // At the end of its window the pair's counter starts again; the others go on.
    expect(byKey(await countAttempts(db, keys, NOW + WINDOW))).toEqual({
      coppia: { count: 1, expires_at: NOW + 2 * WINDOW },
      indirizzo: { count: 3, expires_at: NOW + HOUR },
      giorno: { count: 3, expires_at: NOW + DAY },
    })
    // An hour on, only the day's counter remembers the earlier attempts.
    expect(byKey(await countAttempts(db, keys, NOW + HOUR))).toEqual({
      coppia: { count: 1, expires_at: NOW + HOUR + WINDOW },
      indirizzo: { count: 1, expires_at: NOW + 2 * HOUR },
      giorno: { count: 4, expires_at: NOW + DAY },
    })
    expect(await counters(db)).toEqual({
      coppia: { count: 1, expires_at: NOW + HOUR + WINDOW, next_at: 0 },
      indirizzo: { count: 1, expires_at: NOW + 2 * HOUR, next_at: 0 },
      giorno: { count: 4, expires_at: NOW + DAY, next_at: 0 },
    })
  })

  it('number attempts sent all at once exactly as if sent in turn', async () => {
    const db = database()
    const keys = [
      { key: 'coppia', windowSeconds: WINDOW },
      { key: 'indirizzo', windowSeconds: WINDOW },
    ]
    const batches = await Promise.all(Array.from({ length: 20 }, () => countAttempts(db, keys, NOW)))
    for (const key of ['coppia', 'indirizzo']) {
      const numbers = batches.map((rows) => rows.find((row) => row.key === key)!.count).sort((a, b) => a - b)
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    }
    expect(await counters(db)).toEqual({
      coppia: { count: 20, expires_at: NOW + WINDOW, next_at: 0 },
      indirizzo: { count: 20, expires_at: NOW + WINDOW, next_at: 0 },
    })
  })

  it('take back one attempt for a right password, never below zero, and a completed sign-in forgets the pair’s counter alone', async () => {
    const db = database()
    await countAttempts(db, [{ key: 'coppia', windowSeconds: WINDOW }], NOW)
    await countAttempts(
      db,
      [
        { key: 'coppia', windowSeconds: WINDOW },
        { key: 'account', windowSeconds: WINDOW },
      ],
      NOW,
    )
    await uncountAttempt(db, ['coppia', 'account', 'mai-vista'])
    expect(await counters(db)).toEqual({
      coppia: { count: 1, expires_at: NOW + WINDOW, next_at: 0 },
      account: { count: 0, expires_at: NOW + WINDOW, next_at: 0 },
    })
    await uncountAttempt(db, ['coppia', 'account'])
    await uncountAttempt(db, ['coppia', 'account'])
    expect(await counters(db)).toEqual({
      coppia: { count: 0, expires_at: NOW + WINDOW, next_at: 0 },
      account: { count: 0, expires_at: NOW + WINDOW, next_at: 0 },
    })
    await deleteCounter(db, 'coppia')
    expect(Object.keys(await counters(db))).toEqual(['account'])
  })
})

describe("an account's paced counter", () => {
  const pace = { windowSeconds: WINDOW, free: 2, maxDelaySeconds: 8, usualAddress: false }

  it('lets the free attempts through, then makes a stranger wait 1 s, 2, 4... up to the longest wait; a usual address never waits', async () => {
    const db = database()
    const attempt = async (at: number, usualAddress = false) => {
      const counted = await countPacedAttempt(db, 'account', at, { ...pace, usualAddress })
      const { count, next_at } = (await counters(db)).account!
      return { counted, count, next_at }
    }
    expect(await attempt(NOW)).toEqual({ counted: true, count: 1, next_at: 0 })
    expect(await attempt(NOW)).toEqual({ counted: true, count: 2, next_at: 0 })
    expect(await attempt(NOW)).toEqual({ counted: true, count: 3, next_at: NOW + 1 })
    // Too early: not counted, so a stranger's refused attempts do not push the wait further away.
    expect(await attempt(NOW)).toEqual({ counted: false, count: 3, next_at: NOW + 1 })
    expect(await nextAttemptAt(db, 'account')).toBe(NOW + 1)
    expect(await attempt(NOW + 1)).toEqual({ counted: true, count: 4, next_at: NOW + 3 })
    expect(await attempt(NOW + 2)).toEqual({ counted: false, count: 4, next_at: NOW + 3 })
    expect(await attempt(NOW + 3)).toEqual({ counted: true, count: 5, next_at: NOW + 7 })
    expect(await attempt(NOW + 7)).toEqual({ counted: true, count: 6, next_at: NOW + 15 })
    expect(await attempt(NOW + 15)).toEqual({ counted: true, count: 7, next_at: NOW + 23 })
    expect(await attempt(NOW + 16, true)).toEqual({ counted: true, count: 8, next_at: NOW + 24 })
    expect(await attempt(NOW + 17)).toEqual({ counted: false, count: 8, next_at: NOW + 24 })
    // The window's end forgets it all.
    expect(await attempt(NOW + WINDOW)).toEqual({ counted: true, count: 1, next_at: 0 })
    expect((await counters(db)).account!.expires_at).toBe(NOW + 2 * WINDOW)
    expect(await nextAttemptAt(db, 'mai-vista')).toBeUndefined()
  })

  it('lets exactly one more stranger through past the free attempts when many arrive in the same second', async () => {
    const db = database()
    for (let i = 0; i < pace.free; i++) expect(await countPacedAttempt(db, 'account', NOW, pace)).toBe(true)
    const atOnce = await Promise.all(Array.from({ length: 10 }, () => countPacedAttempt(db, 'account', NOW, pace)))
    expect(atOnce.filter(Boolean)).toHaveLength(1)
    expect(await counters(db)).toEqual({ account: { count: 3, expires_at: NOW + WINDOW, next_at: NOW + 1 } })
  })

  it('keeps pacing past 2038 and with the longest wait allowed: the wait is added to the time as a 64-bit integer on both engines', async () => {
    const db = database()
    const after2038 = Math.floor(Date.parse('2040-01-01T00:00:00.000Z') / 1000)
    for (let i = 0; i < 3; i++) expect(await countPacedAttempt(db, 'account', after2038, pace)).toBe(true)
    expect((await counters(db)).account).toEqual({ count: 3, expires_at: after2038 + WINDOW, next_at: after2038 + 1 })
    // A wait of up to 2^30 s (the largest step) from today's clock goes past 2^31 - 1 as well.
    const longest = { ...pace, maxDelaySeconds: 2_000_000_000, usualAddress: true }
    for (let i = 0; i < 40; i++) expect(await countPacedAttempt(db, 'usual', NOW, longest)).toBe(true)
    expect((await counters(db)).usual).toEqual({ count: 40, expires_at: NOW + WINDOW, next_at: NOW + 2 ** 30 })
  })
})

describe('known addresses and stale counters', () => {
  it('remember the last sign-in of an address, usual while it is after the given time', async () => {
    const db = database()
    await rememberAddress(db, 'indirizzo-noto', NOW - 100)
    await rememberAddress(db, 'indirizzo-noto', NOW)
    expect(await db.selectFrom('login_known_addresses').selectAll().execute()).toEqual([{ key: 'indirizzo-noto', last_success_at: NOW }])
    expect(await signedInSince(db, 'indirizzo-noto', NOW - 1)).toBe(true)
    expect(await signedInSince(db, 'indirizzo-noto', NOW)).toBe(false)
    expect(await signedInSince(db, 'indirizzo-ignoto', 0)).toBe(false)
  })

  it('are swept once their window and their wait are over, and addresses once unused since the given time', async () => {
    const db = database()
    await countAttempts(db, [{ key: 'finito', windowSeconds: WINDOW }], NOW)
    await countAttempts(db, [{ key: 'in-corso', windowSeconds: HOUR }], NOW)
    // A stranger still waiting after the window: every attempt of a usual address counted, the wait grown to its longest.
    const long = { windowSeconds: WINDOW, free: 0, maxDelaySeconds: 2000, usualAddress: true }
    for (let i = 0; i < 12; i++) await countPacedAttempt(db, 'in-attesa', NOW, long)
    expect((await counters(db))['in-attesa']).toEqual({ count: 12, expires_at: NOW + WINDOW, next_at: NOW + 2000 })
    await rememberAddress(db, 'recente', NOW)
    await rememberAddress(db, 'vecchio', NOW - 10)

    await deleteStaleCounters(db, NOW + WINDOW, NOW - 10)
    expect(Object.keys(await counters(db)).sort()).toEqual(['in-attesa', 'in-corso'])
    expect(await db.selectFrom('login_known_addresses').select('key').execute()).toEqual([{ key: 'recente' }])
    await deleteStaleCounters(db, NOW + 2000, NOW - 10)
    expect(Object.keys(await counters(db))).toEqual(['in-corso'])
  })
})

import { describe, expect, it } from 'vitest'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { consumeChallenges, pruneChallenges } from './captcha-uses.ts'

const database = serveTestDatabase()

const expiresAt = Date.parse('2026-11-26T08:10:00.000Z')
const stored = () => database().selectFrom('captcha_uses').select(['nonce', 'expires_at']).orderBy('nonce').execute()

describe('an answered captcha and its proof of work', () => {
  it('are used once: a second use of either is told apart from the fresh one that came with it', async () => {
    const db = database()
    expect(
      await consumeChallenges(db, [
        { nonce: 'addizione-1', expiresAt },
        { nonce: 'pow:lavoro-1', expiresAt },
      ]),
    ).toEqual(new Set(['addizione-1', 'pow:lavoro-1']))
    // The same pair again: a replay of both.
    expect(
      await consumeChallenges(db, [
        { nonce: 'addizione-1', expiresAt },
        { nonce: 'pow:lavoro-1', expiresAt },
      ]),
    ).toEqual(new Set())
    // A replayed captcha with a fresh proof of work, and the other way round: only the fresh one is new.
    expect(
      await consumeChallenges(db, [
        { nonce: 'addizione-1', expiresAt },
        { nonce: 'pow:lavoro-2', expiresAt },
      ]),
    ).toEqual(new Set(['pow:lavoro-2']))
    expect(
      await consumeChallenges(db, [
        { nonce: 'addizione-2', expiresAt },
        { nonce: 'pow:lavoro-2', expiresAt },
      ]),
    ).toEqual(new Set(['addizione-2']))
    // The expiry of the first use stays, whatever a replay carries (Unix milliseconds, beyond 32 bits).
    await consumeChallenges(db, [{ nonce: 'addizione-1', expiresAt: expiresAt + 60_000 }])
    expect(await stored()).toEqual([
      { nonce: 'addizione-1', expires_at: expiresAt },
      { nonce: 'addizione-2', expires_at: expiresAt },
      { nonce: 'pow:lavoro-1', expires_at: expiresAt },
      { nonce: 'pow:lavoro-2', expires_at: expiresAt },
    ])
  })

  it('used by two requests at once are new to one of them only', async () => {
    const db = database()
    const use = [{ nonce: 'addizione-doppia', expiresAt }]
    const answers = await Promise.all([
      db.transaction().execute((trx) => consumeChallenges(trx, use)),
      db.transaction().execute((trx) => consumeChallenges(trx, use)),
    ])
    expect(answers.map((unused) => unused.size).sort()).toEqual([0, 1])
    expect(await stored()).toEqual([{ nonce: 'addizione-doppia', expires_at: expiresAt }])
  })

  it('are forgotten by the pruning once expired, those still valid kept', async () => {
    const db = database()
    await consumeChallenges(db, [
      { nonce: 'scaduta', expiresAt: expiresAt - 1 },
      { nonce: 'in-scadenza', expiresAt },
      { nonce: 'valida', expiresAt: expiresAt + 1 },
    ])
    expect(await pruneChallenges(db, expiresAt - 1)).toBe(0)
    expect(await pruneChallenges(db, expiresAt)).toBe(1)
    expect((await stored()).map((row) => row.nonce)).toEqual(['in-scadenza', 'valida'])
    expect(await pruneChallenges(db, expiresAt + 2)).toBe(2)
    expect(await stored()).toEqual([])
    // Once pruned, a nonce would be new again: what keeps an expired captcha out is its signature's expiry.
    expect(await consumeChallenges(db, [{ nonce: 'scaduta', expiresAt: expiresAt - 1 }])).toEqual(new Set(['scaduta']))
  })
})

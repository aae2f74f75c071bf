import { describe, expect, it, vi } from 'vitest'
import { createLucia } from '#server/auth/lucia.ts'
import { clockAtEachTest } from '#tests/helpers/clock.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { sha256Hex } from '../security/hash.ts'
import { insertAdmin, setAdminPassword } from './administrators.ts'
import { recordAudit } from './audit.ts'
import {
  consumeResetToken,
  countRecentResetTokens,
  createResetToken,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  findUserSessions,
  findValidResetToken,
  insertSession,
  invalidateUserResetTokens,
  newResetToken,
  RESET_TOKEN_TTL_SECONDS,
  SESSION_MAX_DAYS,
  updateSessionExpiry,
} from './sessions.ts'

const database = serveTestDatabase()

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA'
const SECOND = 1000
const DAY = 24 * 60 * 60 * SECOND
const T0 = Date.parse('2026-11-26T08:00:00.000Z')
const seconds = (ms: number) => Math.floor(ms / 1000)

clockAtEachTest(T0)

const admin = (email: string) => insertAdmin(database(), email, HASH, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', new Date(T0).toISOString())
const sessionRows = () => database().selectFrom('admin_sessions').select(['id', 'user_id', 'expires_at', 'created_at']).orderBy('id').execute()
const resetRows = () =>
  database().selectFrom('password_reset_tokens').select(['token_hash', 'user_id', 'expires_at', 'used_at']).orderBy('created_at').execute()

describe("an administrator's session", () => {
  it('is found with its administrator’s e-mail by its id until 30 days after it was created, whatever its expiry says', async () => {
    const db = database()
    const owner = await admin('titolare@artigianimilano.it')
    await insertSession(db, { id: 'sessione-a', userId: owner.id, expiresAt: new Date(T0 + 7 * DAY + 500) })
    expect(await sessionRows()).toEqual([{ id: 'sessione-a', user_id: owner.id, expires_at: seconds(T0 + 7 * DAY), created_at: new Date(T0).toISOString() }])
    expect(await findSessionWithUser(db, 'sessione-a')).toEqual({
      id: 'sessione-a',
      user_id: owner.id,
      expires_at: seconds(T0 + 7 * DAY),
      email: 'titolare@artigianimilano.it',
    })
    expect(await findSessionWithUser(db, 'sessione-b')).toBeUndefined()

    // Kept alive by use, it still ends SESSION_MAX_DAYS after the sign-in.
    await updateSessionExpiry(db, 'sessione-a', new Date(T0 + 40 * DAY))
    vi.setSystemTime(T0 + SESSION_MAX_DAYS * DAY - 1)
    expect(await findSessionWithUser(db, 'sessione-a')).toMatchObject({ expires_at: seconds(T0 + 40 * DAY) })
    expect(await findUserSessions(db, owner.id)).toEqual([{ id: 'sessione-a', user_id: owner.id, expires_at: seconds(T0 + 40 * DAY) }])
    vi.setSystemTime(T0 + SESSION_MAX_DAYS * DAY)
    expect(await findSessionWithUser(db, 'sessione-a')).toBeUndefined()
    expect(await findUserSessions(db, owner.id)).toEqual([])
  })

  it('slides when used in its second half, stays as it is in its first, and ends (deleted) once expired', async () => {
    const db = database()
    const owner = await admin('sessioni@artigianimilano.it')
    const auth = createLucia(db, 'https://www.artigianimilano.it')
    const { id } = await auth.createSession(owner.id, {})
    expect(await sessionRows()).toEqual([{ id, user_id: owner.id, expires_at: seconds(T0 + 7 * DAY), created_at: new Date(T0).toISOString() }])

    vi.setSystemTime(T0 + 3 * DAY)
    const early = await auth.validateSession(id)
    expect({ fresh: early.session?.fresh, email: early.user?.email }).toEqual({ fresh: false, email: 'sessioni@artigianimilano.it' })
    expect((await sessionRows())[0]!.expires_at).toBe(seconds(T0 + 7 * DAY))

    vi.setSystemTime(T0 + 6 * DAY)
    expect((await auth.validateSession(id)).session?.fresh).toBe(true)
    expect((await sessionRows())[0]!.expires_at).toBe(seconds(T0 + 13 * DAY))

    vi.setSystemTime(T0 + 13 * DAY)
    expect(await auth.validateSession(id)).toEqual({ session: null, user: null })
    expect(await sessionRows()).toEqual([])
  })

  it('ends alone at sign-out, while a password change ends every session of that administrator and of nobody else', async () => {
    const db = database()
    const owner = await admin('cambi@artigianimilano.it')
    const other = await admin('altro@artigianimilano.it')
    for (const [id, userId] of [
      ['telefono', owner.id],
      ['portatile', owner.id],
      ['ufficio', owner.id],
      ['altrui', other.id],
    ] as const) {
      await insertSession(db, { id, userId, expiresAt: new Date(T0 + 7 * DAY) })
    }
    await deleteSession(db, 'telefono')
    expect((await findUserSessions(db, owner.id)).map((row) => row.id).sort()).toEqual(['portatile', 'ufficio'])

    // As the password change does: the new hash, every link spent and every session ended, in one transaction.
    await db.transaction().execute(async (trx) => {
      await setAdminPassword(trx, owner.id, `${HASH}-nuova`, new Date(T0).toISOString())
      await invalidateUserResetTokens(trx, owner.id)
      await deleteUserSessions(trx, owner.id)
      await recordAudit(trx, { actorId: owner.id, actorEmail: null, action: 'password_change', entityType: 'admin_user', entityId: owner.id })
    })
    expect(await findUserSessions(db, owner.id)).toEqual([])
    expect(await findSessionWithUser(db, 'portatile')).toBeUndefined()
    expect(await sessionRows()).toEqual([{ id: 'altrui', user_id: other.id, expires_at: seconds(T0 + 7 * DAY), created_at: new Date(T0).toISOString() }])
  })

  it('is swept once past its expiry or its absolute lifetime, the live ones kept', async () => {
    const db = database()
    const owner = await admin('pulizia@artigianimilano.it')
    // Created at T0 - 30 days (exactly at the lifetime's end) and 1 ms later.
    vi.setSystemTime(T0 - SESSION_MAX_DAYS * DAY)
    await insertSession(db, { id: 'vecchia', userId: owner.id, expiresAt: new Date(T0 + DAY) })
    vi.setSystemTime(T0 - SESSION_MAX_DAYS * DAY + 1)
    await insertSession(db, { id: 'quasi-vecchia', userId: owner.id, expiresAt: new Date(T0 + DAY) })
    vi.setSystemTime(T0)
    await insertSession(db, { id: 'scade-ora', userId: owner.id, expiresAt: new Date(T0) })
    await insertSession(db, { id: 'scade-tra-un-secondo', userId: owner.id, expiresAt: new Date(T0 + SECOND) })
    await deleteExpiredSessions(db)
    expect((await sessionRows()).map((row) => row.id)).toEqual(['quasi-vecchia', 'scade-tra-un-secondo'])
  })
})

describe('a password reset link', () => {
  it('is stored as the hash of its token, for an hour, and is found by the token alone', async () => {
    const db = database()
    const owner = await admin('titolare@artigianimilano.it')
    const token = newResetToken()
    expect(token).toMatch(/^[\w-]{43}$/)
    await createResetToken(db, owner.id, token)
    expect(await resetRows()).toEqual([{ token_hash: sha256Hex(token), user_id: owner.id, expires_at: seconds(T0) + RESET_TOKEN_TTL_SECONDS, used_at: null }])
    expect(await findValidResetToken(db, token)).toEqual({ tokenHash: sha256Hex(token), userId: owner.id })
    expect(await findValidResetToken(db, sha256Hex(token))).toBeUndefined()
    expect(await findValidResetToken(db, 'a'.repeat(43))).toBeUndefined()

    vi.setSystemTime(T0 + RESET_TOKEN_TTL_SECONDS * SECOND - 1)
    expect(await findValidResetToken(db, token)).toEqual({ tokenHash: sha256Hex(token), userId: owner.id })
    vi.setSystemTime(T0 + RESET_TOKEN_TTL_SECONDS * SECOND)
    expect(await findValidResetToken(db, token)).toBeUndefined()
    expect(await consumeResetToken(db, sha256Hex(token))).toBe(false)
    expect((await resetRows())[0]!.used_at).toBeNull()
  })

  it('works once, even when used twice at once', async () => {
    const db = database()
    const owner = await admin('titolare@artigianimilano.it')
    const token = newResetToken()
    await createResetToken(db, owner.id, token)
    vi.setSystemTime(T0 + 10 * 60 * SECOND)
    const spent = await Promise.all([consumeResetToken(db, sha256Hex(token)), consumeResetToken(db, sha256Hex(token))])
    expect(spent.sort()).toEqual([false, true])
    expect(await resetRows()).toEqual([
      {
        token_hash: sha256Hex(token),
        user_id: owner.id,
        expires_at: seconds(T0) + RESET_TOKEN_TTL_SECONDS,
        used_at: new Date(T0 + 10 * 60 * SECOND).toISOString(),
      },
    ])
    expect(await findValidResetToken(db, token)).toBeUndefined()
    expect(await consumeResetToken(db, sha256Hex(token))).toBe(false)
  })

  it('counts among an administrator’s live links until used, expired or spent by a password change, which leaves others’ links alone', async () => {
    const db = database()
    const owner = await admin('titolare@artigianimilano.it')
    const other = await admin('altro@artigianimilano.it')
    const expired = newResetToken()
    vi.setSystemTime(T0 - RESET_TOKEN_TTL_SECONDS * SECOND)
    await createResetToken(db, owner.id, expired)
    vi.setSystemTime(T0)
    const [first, second, third] = [newResetToken(), newResetToken(), newResetToken()]
    for (const token of [first!, second!, third!]) await createResetToken(db, owner.id, token)
    const others = newResetToken()
    await createResetToken(db, other.id, others)
    expect(await countRecentResetTokens(db, owner.id)).toBe(3)
    expect(await consumeResetToken(db, sha256Hex(first!))).toBe(true)
    expect(await countRecentResetTokens(db, owner.id)).toBe(2)

    vi.setSystemTime(T0 + 60 * SECOND)
    await invalidateUserResetTokens(db, owner.id)
    expect(await countRecentResetTokens(db, owner.id)).toBe(0)
    expect(await findValidResetToken(db, third!)).toBeUndefined()
    expect(await countRecentResetTokens(db, other.id)).toBe(1)
    expect(await findValidResetToken(db, others)).toEqual({ tokenHash: sha256Hex(others), userId: other.id })
    // The link used before keeps the time it was used.
    const usedAt = Object.fromEntries((await resetRows()).map((row) => [row.token_hash, row.used_at]))
    expect(usedAt).toEqual({
      [sha256Hex(expired)]: new Date(T0 + 60 * SECOND).toISOString(),
      [sha256Hex(first!)]: new Date(T0).toISOString(),
      [sha256Hex(second!)]: new Date(T0 + 60 * SECOND).toISOString(),
      [sha256Hex(third!)]: new Date(T0 + 60 * SECOND).toISOString(),
      [sha256Hex(others)]: null,
    })
  })
})

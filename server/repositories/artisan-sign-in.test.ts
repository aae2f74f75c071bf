import { describe, expect, it, vi } from 'vitest'
import type { DB } from '#db/client.ts'
import { SIGN_IN_MAX_WRONG_CODES } from '#shared/artisan-sign-in.ts'
import type { ArtisanStatus } from '#shared/enums.ts'
import { artisan } from '#tests/helpers/admin-leads.ts'
import { clockAtEachTest } from '#tests/helpers/clock.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { sha256Hex } from '../security/hash.ts'
import { findArtisanSession, insertArtisanSession } from './artisan-sessions.ts'
import {
  countWrongCode,
  deleteStaleSignInTokens,
  findAreaArtisan,
  findAreaArtisanByEmail,
  findSignInToken,
  findSignInTokenByBinding,
  insertSignInToken,
  markSignedIn,
  spendSignInToken,
} from './artisan-sign-in.ts'
import { insertArtisan, updateArtisan } from './artisans.ts'
import { byArtisan, recordAudit } from './audit.ts'

const database = serveTestDatabase()

const SECOND = 1000
const T0 = Date.parse('2026-11-26T08:00:00.000Z')
const NOW = Math.floor(T0 / 1000)
const VALID = 15 * 60

clockAtEachTest(T0)

let artisanCount = 0
/** A craftsman of the register with an address of their own. */
async function newArtisan(status: ArtisanStatus = 'active', email = `artigiano${++artisanCount}@impianti-esempio.it`) {
  const input = artisan({ email, contactName: `Artigiano ${artisanCount}`, status })
  const row = await insertArtisan(database(), input, new Date(T0).toISOString())
  return { id: row.id, email: row.email, input }
}

/** A sign-in mail's row as sendSignInMail stores it: the token's, code's and browser's values by their hashes. */
async function mail(
  artisanId: number,
  name: string,
  {
    binding = `browser-${name}`,
    expiresAt = NOW + VALID,
    redirect = '/artigiano/offerte',
  }: { binding?: string | null; expiresAt?: number; redirect?: string } = {},
) {
  const row = {
    tokenHash: sha256Hex(`token-${name}`),
    artisanId,
    codeHash: sha256Hex(`${sha256Hex(`token-${name}`)}:123456`),
    bindingHash: binding === null ? null : sha256Hex(binding),
    redirectPath: redirect,
    expiresAt,
  }
  await insertSignInToken(database(), row)
  return row
}
const tokenRows = () => database().selectFrom('artisan_sign_in_tokens').select(['token_hash', 'failed_codes', 'used_at']).execute()

/**
 * What a right code or the link does (server/auth/artisan-sign-in.ts, openSession): spends the token and opens a session
 * in one transaction, rolled back when the craftsman left the area since the mail.
 */
async function signIn(db: DB, tokenHash: string, sessionId: string, withCodeTry = false) {
  try {
    return await db.transaction().execute(async (trx) => {
      const spent = await spendSignInToken(trx, tokenHash, { withCodeTry })
      if (!spent) return 'spent'
      const found = await findAreaArtisan(trx, spent.artisan_id)
      if (!found) throw new Error('left the area')
      await insertArtisanSession(trx, { id: sessionId, artisanId: found.id, expiresAt: new Date(T0 + 30 * 24 * 60 * 60 * SECOND) })
      const now = new Date().toISOString()
      await markSignedIn(trx, found.id, now)
      await recordAudit(trx, { ...byArtisan(found), action: 'sign_in', entityType: 'artisan', entityId: found.id, details: { via: 'code' } }, now)
      return spent
    })
  } catch (error) {
    if ((error as Error).message === 'left the area') return 'gone'
    throw error
  }
}

describe('the craftsman a sign-in mail goes to', () => {
  it('is found by the e-mail typed, whatever the case it was stored in, only while in the area', async () => {
    const db = database()
    const mixed = await newArtisan('active', 'Mario.Rossi@Impianti-Esempio.it')
    const paused = await newArtisan('inactive')
    const applicant = await newArtisan('pending_review')
    const rejected = await newArtisan('rejected')
    expect(await findAreaArtisanByEmail(db, 'mario.rossi@impianti-esempio.it')).toEqual({
      id: mixed.id,
      email: 'Mario.Rossi@Impianti-Esempio.it',
      contact_name: mixed.input.contactName,
    })
    expect(await findAreaArtisanByEmail(db, paused.email)).toMatchObject({ id: paused.id })
    expect(await findAreaArtisanByEmail(db, applicant.email)).toBeUndefined()
    expect(await findAreaArtisanByEmail(db, rejected.email)).toBeUndefined()
    expect(await findAreaArtisanByEmail(db, 'nessuno@example.com')).toBeUndefined()
    // Two rows of one address (the register does not forbid it): the older one, every time.
    const twin = await newArtisan('active', 'MARIO.ROSSI@impianti-esempio.it')
    expect(twin.id).toBeGreaterThan(mixed.id)
    expect(await findAreaArtisanByEmail(db, 'mario.rossi@impianti-esempio.it')).toMatchObject({ id: mixed.id })

    expect(await findAreaArtisan(db, mixed.id)).toEqual({ id: mixed.id, email: 'Mario.Rossi@Impianti-Esempio.it' })
    expect(await findAreaArtisan(db, paused.id)).toMatchObject({ id: paused.id })
    expect(await findAreaArtisan(db, applicant.id)).toBeUndefined()
    expect(await findAreaArtisan(db, rejected.id)).toBeUndefined()
  })
})

describe("a sign-in mail's token", () => {
  it('is found by its hash, or by the browser that asked (its newest mail); a mail the office sent by neither browser', async () => {
    const db = database()
    const { id } = await newArtisan()
    const first = await mail(id, 'primo', { binding: 'browser-1', redirect: '/artigiano/zone?x=1' })
    expect(await findSignInToken(db, first.tokenHash)).toEqual({
      token_hash: first.tokenHash,
      artisan_id: id,
      code_hash: first.codeHash,
      binding_hash: sha256Hex('browser-1'),
      redirect_path: '/artigiano/zone?x=1',
      failed_codes: 0,
      expires_at: NOW + VALID,
      used_at: null,
    })
    expect(await findSignInToken(db, sha256Hex('token-altro'))).toBeUndefined()
    vi.setSystemTime(T0 + SECOND)
    const second = await mail(id, 'secondo', { binding: 'browser-1' })
    await mail(id, 'ufficio', { binding: null })
    expect(await findSignInTokenByBinding(db, sha256Hex('browser-1'))).toMatchObject({ token_hash: second.tokenHash })
    expect(await findSignInTokenByBinding(db, sha256Hex('browser-2'))).toBeUndefined()
    expect(await findSignInToken(db, sha256Hex('token-ufficio'))).toMatchObject({ binding_hash: null })
  })

  it('signs in once, even opened twice at once: one session, the last sign-in and the audit entry written once', async () => {
    const db = database()
    const { id, email } = await newArtisan()
    const { tokenHash } = await mail(id, 'doppio', { redirect: '/artigiano/profilo' })
    vi.setSystemTime(T0 + 60 * SECOND)
    const outcomes = await Promise.all([signIn(db, tokenHash, 'sessione-1'), signIn(db, tokenHash, 'sessione-2')])
    expect(outcomes).toEqual(expect.arrayContaining(['spent', { artisan_id: id, redirect_path: '/artigiano/profilo' }]))
    const winner = outcomes[0] === 'spent' ? 'sessione-2' : 'sessione-1'
    expect(await db.selectFrom('artisan_sessions').select('id_hash').execute()).toEqual([{ id_hash: sha256Hex(winner) }])
    expect(await findArtisanSession(db, winner)).toMatchObject({ artisan_id: id, email })
    expect(await tokenRows()).toEqual([{ token_hash: tokenHash, failed_codes: 0, used_at: new Date(T0 + 60 * SECOND).toISOString() }])
    expect(await db.selectFrom('artisans').select('last_sign_in_at').where('id', '=', id).executeTakeFirst()).toEqual({
      last_sign_in_at: new Date(T0 + 60 * SECOND).toISOString(),
    })
    expect(await db.selectFrom('audit_log').select(['actor_id', 'actor_email', 'actor_kind', 'action', 'details']).execute()).toEqual([
      { actor_id: String(id), actor_email: email, actor_kind: 'artisan', action: 'sign_in', details: '{"via":"code"}' },
    ])
    expect(await spendSignInToken(db, tokenHash)).toBeUndefined()
  })

  it('is not spent once expired, and spends nothing for a craftsman who left the area since the mail', async () => {
    const db = database()
    const { id, input } = await newArtisan()
    const { tokenHash } = await mail(id, 'scade')
    const other = await mail(id, 'rifiutato')
    vi.setSystemTime((NOW + VALID) * SECOND - 1)
    expect(await findSignInToken(db, tokenHash)).toMatchObject({ expires_at: NOW + VALID, used_at: null })
    vi.setSystemTime((NOW + VALID) * SECOND)
    expect(await spendSignInToken(db, tokenHash)).toBeUndefined()
    expect(await spendSignInToken(db, tokenHash, { withCodeTry: true })).toBeUndefined()

    vi.setSystemTime(T0 + 60 * SECOND)
    await updateArtisan(db, id, { ...input, status: 'rejected' }, new Date(T0).toISOString())
    expect(await signIn(db, other.tokenHash, 'sessione-rifiutata')).toBe('gone')
    expect(await tokenRows()).toEqual(expect.arrayContaining([{ token_hash: other.tokenHash, failed_codes: 0, used_at: null }]))
    expect(await db.selectFrom('artisan_sessions').select('id_hash').execute()).toEqual([])
    expect(await db.selectFrom('artisans').select('last_sign_in_at').where('id', '=', id).executeTakeFirst()).toEqual({ last_sign_in_at: null })
    expect(await db.selectFrom('audit_log').select('id').where('action', '=', 'sign_in').execute()).toEqual([])
  })

  it('counts every wrong code, all of those sent at once too; past five only the right code’s own counted try still signs in', async () => {
    const db = database()
    const { id } = await newArtisan()
    const four = await mail(id, 'quattro')
    for (let i = 1; i <= 4; i++) expect(await countWrongCode(db, four.tokenHash)).toBe(i)
    expect(await spendSignInToken(db, four.tokenHash)).toEqual({ artisan_id: id, redirect_path: '/artigiano/offerte' })

    const five = await mail(id, 'cinque')
    for (let i = 1; i <= SIGN_IN_MAX_WRONG_CODES; i++) await countWrongCode(db, five.tokenHash)
    // The link refuses a mail with five wrong codes; the right code, whose own try made the fifth, signs in.
    expect(await spendSignInToken(db, five.tokenHash)).toBeUndefined()
    expect(await spendSignInToken(db, five.tokenHash, { withCodeTry: true })).toEqual({ artisan_id: id, redirect_path: '/artigiano/offerte' })

    const guessed = await mail(id, 'indovinato')
    const tries = await Promise.all(Array.from({ length: 8 }, () => countWrongCode(db, guessed.tokenHash)))
    expect(tries.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(await findSignInToken(db, guessed.tokenHash)).toMatchObject({ failed_codes: 8, used_at: null })
    expect(await spendSignInToken(db, guessed.tokenHash, { withCodeTry: true })).toBeUndefined()
    expect(await countWrongCode(db, sha256Hex('token-nessuno'))).toBe(Number.POSITIVE_INFINITY)
  })

  it('is forgotten a day after it expired, the newer ones kept', async () => {
    const db = database()
    const { id } = await newArtisan()
    const old = await mail(id, 'vecchio', { expiresAt: NOW - 24 * 60 * 60 - 1 })
    const dayOld = await mail(id, 'di-un-giorno', { expiresAt: NOW - 24 * 60 * 60 })
    const live = await mail(id, 'valido')
    await deleteStaleSignInTokens(db)
    expect(await findSignInToken(db, old.tokenHash)).toBeUndefined()
    expect((await tokenRows()).map((row) => row.token_hash).sort()).toEqual([dayOld.tokenHash, live.tokenHash].sort())
  })
})

import { describe, expect, it, vi } from 'vitest'
import { ARTISAN_SESSION_DAYS, createArtisanAuth } from '#server/auth/artisan-auth.ts'
import type { ArtisanStatus } from '#shared/enums.ts'
import { artisan } from '#tests/helpers/admin-leads.ts'
import { clockAtEachTest } from '#tests/helpers/clock.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { sha256Hex } from '../security/hash.ts'
import {
  ARTISAN_SESSION_MAX_DAYS,
  countArtisanSessions,
  deleteArtisanSession,
  deleteArtisanSessions,
  deleteExpiredArtisanSessions,
  findArtisanSession,
  findArtisanSessions,
  insertArtisanSession,
  updateArtisanSessionExpiry,
} from './artisan-sessions.ts'
import { deleteArtisan, insertArtisan, updateArtisan } from './artisans.ts'

const database = serveTestDatabase()

const SECOND = 1000
const DAY = 24 * 60 * 60 * SECOND
const T0 = Date.parse('2026-11-26T08:00:00.000Z')
const seconds = (ms: number) => Math.floor(ms / 1000)

clockAtEachTest(T0)

let artisanCount = 0
/** A craftsman of the register with an address of their own. */
async function newArtisan(status: ArtisanStatus = 'active') {
  artisanCount += 1
  const input = artisan({ email: `artigiano${artisanCount}@impianti-esempio.it`, status })
  const row = await insertArtisan(database(), input, new Date(T0).toISOString())
  return { id: row.id, email: row.email, input }
}

const session = (id: string, artisanId: number, expiresAt = T0 + ARTISAN_SESSION_DAYS * DAY) =>
  insertArtisanSession(database(), { id, artisanId, expiresAt: new Date(expiresAt) })
const sessionRows = () => database().selectFrom('artisan_sessions').select(['id_hash', 'artisan_id', 'expires_at', 'created_at']).execute()

describe("a craftsman's session", () => {
  it('is stored by the hash of its id and found with the craftsman’s e-mail until 90 days after the sign-in, whatever its expiry says', async () => {
    const db = database()
    const { id, email } = await newArtisan()
    await session('id-del-cookie', id, T0 + 30 * DAY + 999)
    expect(await sessionRows()).toEqual([
      { id_hash: sha256Hex('id-del-cookie'), artisan_id: id, expires_at: seconds(T0 + 30 * DAY), created_at: new Date(T0).toISOString() },
    ])
    expect(await findArtisanSession(db, 'id-del-cookie')).toEqual({
      id_hash: sha256Hex('id-del-cookie'),
      artisan_id: id,
      expires_at: seconds(T0 + 30 * DAY),
      email,
    })
    // The stored hash is not an id: a cookie carrying it finds nothing.
    expect(await findArtisanSession(db, sha256Hex('id-del-cookie'))).toBeUndefined()
    expect(await findArtisanSessions(db, id)).toEqual([{ id_hash: sha256Hex('id-del-cookie'), artisan_id: id, expires_at: seconds(T0 + 30 * DAY) }])

    await updateArtisanSessionExpiry(db, 'id-del-cookie', new Date(T0 + 120 * DAY))
    vi.setSystemTime(T0 + ARTISAN_SESSION_MAX_DAYS * DAY - 1)
    expect(await findArtisanSession(db, 'id-del-cookie')).toMatchObject({ expires_at: seconds(T0 + 120 * DAY) })
    vi.setSystemTime(T0 + ARTISAN_SESSION_MAX_DAYS * DAY)
    expect(await findArtisanSession(db, 'id-del-cookie')).toBeUndefined()
    expect(await findArtisanSessions(db, id)).toEqual([])
  })

  it('slides when used in the second half of its 30 days, and ends (deleted) once expired', async () => {
    const db = database()
    const { id, email } = await newArtisan()
    const auth = createArtisanAuth(db, 'https://www.artigianimilano.it')
    const created = await auth.createSession(String(id), {})
    expect((await sessionRows())[0]).toMatchObject({ id_hash: sha256Hex(created.id), expires_at: seconds(T0 + 30 * DAY) })

    vi.setSystemTime(T0 + 14 * DAY)
    const early = await auth.validateSession(created.id)
    expect({ fresh: early.session?.fresh, user: early.user }).toEqual({ fresh: false, user: { id: String(id), email } })
    expect((await sessionRows())[0]!.expires_at).toBe(seconds(T0 + 30 * DAY))
    vi.setSystemTime(T0 + 16 * DAY)
    expect((await auth.validateSession(created.id)).session?.fresh).toBe(true)
    expect((await sessionRows())[0]!.expires_at).toBe(seconds(T0 + 46 * DAY))
    vi.setSystemTime(T0 + 46 * DAY)
    expect(await auth.validateSession(created.id)).toEqual({ session: null, user: null })
    expect(await sessionRows()).toEqual([])
  })

  it('lasts while the craftsman is in the area: paused (inactive) they keep it, rejected or in review they lose it, deleted it goes with them', async () => {
    const db = database()
    const paused = await newArtisan()
    const rejected = await newArtisan()
    const inReview = await newArtisan()
    const deleted = await newArtisan()
    for (const { id } of [paused, rejected, inReview, deleted]) await session(`sessione-${id}`, id)
    const status = async (who: { id: number; input: ReturnType<typeof artisan> }, to: ArtisanStatus) => {
      await updateArtisan(db, who.id, { ...who.input, status: to }, new Date(T0).toISOString())
    }
    await status(paused, 'inactive')
    await status(rejected, 'rejected')
    await status(inReview, 'pending_review')
    await deleteArtisan(db, deleted.id)
    expect(await findArtisanSession(db, `sessione-${paused.id}`)).toMatchObject({ artisan_id: paused.id })
    expect(await findArtisanSession(db, `sessione-${rejected.id}`)).toBeUndefined()
    expect(await findArtisanSession(db, `sessione-${inReview.id}`)).toBeUndefined()
    expect(await findArtisanSession(db, `sessione-${deleted.id}`)).toBeUndefined()
    expect((await sessionRows()).map((row) => row.artisan_id).sort((a, b) => a - b)).toEqual([paused.id, rejected.id, inReview.id])
  })

  it('ends alone at sign-out; "Esci da tutti i dispositivi" ends all of that craftsman’s and says how many, no one else’s', async () => {
    const db = database()
    const { id } = await newArtisan()
    const other = await newArtisan()
    for (const device of ['telefono', 'portatile', 'tablet']) await session(device, id)
    await session('altrui', other.id)
    await deleteArtisanSession(db, 'telefono')
    expect(await findArtisanSession(db, 'telefono')).toBeUndefined()
    expect(await countArtisanSessions(db, id)).toBe(2)
    expect(await deleteArtisanSessions(db, id)).toBe(2)
    expect(await deleteArtisanSessions(db, id)).toBe(0)
    expect(await findArtisanSession(db, 'portatile')).toBeUndefined()
    expect(await findArtisanSessions(db, id)).toEqual([])
    expect(await findArtisanSession(db, 'altrui')).toMatchObject({ artisan_id: other.id })
  })

  it('counts for the office while live, and is swept once past its expiry or its 90 days', async () => {
    const db = database()
    const { id } = await newArtisan()
    vi.setSystemTime(T0 - ARTISAN_SESSION_MAX_DAYS * DAY)
    await session('vecchia', id, T0 + DAY)
    vi.setSystemTime(T0 - ARTISAN_SESSION_MAX_DAYS * DAY + 1)
    await session('quasi-vecchia', id, T0 + DAY)
    vi.setSystemTime(T0)
    await session('scade-ora', id, T0)
    await session('scade-tra-un-secondo', id, T0 + SECOND)
    expect(await countArtisanSessions(db, id)).toBe(2)
    await deleteExpiredArtisanSessions(db)
    expect((await sessionRows()).map((row) => row.id_hash).sort()).toEqual([sha256Hex('quasi-vecchia'), sha256Hex('scade-tra-un-secondo')].sort())
    // A millisecond later the oldest is 90 days old; a second later the last one has expired.
    vi.setSystemTime(T0 + 1)
    expect(await countArtisanSessions(db, id)).toBe(1)
    vi.setSystemTime(T0 + SECOND)
    expect(await countArtisanSessions(db, id)).toBe(0)
  })
})

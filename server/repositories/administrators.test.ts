import { describe, expect, it, vi } from 'vitest'
import { hashRecoveryCode } from '#server/auth/totp.ts'
import { clockAtEachTest } from '#tests/helpers/clock.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { sha256Hex } from '../security/hash.ts'
import {
  clearAdminTotp,
  createAdministrator,
  deleteEnrolments,
  findAdminByEmail,
  findAdminById,
  findEnrolment,
  insertAdmin,
  replaceRecoveryCodes,
  setAdminPassword,
  setAdminTotp,
  spendRecoveryCode,
  spendTotpStep,
  startEnrolment,
} from './administrators.ts'

const database = serveTestDatabase()

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA'
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const OTHER_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU'
const T0 = Date.parse('2026-11-26T08:00:00.000Z')
const CREATED = new Date(T0).toISOString()
const seconds = (ms: number) => Math.floor(ms / 1000)

clockAtEachTest(T0)

type CodeRow = { user_id: string; code_hash: string; used_at: string | null }
/** Code rows in one order on both engines (PostgreSQL's collation would sort the ids differently from SQLite). */
const inOrder = (rows: CodeRow[]) => rows.sort((a, b) => (a.code_hash + a.user_id < b.code_hash + b.user_id ? -1 : 1))
const codeRows = async () => inOrder(await database().selectFrom('admin_recovery_codes').select(['user_id', 'code_hash', 'used_at']).execute())
const enrolmentRows = () => database().selectFrom('admin_totp_enrolments').select(['token_hash', 'user_id', 'secret', 'expires_at']).execute()

describe('an administrator', () => {
  it('is stored with the e-mail trimmed and lower-cased, and found by it however it is typed, or by id', async () => {
    const db = database()
    const created = await insertAdmin(db, ' Admin@ArtigianiMilano.it ', HASH, SECRET, CREATED)
    expect(created).toEqual({
      id: expect.stringMatching(/^[\w-]{20}$/),
      email: 'admin@artigianimilano.it',
      password_hash: HASH,
      totp_secret: SECRET,
      totp_last_step: null,
      created_at: CREATED,
      updated_at: CREATED,
    })
    expect(await findAdminByEmail(db, ' ADMIN@artigianimilano.IT')).toEqual(created)
    expect(await findAdminByEmail(db, 'admin@artigianimilano.it')).toEqual(created)
    expect(await findAdminById(db, created.id)).toEqual(created)
    expect(await findAdminByEmail(db, 'nessuno@example.com')).toBeUndefined()
    expect(await findAdminById(db, 'nessuno')).toBeUndefined()
    // One account per address, however it was spelled.
    await expect(insertAdmin(db, 'ADMIN@artigianimilano.it', HASH, null, CREATED)).rejects.toThrow()
    const enrolsLater = await insertAdmin(db, 'nuovo@artigianimilano.it', HASH)
    expect(enrolsLater).toMatchObject({ totp_secret: null, totp_last_step: null })
  })

  it('is made from the command line with its creation, and its second factor when given, in the audit log, or not at all', async () => {
    const db = database()
    const audit = (id: string) =>
      db.selectFrom('audit_log').select(['actor_email', 'action', 'entity_type']).where('entity_id', '=', id).orderBy('id').execute()
    const enrolled = await createAdministrator(db, 'titolare@artigianimilano.it', HASH, SECRET)
    expect(await findAdminById(db, enrolled.id)).toEqual(enrolled)
    expect(await audit(enrolled.id)).toEqual([
      { actor_email: 'cli', action: 'create', entity_type: 'admin_user' },
      { actor_email: 'cli', action: 'second_factor_enrol', entity_type: 'admin_user' },
    ])
    const enrolsLater = await createAdministrator(db, 'nuovo@artigianimilano.it', HASH, null)
    expect(await audit(enrolsLater.id)).toEqual([{ actor_email: 'cli', action: 'create', entity_type: 'admin_user' }])
    // The same address again: neither the account nor an audit entry.
    await expect(createAdministrator(db, 'Titolare@artigianimilano.it', HASH, null)).rejects.toThrow()
    expect(await db.selectFrom('audit_log').select('id').execute()).toHaveLength(3)
  })

  it('gets a new password hash and update time, the other administrators keeping theirs', async () => {
    const db = database()
    const owner = await insertAdmin(db, 'titolare@artigianimilano.it', HASH, SECRET, CREATED)
    const other = await insertAdmin(db, 'altro@artigianimilano.it', HASH, SECRET, CREATED)
    await setAdminPassword(db, owner.id, `${HASH}-nuova`, '2026-11-26T09:00:00.000Z')
    expect(await findAdminById(db, owner.id)).toEqual({ ...owner, password_hash: `${HASH}-nuova`, updated_at: '2026-11-26T09:00:00.000Z' })
    expect(await findAdminById(db, other.id)).toEqual(other)
  })
})

describe('the second factor', () => {
  it('takes each time step once: a replayed or older code is refused, and one code sent twice at once signs in once', async () => {
    const db = database()
    const owner = await insertAdmin(db, 'titolare@artigianimilano.it', HASH, SECRET, CREATED)
    const other = await insertAdmin(db, 'altro@artigianimilano.it', HASH, SECRET, CREATED)
    const step = seconds(T0) / 30
    expect(await spendTotpStep(db, owner.id, step)).toBe(true)
    expect(await spendTotpStep(db, owner.id, step)).toBe(false)
    expect(await spendTotpStep(db, owner.id, step - 1)).toBe(false)
    expect(await spendTotpStep(db, owner.id, step + 1)).toBe(true)
    expect((await Promise.all([spendTotpStep(db, owner.id, step + 2), spendTotpStep(db, owner.id, step + 2)])).sort()).toEqual([false, true])
    expect(await findAdminById(db, owner.id)).toEqual({ ...owner, totp_last_step: step + 2 })
    // Another account's steps are its own.
    expect(await spendTotpStep(db, other.id, step)).toBe(true)
    expect(await spendTotpStep(db, 'nessuno', step + 10)).toBe(false)
  })

  it('is enrolled from a secret kept on the server for ten minutes, the newest enrolment only', async () => {
    const db = database()
    const owner = await insertAdmin(db, 'nuovo@artigianimilano.it', HASH, null, CREATED)
    const first = await startEnrolment(db, owner.id, SECRET)
    const second = await startEnrolment(db, owner.id, OTHER_SECRET)
    expect(first).toMatch(/^[\w-]{43}$/)
    expect(await enrolmentRows()).toEqual([{ token_hash: sha256Hex(second), user_id: owner.id, secret: OTHER_SECRET, expires_at: seconds(T0) + 600 }])
    expect(await findEnrolment(db, first)).toBeUndefined()
    expect(await findEnrolment(db, second)).toEqual({ user_id: owner.id, secret: OTHER_SECRET, email: 'nuovo@artigianimilano.it', totp_secret: null })
    vi.setSystemTime(T0 + 600_000 - 1000)
    expect(await findEnrolment(db, second)).toMatchObject({ user_id: owner.id })
    vi.setSystemTime(T0 + 600_000)
    expect(await findEnrolment(db, second)).toBeUndefined()

    vi.setSystemTime(T0)
    const third = await startEnrolment(db, owner.id, SECRET)
    await deleteEnrolments(db, owner.id)
    expect(await findEnrolment(db, third)).toBeUndefined()
    expect(await enrolmentRows()).toEqual([])
  })

  it('is set once: of two confirmations at once only one enrols its secret, with the confirming code’s step spent', async () => {
    const db = database()
    const owner = await insertAdmin(db, 'nuovo@artigianimilano.it', HASH, null, CREATED)
    const step = seconds(T0) / 30
    const results = await Promise.all([
      setAdminTotp(db, owner.id, SECRET, step, '2026-11-26T08:00:10.000Z'),
      setAdminTotp(db, owner.id, OTHER_SECRET, step, '2026-11-26T08:00:10.000Z'),
    ])
    expect(results.sort()).toEqual([false, true])
    const enrolled = await findAdminById(db, owner.id)
    expect(enrolled).toMatchObject({ totp_last_step: step, updated_at: '2026-11-26T08:00:10.000Z' })
    expect([SECRET, OTHER_SECRET]).toContain(enrolled!.totp_secret)
    expect(await spendTotpStep(db, owner.id, step)).toBe(false)
    expect(await setAdminTotp(db, owner.id, SECRET, step + 5)).toBe(false)
  })

  it('has recovery codes replaced as a set and each used once, even twice at once; reset, it loses them and any enrolment', async () => {
    const db = database()
    const owner = await insertAdmin(db, 'titolare@artigianimilano.it', HASH, SECRET, CREATED)
    const other = await insertAdmin(db, 'altro@artigianimilano.it', HASH, SECRET, CREATED)
    const codes = ['ABCD-EFGH-JKLM-NPQR', 'STUV-WXYZ-2345-6789', 'QRST-ABCD-WXYZ-2345']
    await replaceRecoveryCodes(db, owner.id, ['OLD1-OLD1-OLD1-OLD1'].map(hashRecoveryCode), CREATED)
    await replaceRecoveryCodes(db, owner.id, codes.map(hashRecoveryCode), CREATED)
    await replaceRecoveryCodes(db, other.id, [hashRecoveryCode(codes[0]!)], CREATED)
    expect(await spendRecoveryCode(db, owner.id, hashRecoveryCode('OLD1-OLD1-OLD1-OLD1'))).toBe(false)
    // Typed in lower case, without dashes: the same code.
    expect(await spendRecoveryCode(db, owner.id, hashRecoveryCode('abcdefghjklmnpqr'), '2026-11-26T08:01:00.000Z')).toBe(true)
    expect(await spendRecoveryCode(db, owner.id, hashRecoveryCode(codes[0]!))).toBe(false)
    const twice = await Promise.all([1, 2].map(() => spendRecoveryCode(db, owner.id, hashRecoveryCode(codes[1]!), '2026-11-26T08:02:00.000Z')))
    expect(twice.sort()).toEqual([false, true])
    expect(await codeRows()).toEqual(
      inOrder([
        { user_id: owner.id, code_hash: hashRecoveryCode(codes[0]!), used_at: '2026-11-26T08:01:00.000Z' },
        { user_id: owner.id, code_hash: hashRecoveryCode(codes[1]!), used_at: '2026-11-26T08:02:00.000Z' },
        { user_id: owner.id, code_hash: hashRecoveryCode(codes[2]!), used_at: null },
        { user_id: other.id, code_hash: hashRecoveryCode(codes[0]!), used_at: null },
      ]),
    )

    await startEnrolment(db, owner.id, OTHER_SECRET)
    await startEnrolment(db, other.id, OTHER_SECRET)
    await spendTotpStep(db, owner.id, 100)
    await clearAdminTotp(db, owner.id, '2026-11-26T08:03:00.000Z')
    expect(await findAdminById(db, owner.id)).toEqual({ ...owner, totp_secret: null, totp_last_step: null, updated_at: '2026-11-26T08:03:00.000Z' })
    expect(await codeRows()).toEqual([{ user_id: other.id, code_hash: hashRecoveryCode(codes[0]!), used_at: null }])
    expect((await enrolmentRows()).map((row) => row.user_id)).toEqual([other.id])
  })
})

import { randomBytes } from 'node:crypto'
import { type DB, inTransaction } from '#db/client.ts'
import type { AdminUser } from '#db/schema.ts'
import { sha256Hex } from '../security/hash.ts'
import { recordAudit } from './audit.ts'
import { normalizeEmail } from '#shared/text.ts'

export function findAdminByEmail(db: DB, email: string): Promise<AdminUser | undefined> {
  return db.selectFrom('admin_users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()
}

export function findAdminById(db: DB, id: string): Promise<AdminUser | undefined> {
  return db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A new administrator's row alone, its second factor enrolled when a TOTP secret is given: createAdministrator adds the audit entries. */
export async function insertAdmin(
  db: DB,
  email: string,
  passwordHash: string,
  totpSecret: string | null = null,
  now = new Date().toISOString(),
): Promise<AdminUser> {
  return db
    .insertInto('admin_users')
    .values({
      id: randomBytes(15).toString('base64url'),
      email: normalizeEmail(email),
      password_hash: passwordHash,
      totp_secret: totpSecret,
      totp_last_step: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * An administrator made from the command line (`npm run admin -- create`), with its creation in the audit log and, when
 * a TOTP secret is given, its second factor's enrolment.
 */
export function createAdministrator(db: DB, email: string, passwordHash: string, totpSecret: string | null): Promise<AdminUser> {
  return inTransaction(db, async (trx) => {
    const admin = await insertAdmin(trx, email, passwordHash, totpSecret)
    const entry = { actorId: null, actorEmail: 'cli', entityType: 'admin_user', entityId: admin.id } as const
    await recordAudit(trx, { ...entry, action: 'create' })
    if (totpSecret) await recordAudit(trx, { ...entry, action: 'second_factor_enrol' })
    return admin
  })
}

export async function setAdminPassword(db: DB, id: string, passwordHash: string, now = new Date().toISOString()): Promise<void> {
  await db.updateTable('admin_users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute()
}

/** Enrols the second factor, unless another request enrolled one first; the step of the confirming code is spent. */
export async function setAdminTotp(db: DB, id: string, secret: string, step: number, now = new Date().toISOString()): Promise<boolean> {
  const result = await db
    .updateTable('admin_users')
    .set({ totp_secret: secret, totp_last_step: step, updated_at: now })
    .where('id', '=', id)
    .where('totp_secret', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Spends a TOTP time step: false when that step or a newer one was already used (a replayed code). */
export async function spendTotpStep(db: DB, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('admin_users')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Removes the second factor and its recovery codes: the next sign-in enrols again. */
export function clearAdminTotp(db: DB, id: string, now = new Date().toISOString()): Promise<void> {
  return inTransaction(db, async (trx) => {
    await trx.updateTable('admin_users').set({ totp_secret: null, totp_last_step: null, updated_at: now }).where('id', '=', id).execute()
    await trx.deleteFrom('admin_recovery_codes').where('user_id', '=', id).execute()
    await deleteEnrolments(trx, id)
  })
}

export function replaceRecoveryCodes(db: DB, userId: string, codeHashes: string[], now = new Date().toISOString()): Promise<void> {
  return inTransaction(db, async (trx) => {
    await trx.deleteFrom('admin_recovery_codes').where('user_id', '=', userId).execute()
    await trx
      .insertInto('admin_recovery_codes')
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
      .execute()
  })
}

/** Uses up a recovery code: false when it is not one of this administrator's or was used before. */
export async function spendRecoveryCode(db: DB, userId: string, codeHash: string, now = new Date().toISOString()): Promise<boolean> {
  const result = await db
    .updateTable('admin_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Enrolments in progress last ten minutes: time to open the app and scan the code. */
const ENROLMENT_TTL_SECONDS = 10 * 60

/** Keeps the secret of a new enrolment on the server and returns the token the sign-in page confirms it with. */
export async function startEnrolment(db: DB, userId: string, secret: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await inTransaction(db, async (trx) => {
    await deleteEnrolments(trx, userId)
    await trx
      .insertInto('admin_totp_enrolments')
      .values({
        token_hash: sha256Hex(token),
        user_id: userId,
        secret,
        expires_at: Math.floor(Date.now() / 1000) + ENROLMENT_TTL_SECONDS,
        created_at: new Date().toISOString(),
      })
      .execute()
  })
  return token
}

/** Ends any enrolment in progress for that administrator. */
export async function deleteEnrolments(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('admin_totp_enrolments').where('user_id', '=', userId).execute()
}

/** The live enrolment of that token, with its administrator. */
export function findEnrolment(db: DB, token: string) {
  return db
    .selectFrom('admin_totp_enrolments')
    .innerJoin('admin_users', 'admin_users.id', 'admin_totp_enrolments.user_id')
    .select(['admin_totp_enrolments.user_id', 'admin_totp_enrolments.secret', 'admin_users.email', 'admin_users.totp_secret'])
    .where('admin_totp_enrolments.token_hash', '=', sha256Hex(token))
    .where('admin_totp_enrolments.expires_at', '>', Math.floor(Date.now() / 1000))
    .executeTakeFirst()
}

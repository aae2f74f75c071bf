import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import type { AdminUser } from '#db/schema.ts'
import {
  confirmEnrolmentSchema,
  CURRENT_PASSWORD_MISSING,
  CURRENT_PASSWORD_WRONG,
  INVALID_CODE,
  INVALID_CREDENTIALS,
  PASSWORD_TOO_COMMON,
  passwordResetRequestSchema,
  signInSchema,
  updatePasswordSchema,
} from '#shared/schemas/admin-auth.ts'
import { isCommonPassword } from '#server/auth/common-passwords.ts'
import { createLucia } from '#server/auth/lucia.ts'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '#server/auth/password.ts'
import { sendPasswordResetEmail } from '#server/auth/password-reset.ts'
import { type MailSetup, mailSetup } from '#server/env.ts'
import { countResetRequest, countSignInAttempt, type Refusal, recordSignIn, refundSignInAttempt, tooManyRequests } from '#server/auth/throttle.ts'
import { normalizeEmail } from '#shared/text.ts'
import { acceptedStep, enrolmentPicture, hashRecoveryCode, isTotpCode, newRecoveryCodes, newTotpSecret } from '#server/auth/totp.ts'
import {
  deleteEnrolments,
  findAdminByEmail,
  findAdminById,
  findEnrolment,
  replaceRecoveryCodes,
  setAdminPassword,
  setAdminTotp,
  spendRecoveryCode,
  spendTotpStep,
  startEnrolment,
} from '#server/repositories/administrators.ts'
import { recordAudit } from '#server/repositories/audit.ts'
import { consumeResetToken, deleteUserSessions, findValidResetToken, invalidateUserResetTokens } from '#server/repositories/sessions.ts'
import { type Context, publicProcedure, router } from '#server/trpc/init.ts'

export const INVALID_RESET_LINK = 'Il link per il reset della password non è valido o è scaduto.'
export const ENROLMENT_EXPIRED = 'La configurazione della verifica in due passaggi è scaduta: accedi di nuovo per ricominciare.'

export type SignInResult =
  | { status: 'signed-in'; id: string; email: string }
  /** The password was right; the account's authenticator code (or a recovery code) is needed. */
  | { status: 'code-required' }
  /** The password was right and the account has no second factor yet: it enrols one before any session exists. */
  | { status: 'enrolment-required'; token: string; secret: string; qrSvg: string }

const signInLimits = (env: Context['env']) => ({
  perAccountAndIp: env.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
  perIp: env.LOGIN_MAX_FAILURES_PER_IP,
  perAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  windowMinutes: env.LOGIN_FAILURE_WINDOW_MINUTES,
  maxDelaySeconds: env.LOGIN_MAX_DELAY_SECONDS,
})

function refuse(ctx: Context, refusal: Refusal, what: string): never {
  ctx.logger.warn({ retryAfterSeconds: refusal.retryAfterSeconds }, `${what} refused: too many attempts`)
  throw tooManyRequests(ctx.responseHeaders, refusal, 'Troppi tentativi non riusciti.')
}

/** Counts the attempt, then checks the password; unknown e-mails cost the same argon2 verification and get the same answers. */
async function checkPassword(ctx: Context, email: string, password: string): Promise<AdminUser> {
  const refusal = await countSignInAttempt(ctx.db, email, ctx.ip, signInLimits(ctx.env))
  if (refusal) refuse(ctx, refusal, 'admin sign-in')
  const admin = await findAdminByEmail(ctx.db, email)
  const ok = admin ? await verifyPassword(admin.password_hash, password) : await verifyAgainstDummy(password)
  if (!admin || !ok) {
    ctx.logger.warn('admin sign-in failed: wrong credentials')
    throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS })
  }
  return admin
}

/** A TOTP code newer than the last one used, or an unused recovery code; either is spent by this call. */
async function spendCode(ctx: Context, admin: AdminUser & { totp_secret: string }, code: string): Promise<boolean> {
  if (isTotpCode(code)) {
    const step = acceptedStep(admin.totp_secret, code, admin.totp_last_step)
    return step !== null && (await spendTotpStep(ctx.db, admin.id, step))
  }
  if (!(await spendRecoveryCode(ctx.db, admin.id, hashRecoveryCode(code)))) return false
  await recordAudit(ctx.db, { actorId: admin.id, actorEmail: null, action: 'recovery_code_use', entityType: 'admin_user', entityId: admin.id })
  return true
}

async function openSession(ctx: Context, admin: { id: string; email: string }) {
  const auth = createLucia(ctx.db, ctx.env.PUBLIC_URL)
  if (ctx.user) await auth.invalidateSession(ctx.user.sessionId)
  const session = await auth.createSession(admin.id, {})
  ctx.responseHeaders.append('Set-Cookie', auth.createSessionCookie(session.id).serialize())
  await recordSignIn(ctx.db, admin.email, ctx.ip)
}

/**
 * Sign-in with a second factor, sign-out and password recovery. These are the only admin procedures reachable
 * without a session; each checks what it needs itself.
 */
export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => (ctx.user ? { id: ctx.user.id, email: ctx.user.email } : null)),

  signIn: publicProcedure.input(signInSchema).mutation(async ({ ctx, input }): Promise<SignInResult> => {
    const email = normalizeEmail(input.email)
    const admin = await checkPassword(ctx, email, input.password)
    const { totp_secret } = admin
    if (!totp_secret) {
      await refundSignInAttempt(ctx.db, email, ctx.ip)
      const secret = newTotpSecret()
      const token = await startEnrolment(ctx.db, admin.id, secret)
      ctx.logger.info({ adminId: admin.id }, 'admin second factor enrolment started')
      return { status: 'enrolment-required', token, secret, qrSvg: enrolmentPicture(secret, admin.email).qrSvg }
    }
    if (!input.code) {
      await refundSignInAttempt(ctx.db, email, ctx.ip)
      return { status: 'code-required' }
    }
    if (!(await spendCode(ctx, { ...admin, totp_secret }, input.code))) {
      ctx.logger.warn({ adminId: admin.id }, 'admin sign-in failed: wrong or reused code')
      throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CODE })
    }
    await openSession(ctx, admin)
    ctx.logger.info({ adminId: admin.id }, 'admin signed in')
    return { status: 'signed-in', id: admin.id, email: admin.email }
  }),

  /** Ends an enrolment: the code proves the phone holds the secret; answers the recovery codes, shown this once. */
  confirmEnrolment: publicProcedure.input(confirmEnrolmentSchema).mutation(async ({ ctx, input }) => {
    const enrolment = await findEnrolment(ctx.db, input.token)
    const refusal = await countSignInAttempt(ctx.db, enrolment?.email ?? '', ctx.ip, signInLimits(ctx.env))
    if (refusal) refuse(ctx, refusal, 'admin second factor enrolment')
    if (!enrolment || enrolment.totp_secret) throw new TRPCError({ code: 'BAD_REQUEST', message: ENROLMENT_EXPIRED })
    const step = isTotpCode(input.code) ? acceptedStep(enrolment.secret, input.code, null) : null
    if (step === null) {
      ctx.logger.warn({ adminId: enrolment.user_id }, 'admin second factor enrolment failed: wrong code')
      throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CODE })
    }
    const recoveryCodes = newRecoveryCodes()
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await setAdminTotp(trx, enrolment.user_id, enrolment.secret, step))) throw new TRPCError({ code: 'BAD_REQUEST', message: ENROLMENT_EXPIRED })
      await deleteEnrolments(trx, enrolment.user_id)
      await replaceRecoveryCodes(trx, enrolment.user_id, recoveryCodes.map(hashRecoveryCode))
      // Sessions from before the factor are not trusted: enrolment starts from a fresh one.
      await deleteUserSessions(trx, enrolment.user_id)
      await recordAudit(trx, {
        actorId: enrolment.user_id,
        actorEmail: null,
        action: 'second_factor_enrol',
        entityType: 'admin_user',
        entityId: enrolment.user_id,
      })
    })
    const user = { id: enrolment.user_id, email: enrolment.email }
    await openSession(ctx, user)
    ctx.logger.info({ adminId: user.id }, 'admin second factor enrolled; signed in')
    return { user, recoveryCodes }
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    const auth = createLucia(ctx.db, ctx.env.PUBLIC_URL)
    if (ctx.user) await auth.invalidateSession(ctx.user.sessionId)
    ctx.responseHeaders.append('Set-Cookie', auth.createBlankSessionCookie().serialize())
    return { ok: true as const }
  }),

  /**
   * Always answers the same and at once, whether or not the e-mail belongs to an administrator: the link is
   * made and queued after the answer, so its cost does not show in the response time. Only a signed-in
   * administrator also learns whether this server sends mail at all; to anyone else the answer reveals nothing.
   */
  requestPasswordReset: publicProcedure.input(passwordResetRequestSchema).mutation(async ({ ctx, input }): Promise<{ ok: true; mail?: MailSetup }> => {
    const email = normalizeEmail(input.email)
    const refusal = await countResetRequest(ctx.db, email, ctx.ip, {
      perAccount: ctx.env.PASSWORD_RESET_MAX_PER_ACCOUNT,
      perIp: ctx.env.PASSWORD_RESET_MAX_PER_IP,
    })
    if (refusal) {
      ctx.logger.warn('password reset refused: too many requests')
      throw tooManyRequests(ctx.responseHeaders, refusal, 'Troppe richieste di recupero password.')
    }
    const admin = await findAdminByEmail(ctx.db, email)
    if (admin) {
      setImmediate(() => {
        sendPasswordResetEmail(ctx.db, ctx.env.PUBLIC_URL, admin, ctx.logger).catch((error: unknown) =>
          ctx.logger.error({ err: error, adminId: admin.id }, 'password reset e-mail not queued'),
        )
      })
    }
    return ctx.user ? { ok: true as const, mail: mailSetup(ctx.env) } : { ok: true as const }
  }),

  // A mutation, so the token travels in a request body and never in a URL that proxies log.
  verifyResetToken: publicProcedure
    .input(z.object({ token: z.string().max(200) }))
    .mutation(async ({ ctx, input }) => ({ valid: Boolean(await findValidResetToken(ctx.db, input.token)) })),

  updatePassword: publicProcedure.input(updatePasswordSchema).mutation(async ({ ctx, input }) => {
    let userId: string
    let tokenHash: string | undefined
    if (input.token) {
      const found = await findValidResetToken(ctx.db, input.token)
      if (!found) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_RESET_LINK })
      userId = found.userId
      tokenHash = found.tokenHash
    } else if (ctx.user) {
      userId = ctx.user.id
      if (!input.currentPassword) throw new TRPCError({ code: 'BAD_REQUEST', message: CURRENT_PASSWORD_MISSING })
      // Counted like a sign-in, so a session left open does not let anyone guess the password.
      const refusal = await countSignInAttempt(ctx.db, ctx.user.email, ctx.ip, signInLimits(ctx.env))
      if (refusal) refuse(ctx, refusal, 'admin password change')
      const admin = await findAdminById(ctx.db, userId)
      if (!admin || !(await verifyPassword(admin.password_hash, input.currentPassword))) {
        ctx.logger.warn({ adminId: userId }, 'admin password change refused: wrong current password')
        throw new TRPCError({ code: 'BAD_REQUEST', message: CURRENT_PASSWORD_WRONG })
      }
      await refundSignInAttempt(ctx.db, ctx.user.email, ctx.ip)
    } else {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_RESET_LINK })
    }
    if (await isCommonPassword(input.password)) throw new TRPCError({ code: 'BAD_REQUEST', message: PASSWORD_TOO_COMMON })
    const passwordHash = await hashPassword(input.password)
    await ctx.db.transaction().execute(async (trx) => {
      if (tokenHash && !(await consumeResetToken(trx, tokenHash))) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_RESET_LINK })
      await setAdminPassword(trx, userId, passwordHash)
      await invalidateUserResetTokens(trx, userId)
      // A new password ends every session, including any an intruder may hold.
      await deleteUserSessions(trx, userId)
      await recordAudit(trx, { actorId: userId, actorEmail: null, action: 'password_change', entityType: 'admin_user', entityId: userId })
    })
    ctx.responseHeaders.append('Set-Cookie', createLucia(ctx.db, ctx.env.PUBLIC_URL).createBlankSessionCookie().serialize())
    ctx.logger.info({ adminId: userId }, 'admin password changed')
    return { ok: true as const }
  }),
})

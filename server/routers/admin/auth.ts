import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { INVALID_CREDENTIALS, passwordResetRequestSchema, signInSchema, updatePasswordSchema } from '../../../src/schemas/admin-auth.ts'
import { clearAccountFailures, isLoginBlocked, recordLoginFailure } from '../../auth/login-limit.ts'
import { createLucia } from '../../auth/lucia.ts'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/password.ts'
import { sendPasswordResetEmail } from '../../auth/password-reset.ts'
import { findAdminByEmail, normalizeEmail, setAdminPassword } from '../../repositories/admin-users.ts'
import { recordAudit } from '../../repositories/audit.ts'
import { consumeResetToken, deleteUserSessions, findValidResetToken, invalidateUserResetTokens } from '../../repositories/sessions.ts'
import { publicProcedure, router } from '../../trpc/init.ts'

export const INVALID_RESET_LINK = 'Il link per il reset della password non è valido o è scaduto.'

/**
 * Sign-in, sign-out and password recovery. These are the only admin procedures reachable without a
 * session; each checks what it needs itself.
 */
export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => (ctx.user ? { id: ctx.user.id, email: ctx.user.email } : null)),

  signIn: publicProcedure.input(signInSchema).mutation(async ({ ctx, input }) => {
    const email = normalizeEmail(input.email)
    const limits = {
      perAccount: ctx.env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perIp: ctx.env.LOGIN_MAX_FAILURES_PER_IP,
      windowMinutes: ctx.env.LOGIN_FAILURE_WINDOW_MINUTES,
    }
    if (await isLoginBlocked(ctx.db, email, ctx.ip, limits)) {
      ctx.logger.warn('admin sign-in refused: too many failed attempts')
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `Troppi tentativi di accesso non riusciti. Riprova tra ${limits.windowMinutes} minuti.`,
      })
    }
    // Counted before the slow check, so parallel guesses cannot slip past the limit.
    await recordLoginFailure(ctx.db, email, ctx.ip)
    const admin = await findAdminByEmail(ctx.db, email)
    const ok = admin ? await verifyPassword(admin.password_hash, input.password) : await verifyAgainstDummy(input.password)
    if (!admin || !ok) {
      ctx.logger.warn('admin sign-in failed: wrong credentials')
      throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS })
    }
    await clearAccountFailures(ctx.db, email)
    const auth = createLucia(ctx.db, ctx.env.PUBLIC_URL)
    if (ctx.user) await auth.invalidateSession(ctx.user.sessionId)
    const session = await auth.createSession(admin.id, {})
    ctx.responseHeaders.append('Set-Cookie', auth.createSessionCookie(session.id).serialize())
    ctx.logger.info({ adminId: admin.id }, 'admin signed in')
    return { id: admin.id, email: admin.email }
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    const auth = createLucia(ctx.db, ctx.env.PUBLIC_URL)
    if (ctx.user) await auth.invalidateSession(ctx.user.sessionId)
    ctx.responseHeaders.append('Set-Cookie', auth.createBlankSessionCookie().serialize())
    return { ok: true as const }
  }),

  /** Always answers the same, whether or not the e-mail belongs to an administrator. */
  requestPasswordReset: publicProcedure.input(passwordResetRequestSchema).mutation(async ({ ctx, input }) => {
    const admin = await findAdminByEmail(ctx.db, input.email)
    if (admin) await sendPasswordResetEmail(ctx.db, ctx.env.PUBLIC_URL, admin, ctx.logger)
    return { ok: true as const }
  }),

  // A mutation, so the token travels in a request body and never in a URL that proxies log.
  verifyResetToken: publicProcedure.input(z.object({ token: z.string().max(200) })).mutation(async ({ ctx, input }) => ({
    valid: Boolean(await findValidResetToken(ctx.db, input.token)),
  })),

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
    } else {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_RESET_LINK })
    }
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

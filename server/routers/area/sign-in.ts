import { createArtisanAuth } from '#server/auth/artisan-auth.ts'
import { blankBindingCookie, logSignIn, newBinding, sendSignInMail, signInWithCode } from '#server/auth/artisan-sign-in.ts'
import { countSignInLinkRequest, tooManyRequests } from '#server/auth/throttle.ts'
import { findAreaArtisanByEmail } from '#server/repositories/artisan-sign-in.ts'
import { fieldError, publicProcedure, router } from '#server/trpc/init.ts'
import { signInRequestSchema, verifySignInCodeSchema } from '#shared/schemas/artisan-sign-in.ts'
import { normalizeEmail } from '#shared/text.ts'

/** "Area artigiani" → "Accedi": a mail with a link and a code, and the code typed where the link cannot sign in. */
export const signInRouter = router({
  /**
   * Answers the same, with the same cookie and at once, whatever the address: whether it is a craftsman's of the area is
   * looked up after the answer, and only then is the mail made and queued (as admin.auth.requestPasswordReset does).
   */
  request: publicProcedure.input(signInRequestSchema).mutation(async ({ ctx, input }) => {
    const email = normalizeEmail(input.email)
    const refusal = await countSignInLinkRequest(ctx.db, email, ctx.ip, {
      perAccount: ctx.env.ARTISAN_SIGN_IN_MAX_PER_EMAIL,
      perAccountPerDay: ctx.env.ARTISAN_SIGN_IN_MAX_PER_EMAIL_PER_DAY,
      perIp: ctx.env.ARTISAN_SIGN_IN_MAX_PER_IP,
    })
    if (refusal) {
      ctx.logger.warn('artisan sign-in mail refused: too many requests')
      throw tooManyRequests(ctx.responseHeaders, refusal, 'Troppe richieste di accesso.')
    }
    const binding = newBinding(ctx.env.PUBLIC_URL)
    ctx.responseHeaders.append('Set-Cookie', binding.cookie)
    const { db, env, logger } = ctx
    setImmediate(() => {
      ;(async () => {
        const artisan = await findAreaArtisanByEmail(db, email)
        if (!artisan) return
        await sendSignInMail(db, env.PUBLIC_URL, artisan, { bindingHash: binding.hash, redirect: input.redirect })
        logger.info({ artisanId: artisan.id }, 'artisan sign-in mail queued')
      })().catch((error: unknown) => logger.error({ err: error }, 'artisan sign-in mail not queued'))
    })
    return { ok: true as const }
  }),

  /** The mail's code: with the link's token (another browser), or without it in the browser that asked. */
  verifyCode: publicProcedure.input(verifySignInCodeSchema).mutation(async ({ ctx, input }) => {
    const outcome = await signInWithCode(ctx.db, ctx.env.PUBLIC_URL, input, ctx.headers?.get('cookie') ?? undefined)
    logSignIn(ctx.logger, outcome, 'code')
    if (outcome.kind === 'refused') throw fieldError(['code'], outcome.message)
    // A session this browser held before (another craftsman's, say) ends with the new one.
    if (ctx.artisan) await createArtisanAuth(ctx.db, ctx.env.PUBLIC_URL).invalidateSession(ctx.artisan.sessionId)
    ctx.responseHeaders.append('Set-Cookie', outcome.signedIn.sessionCookie)
    ctx.responseHeaders.append('Set-Cookie', blankBindingCookie(ctx.env.PUBLIC_URL))
    return { redirect: outcome.signedIn.redirect }
  }),
})

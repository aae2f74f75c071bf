import { createArtisanAuth } from '#server/auth/artisan-auth.ts'
import { byArtisan, recordAudit } from '#server/repositories/audit.ts'
import { deleteArtisanSessions } from '#server/repositories/artisan-sessions.ts'
import { artisanProcedure, publicProcedure, router } from '#server/trpc/init.ts'

/** Who is signed in to the area, and signing out of this device or of all of them. */
export const sessionRouter = router({
  /** The signed-in craftsman's name and e-mail, or null: the area's pages ask before showing anything. */
  me: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.artisan) return null
    const row = await ctx.db
      .selectFrom('artisans')
      .select(['id', 'contact_name', 'company_name', 'email', 'status', 'paused_until'])
      .where('id', '=', ctx.artisan.id)
      .executeTakeFirst()
    if (!row) return null
    return {
      id: row.id,
      name: row.company_name || row.contact_name,
      contactName: row.contact_name,
      email: row.email,
      status: row.status,
      pausedUntil: row.paused_until,
    }
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    const auth = createArtisanAuth(ctx.db, ctx.env.PUBLIC_URL)
    if (ctx.artisan) await auth.invalidateSession(ctx.artisan.sessionId)
    ctx.responseHeaders.append('Set-Cookie', auth.createBlankSessionCookie().serialize())
    return { ok: true as const }
  }),

  /** "Esci da tutti i dispositivi": every session of this craftsman ends, this one included. */
  signOutEverywhere: artisanProcedure.mutation(async ({ ctx }) => {
    const auth = createArtisanAuth(ctx.db, ctx.env.PUBLIC_URL)
    const ended = await ctx.db.transaction().execute(async (trx) => {
      const count = await deleteArtisanSessions(trx, ctx.artisan.id)
      await recordAudit(trx, {
        ...byArtisan(ctx.artisan),
        action: 'sessions_ended',
        entityType: 'artisan',
        entityId: ctx.artisan.id,
        details: { sessions: count },
      })
      return count
    })
    ctx.responseHeaders.append('Set-Cookie', auth.createBlankSessionCookie().serialize())
    ctx.logger.info({ artisanId: ctx.artisan.id, sessions: ended }, 'artisan signed out everywhere')
    return { ok: true as const }
  }),
})

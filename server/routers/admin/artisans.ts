import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import {
  ARTISAN_PAGE_SIZE,
  type ArtisanFormOutput,
  artisanFormSchema,
  artisanListSchema,
  artisanStatusLabel,
  coverageFormSchema,
  pauseFormSchema,
  toSectorCoverage,
} from '#shared/schemas/artisan.ts'
import { followArtisanEdit, followArtisanRemoval, publishedAmong } from '#server/repositories/artisan-profiles.ts'
import { countArtisanSessions, deleteArtisanSessions } from '#server/repositories/artisan-sessions.ts'
import { auditHistory, byAdministrator, recordAudit } from '#server/repositories/audit.ts'
import {
  type ArtisanInput,
  type ArtisanView,
  deleteArtisan,
  findArtisanById,
  insertArtisan,
  listArtisans,
  toArtisanView,
  updateArtisan,
} from '#server/repositories/artisans.ts'
import { artisansWithUnmatchedZones, findCoverage, replaceCoverage, setPause } from '#server/repositories/coverage.ts'
import { artisanOffers, artisanResponseStats } from '#server/repositories/response-metrics.ts'
import { adminProcedure, fieldError, router } from '#server/trpc/init.ts'
import { sendSignInMail } from '#server/auth/artisan-sign-in.ts'
import { ARTISAN_AREA_STATUSES } from '#shared/artisan-area.ts'
import { signInLinkRefused } from '#shared/artisan-sign-in.ts'

const NOT_FOUND = 'Artigiano non trovato.'
const idInput = z.object({ id: z.number().int().positive() })
const offersInput = idInput.extend({ page: z.number().int().min(1).max(100_000).default(1) })
const coverageInput = idInput.extend({ values: coverageFormSchema })
/** The pause is checked against the Italian day of the request. */
const pauseInput = idInput.extend({ pause: pauseFormSchema().nullable() })

const toInput = (values: ArtisanFormOutput): ArtisanInput => ({
  companyName: values.company_name,
  vatNumber: values.vat_number,
  contactName: values.contact_name,
  email: values.email,
  phone: values.phone,
  specializationSectors: values.specialization_sectors,
  operativeZones: values.operative_zones,
  status: values.status,
  notes: values.notes,
  profileImageUrl: values.profile_image_url,
  isVerified: values.is_verified,
})

/** Names of the fields an update changed; values stay out of the audit log, which is about who and when. */
function changedFields(before: ArtisanView, after: ArtisanFormOutput): string[] {
  return (Object.keys(after) as Array<keyof ArtisanFormOutput>).filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
}

export const artisansRouter = router({
  /** How a craftsman answers offers (totals, reasons, median time, rating) and one page of the leads offered. */
  responses: adminProcedure.input(offersInput).query(async ({ ctx, input }) => {
    if (!(await findArtisanById(ctx.db, input.id))) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    const [stats, offers] = await Promise.all([artisanResponseStats(ctx.db, input.id), artisanOffers(ctx.db, input.id, input.page)])
    return { stats, offers }
  }),

  /** One page of artisans, each marked with whether their profile is public (the list's "Pubblico"). */
  list: adminProcedure.input(artisanListSchema).query(async ({ ctx, input }) => {
    const { page, ...filters } = input
    const list = await listArtisans(ctx.db, filters, page ?? 1, ARTISAN_PAGE_SIZE)
    const published = await publishedAmong(
      ctx.db,
      list.rows.map((row) => row.id),
    )
    return { ...list, rows: list.rows.map((row) => ({ ...row, public_profile: published.has(row.id) })) }
  }),

  /** The artisan with the history of who created and changed it. */
  byId: adminProcedure.input(idInput).query(async ({ ctx, input }) => {
    const artisan = await findArtisanById(ctx.db, input.id)
    if (!artisan) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    const [history, coverage] = await Promise.all([auditHistory(ctx.db, 'artisan', artisan.id), findCoverage(ctx.db, artisan.id)])
    return {
      artisan,
      coverage,
      history: history.map((entry) => ({
        id: entry.id,
        at: entry.created_at,
        action: entry.action,
        actor: entry.actor_email,
        /** Who made the change: an administrator (actor is their e-mail), the craftsman from their area, or the system. */
        actorKind: entry.actor_kind,
        details: entry.details ? (JSON.parse(entry.details) as { fields?: string[]; status?: { from: string; to: string } }) : null,
      })),
    }
  }),

  /** The craftsman's use of their area: when they last signed in (null: never) and on how many devices they are signed in now. */
  areaAccess: adminProcedure.input(idInput).query(async ({ ctx, input }) => {
    const [artisan, sessions] = await Promise.all([
      ctx.db.selectFrom('artisans').select('last_sign_in_at').where('id', '=', input.id).executeTakeFirst(),
      countArtisanSessions(ctx.db, input.id),
    ])
    if (!artisan) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    return { lastSignInAt: artisan.last_sign_in_at, sessions }
  }),

  /** "Termina tutte le sessioni": every device of the craftsman is signed out of the area; their next request finds no session. */
  endAreaSessions: adminProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    const ended = await ctx.db.transaction().execute(async (trx) => {
      if (!(await findArtisanById(trx, input.id))) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      const count = await deleteArtisanSessions(trx, input.id)
      await recordAudit(trx, {
        ...byAdministrator(ctx.user),
        action: 'sessions_ended',
        entityType: 'artisan',
        entityId: input.id,
        details: { sessions: count },
      })
      return count
    })
    ctx.logger.info({ artisanId: input.id, adminId: ctx.user.id, sessions: ended }, 'artisan area sessions ended by the office')
    return { ended }
  }),

  /** How many craftsmen have zones that name no comune, and the newest of them, for the office to fix. */
  unmatchedZones: adminProcedure.query(({ ctx }) => artisansWithUnmatchedZones(ctx.db)),

  /**
   * Replaces where a craftsman takes requests, sector by sector (only their own sectors), with the comuni each reaches
   * written in the same transaction; saving it marks their unmatched zones as dealt with.
   */
  setCoverage: adminProcedure.input(coverageInput).mutation(async ({ ctx, input }) => {
    const coverage = await ctx.db.transaction().execute(async (trx) => {
      const artisan = await findArtisanById(trx, input.id)
      if (!artisan) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      const index = input.values.coverage.findIndex((entry) => !artisan.specialization_sectors.includes(entry.sector))
      if (index >= 0) {
        throw fieldError(['coverage', index, 'sector'], `${input.values.coverage[index]!.sector} non è tra i settori dell’artigiano: aggiungilo da “Modifica”.`)
      }
      await replaceCoverage(trx, artisan.id, input.values.coverage.map(toSectorCoverage))
      await recordAudit(trx, {
        ...byAdministrator(ctx.user),
        action: 'coverage',
        entityType: 'artisan',
        entityId: artisan.id,
        details: { sectors: input.values.coverage.map((entry) => entry.sector) },
      })
      return findCoverage(trx, artisan.id)
    })
    ctx.logger.info({ artisanId: input.id, adminId: ctx.user.id, sectors: coverage.length }, 'artisan coverage saved')
    return coverage
  }),

  /** Pauses a craftsman until a day (inclusive) with a reason, or resumes them (null): paused, they are never matched. */
  setPause: adminProcedure.input(pauseInput).mutation(async ({ ctx, input }) => {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const row = await setPause(trx, input.id, input.pause)
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      await recordAudit(trx, {
        ...byAdministrator(ctx.user),
        action: input.pause ? 'pause' : 'resume',
        entityType: 'artisan',
        entityId: row.id,
        details: input.pause ? { until: input.pause.until } : undefined,
      })
      return row
    })
    ctx.logger.info({ artisanId: input.id, adminId: ctx.user.id, pausedUntil: row.paused_until }, input.pause ? 'artisan paused' : 'artisan resumed')
    return row
  }),

  create: adminProcedure.input(artisanFormSchema).mutation(async ({ ctx, input }) => {
    const artisan = await ctx.db.transaction().execute(async (trx) => {
      const row = await insertArtisan(trx, { ...toInput(input), source: 'admin' })
      await recordAudit(trx, { ...byAdministrator(ctx.user), action: 'create', entityType: 'artisan', entityId: row.id })
      return row
    })
    ctx.logger.info({ artisanId: artisan.id, adminId: ctx.user.id }, 'artisan created')
    return toArtisanView(artisan)
  }),

  update: adminProcedure.input(z.object({ id: z.number().int().positive(), values: artisanFormSchema })).mutation(async ({ ctx, input }) => {
    const { values } = input
    const artisan = await ctx.db.transaction().execute(async (trx) => {
      const before = await findArtisanById(trx, input.id)
      if (!before) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      const row = await updateArtisan(trx, input.id, toInput(values))
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      const fields = changedFields(before, values)
      const { unpublished } = await followArtisanEdit(trx, before, row)
      await recordAudit(trx, {
        ...byAdministrator(ctx.user),
        action: 'update',
        entityType: 'artisan',
        entityId: row.id,
        details: {
          fields,
          ...(before.status !== values.status ? { status: { from: before.status, to: values.status } } : {}),
          ...(unpublished ? { profileUnpublished: true } : {}),
        },
      })
      return row
    })
    ctx.logger.info({ artisanId: artisan.id, adminId: ctx.user.id }, 'artisan updated')
    return toArtisanView(artisan)
  }),

  /** "Invia link di accesso": the sign-in mail of the area, to a craftsman in it; the link always asks for the mail's code. */
  sendSignInLink: adminProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    const artisan = await findArtisanById(ctx.db, input.id)
    if (!artisan) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    if (!(ARTISAN_AREA_STATUSES as readonly string[]).includes(artisan.status)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: signInLinkRefused(artisanStatusLabel(artisan.status)) })
    }
    await sendSignInMail(ctx.db, ctx.env.PUBLIC_URL, artisan, {
      bindingHash: null,
      alongside: (trx) => recordAudit(trx, { ...byAdministrator(ctx.user), action: 'sign_in_link_sent', entityType: 'artisan', entityId: artisan.id }),
    })
    ctx.logger.info({ artisanId: artisan.id, adminId: ctx.user.id }, 'artisan sign-in mail queued by the office')
    return { ok: true as const, email: artisan.email }
  }),

  remove: adminProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    await ctx.db.transaction().execute(async (trx) => {
      await followArtisanRemoval(trx, input.id)
      const row = await deleteArtisan(trx, input.id)
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
      await recordAudit(trx, { ...byAdministrator(ctx.user), action: 'delete', entityType: 'artisan', entityId: row.id })
    })
    ctx.logger.info({ artisanId: input.id, adminId: ctx.user.id }, 'artisan deleted')
    return { ok: true as const }
  }),
})

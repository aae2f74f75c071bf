import { TRPCError } from '@trpc/server'
import type { DB } from '#db/client.ts'
import type { ArtisanProfile } from '#db/schema.ts'
import {
  consentInput,
  descriptionInput,
  isValidPartitaIva,
  PHOTO_NOT_FOUND,
  photoCaptionInput,
  photoInput,
  photoMoveInput,
  PUBLISH_NOT_ACTIVE,
  PUBLISH_WITHOUT_CONSENT,
  profileInput,
  SLUG_FROZEN_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  slugInput,
  DATE_INVALID,
  VAT_NOT_VALID,
  verificationInput,
} from '#shared/schemas/artisan-profile.ts'
import { isCalendarDay, romeDay } from '#shared/italian-time.ts'
import { PROFILE_CONSENT_TEXT } from '#shared/reviews.ts'
import { bumpPublicVersion } from '#server/profiles/public-version.ts'
import {
  deletePhoto,
  everPublished,
  findPhoto,
  findProfile,
  listPhotos,
  movePhoto,
  saveProfile,
  slugTaken,
  uniqueProposedSlug,
  updatePhotoCaption,
} from '#server/repositories/artisan-profiles.ts'
import { findArtisanById } from '#server/repositories/artisans.ts'
import { byAdministrator, recordAudit } from '#server/repositories/audit.ts'
import { adminProcedure, fieldError, router, type SessionUser } from '#server/trpc/init.ts'

const NOT_FOUND = 'Artigiano non trovato.'

/** The instant of a day the office typed (Italian calendar): now when it is today or not given, else midday UTC of it. */
function instantOf(day: string | undefined, now: Date): string {
  if (!day || day === romeDay(now.getTime())) return now.toISOString()
  if (!isCalendarDay(day) || day > romeDay(now.getTime()) || day < '2000-01-01') throw fieldError(['day'], DATE_INVALID)
  return new Date(`${day}T12:00:00.000Z`).toISOString()
}

/**
 * One change to a craftsman's profile, as every change is made: in one transaction with the public version bumped (the
 * public pages' caches drop what they hold) and an audit entry naming the action; the profile is created with its
 * proposed slug the first time the office touches it. `details` holds names and flags, never what was typed.
 */
async function changeProfile<T>(
  db: DB,
  user: SessionUser,
  artisanId: number,
  action: string,
  change: (trx: DB, profile: ArtisanProfile | undefined, artisan: NonNullable<Awaited<ReturnType<typeof findArtisanById>>>) => Promise<T>,
  details?: Record<string, unknown>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const artisan = await findArtisanById(trx, artisanId)
    if (!artisan) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    const result = await change(trx, await findProfile(trx, artisanId), artisan)
    await bumpPublicVersion(trx)
    await recordAudit(trx, { ...byAdministrator(user), action, entityType: 'artisan', entityId: artisanId, ...(details ? { details } : {}) })
    return result
  })
}

/** The slug a new profile gets: the proposed one, unique. */
const slugFor = (trx: DB, artisan: { id: number; company_name: string | null; contact_name: string }) =>
  uniqueProposedSlug(trx, artisan.company_name, artisan.contact_name, artisan.id)

const VERIFICATION_COLUMNS = { vat: 'vat_checked_at', identity: 'identity_checked_at', insurance: 'insurance_checked_at' } as const

export const artisanProfilesRouter = router({
  /** The profile (or what a new one would start from), the portfolio without bytes, and whether the VAT number can be checked. */
  byArtisan: adminProcedure.input(profileInput).query(async ({ ctx, input }) => {
    const artisan = await findArtisanById(ctx.db, input.artisanId)
    if (!artisan) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND })
    const [profile, photos] = await Promise.all([findProfile(ctx.db, artisan.id), listPhotos(ctx.db, artisan.id)])
    const recorder = profile?.consent_recorded_by
      ? await ctx.db.selectFrom('admin_users').select('email').where('id', '=', profile.consent_recorded_by).executeTakeFirst()
      : undefined
    return {
      profile: profile ?? null,
      consentRecordedBy: recorder?.email ?? null,
      proposedSlug: profile?.slug ?? (await slugFor(ctx.db, artisan)),
      slugEditable: !profile || !everPublished(profile),
      vatValid: isValidPartitaIva(artisan.vat_number),
      artisanActive: artisan.status === 'active',
      consentText: PROFILE_CONSENT_TEXT,
      photos,
    }
  }),

  setSlug: adminProcedure.input(slugInput).mutation(async ({ ctx, input }) => {
    await changeProfile(ctx.db, ctx.user, input.artisanId, 'profile_slug', async (trx, profile) => {
      if (profile && everPublished(profile) && profile.slug !== input.slug) throw fieldError(['slug'], SLUG_FROZEN_MESSAGE)
      if (await slugTaken(trx, input.slug, input.artisanId)) throw fieldError(['slug'], SLUG_TAKEN_MESSAGE)
      await saveProfile(trx, input.artisanId, input.slug, { slug: input.slug })
    })
    ctx.logger.info({ artisanId: input.artisanId, adminId: ctx.user.id }, 'artisan profile slug set')
    return { ok: true as const }
  }),

  recordConsent: adminProcedure.input(consentInput).mutation(async ({ ctx, input }) => {
    const consentAt = instantOf(input.day, new Date())
    await changeProfile(ctx.db, ctx.user, input.artisanId, 'profile_consent', async (trx, profile, artisan) => {
      await saveProfile(trx, artisan.id, profile?.slug ?? (await slugFor(trx, artisan)), {
        consent_at: consentAt,
        consent_text: PROFILE_CONSENT_TEXT,
        consent_recorded_by: ctx.user.id,
      })
    })
    ctx.logger.info({ artisanId: input.artisanId, adminId: ctx.user.id }, 'artisan profile consent recorded')
    return { ok: true as const }
  }),

  /** The craftsman withdrew consent: it is cleared, and a published profile goes private at once. */
  withdrawConsent: adminProcedure.input(profileInput).mutation(async ({ ctx, input }) => {
    const now = new Date().toISOString()
    const unpublished = await changeProfile(ctx.db, ctx.user, input.artisanId, 'profile_consent_withdrawn', async (trx, profile) => {
      if (!profile) return false
      const wasPublished = profile.published_at !== null
      await saveProfile(trx, input.artisanId, profile.slug, {
        consent_at: null,
        consent_text: null,
        consent_recorded_by: null,
        ...(wasPublished ? { published_at: null, unpublished_at: now } : {}),
      })
      return wasPublished
    })
    ctx.logger.info({ artisanId: input.artisanId, adminId: ctx.user.id, unpublished }, 'artisan profile consent withdrawn')
    return { ok: true as const, unpublished }
  }),

  setDescription: adminProcedure.input(descriptionInput).mutation(async ({ ctx, input }) => {
    await changeProfile(ctx.db, ctx.user, input.artisanId, 'profile_description', async (trx, profile, artisan) => {
      await saveProfile(trx, artisan.id, profile?.slug ?? (await slugFor(trx, artisan)), { description: input.description || null })
    })
    ctx.logger.info({ artisanId: input.artisanId, adminId: ctx.user.id }, 'artisan profile description saved')
    return { ok: true as const }
  }),

  /** Records or clears one verification, with its day; the VAT number only when it is a well-formed Partita IVA. */
  setVerification: adminProcedure.input(verificationInput).mutation(async ({ ctx, input }) => {
    const at = input.checked ? instantOf(input.day, new Date()) : null
    await changeProfile(
      ctx.db,
      ctx.user,
      input.artisanId,
      'profile_verification',
      async (trx, profile, artisan) => {
        if (input.checked && input.kind === 'vat' && !isValidPartitaIva(artisan.vat_number)) throw fieldError(['kind'], VAT_NOT_VALID)
        await saveProfile(trx, artisan.id, profile?.slug ?? (await slugFor(trx, artisan)), {
          [VERIFICATION_COLUMNS[input.kind]]: at,
          ...(input.kind === 'insurance' ? { insurance_note: input.checked ? (input.note ?? null) : null } : {}),
        })
      },
      { kind: input.kind, checked: input.checked },
    )
    ctx.logger.info({ artisanId: input.artisanId, adminId: ctx.user.id, kind: input.kind, checked: input.checked }, 'artisan profile verification saved')
    return { ok: true as const }
  }),

  /** Publishes the profile: only with the craftsman's consent recorded, and only while the craftsman is active. */
  publish: adminProcedure.input(profileInput).mutation(async ({ ctx, input }) => {
    const now = new Date().toISOString()
    await changeProfile(ctx.db, ctx.user, input.artisanId, 'profile_publish', async (trx, profile, artisan) => {
      if (!profile?.consent_at) throw new TRPCError({ code: 'BAD_REQUEST', message: PUBLISH_WITHOUT_CONSENT })
      if (artisan.status !== 'active') throw new TRPCError({ code: 'BAD_REQUEST', message: PUBLISH_NOT_ACTIVE })
      if (profile.published_at) return
      await saveProfile(trx, artisan.id, profile.slug, { published_at: now, unpublished_at: null })
    })
    ctx.logger.info({ artisanId: input.artisanId, adminId: ctx.user.id }, 'artisan profile published')
    return { ok: true as const }
  }),

  /** Takes the profile down: its address then answers 410 and leaves the sitemap. */
  unpublish: adminProcedure.input(profileInput).mutation(async ({ ctx, input }) => {
    const now = new Date().toISOString()
    await changeProfile(ctx.db, ctx.user, input.artisanId, 'profile_unpublish', async (trx, profile) => {
      if (!profile?.published_at) return
      await saveProfile(trx, input.artisanId, profile.slug, { published_at: null, unpublished_at: now })
    })
    ctx.logger.info({ artisanId: input.artisanId, adminId: ctx.user.id }, 'artisan profile unpublished')
    return { ok: true as const }
  }),

  setPhotoCaption: adminProcedure.input(photoCaptionInput).mutation(async ({ ctx, input }) => {
    const photo = await findPhoto(ctx.db, input.photoId)
    if (!photo) throw new TRPCError({ code: 'NOT_FOUND', message: PHOTO_NOT_FOUND })
    await changeProfile(ctx.db, ctx.user, photo.artisan_id, 'photo_caption', (trx) => updatePhotoCaption(trx, photo.id, input.caption || null), {
      photoId: photo.id,
    })
    return { ok: true as const }
  }),

  movePhoto: adminProcedure.input(photoMoveInput).mutation(async ({ ctx, input }) => {
    const photo = await findPhoto(ctx.db, input.photoId)
    if (!photo) throw new TRPCError({ code: 'NOT_FOUND', message: PHOTO_NOT_FOUND })
    await changeProfile(
      ctx.db,
      ctx.user,
      photo.artisan_id,
      'photo_move',
      async (trx) => {
        // Read again inside the transaction: another move may have changed its place.
        const current = await findPhoto(trx, photo.id)
        if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: PHOTO_NOT_FOUND })
        await movePhoto(trx, current, input.direction)
      },
      { photoId: photo.id, direction: input.direction },
    )
    return { ok: true as const }
  }),

  removePhoto: adminProcedure.input(photoInput).mutation(async ({ ctx, input }) => {
    const photo = await findPhoto(ctx.db, input.photoId)
    if (!photo) throw new TRPCError({ code: 'NOT_FOUND', message: PHOTO_NOT_FOUND })
    await changeProfile(ctx.db, ctx.user, photo.artisan_id, 'photo_remove', (trx) => deletePhoto(trx, photo.id), { photoId: photo.id })
    ctx.logger.info({ artisanId: photo.artisan_id, photoId: photo.id, adminId: ctx.user.id }, 'portfolio photo removed')
    return { ok: true as const }
  }),
})

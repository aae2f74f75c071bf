import { TRPCError } from '@trpc/server'
import type { DB } from '#db/client.ts'
import { MAX_PORTFOLIO_PHOTOS } from '#shared/reviews.ts'
import { areaPhotoInput, areaPhotoMoveInput, CHANGE_NOT_FOUND, changeIdInput, proposeDescriptionInput } from '#shared/schemas/artisan-area-profile.ts'
import { PHOTO_NOT_FOUND } from '#shared/schemas/artisan-profile.ts'
import { proposeChange } from '#server/profiles/profile-changes.ts'
import { bumpPublicVersion } from '#server/profiles/public-version.ts'
import { deletePhoto, findPhoto, findProfile, listPhotos, movePhoto } from '#server/repositories/artisan-profiles.ts'
import { byArtisan, recordAudit } from '#server/repositories/audit.ts'
import { findOwnChange, ownProfileChanges, proposeDescription, settleChange } from '#server/repositories/profile-changes.ts'
import { artisanProcedure, router, type SessionArtisan } from '#server/trpc/init.ts'

/** Where the area shows a photo: its own routes (server/http/area-photos.ts), which serve only the craftsman's own. */
export const areaPhotoPath = (photoId: number) => `/artigiano/photos/${photoId}`
export const areaPendingPhotoPath = (changeId: number) => `/artigiano/pending-photos/${changeId}`

const photoNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: PHOTO_NOT_FOUND })

/** One of the signed-in craftsman's published photos; NOT_FOUND for another's, whatever its id. */
async function ownPhoto(db: DB, artisanId: number, photoId: number) {
  const photo = await findPhoto(db, photoId)
  if (!photo || photo.artisan_id !== artisanId) throw photoNotFound()
  return photo
}

/**
 * A change to the public portfolio that goes live at once (a photo taken down, the order): in one transaction with
 * the public version bumped and the audit entry; artisanProcedure refreshes this process's public pages after it.
 */
function changePortfolio(db: DB, artisan: SessionArtisan, action: string, details: Record<string, unknown>, change: (trx: DB) => Promise<void>) {
  return db.transaction().execute(async (trx) => {
    await change(trx)
    await bumpPublicVersion(trx)
    await recordAudit(trx, { ...byArtisan(artisan), action, entityType: 'artisan', entityId: artisan.id, details })
  })
}

/**
 * The craftsman's public profile from their area (/artigiano/profilo): what the public page shows, and their proposals.
 * A new description and new photos wait for the office (docs/product.md §11); taking a photo down and ordering the
 * photos go live at once.
 */
export const profileRouter = router({
  get: artisanProcedure.query(async ({ ctx }) => {
    const id = ctx.artisan.id
    const [profile, photos, changes] = await Promise.all([findProfile(ctx.db, id), listPhotos(ctx.db, id), ownProfileChanges(ctx.db, id)])
    const published = Boolean(profile?.published_at)
    const withPhoto = <C extends { id: number; kind: string }>(change: C) => ({
      ...change,
      photoPath: change.kind === 'photo' ? areaPendingPhotoPath(change.id) : null,
    })
    return {
      published,
      publicPath: published && profile ? `/artigiani/${profile.slug}` : null,
      consent: Boolean(profile?.consent_at),
      description: profile?.description ?? null,
      photos: photos.map((photo) => ({ id: photo.id, width: photo.width, height: photo.height, caption: photo.caption, path: areaPhotoPath(photo.id) })),
      pending: changes.pending.map(withPhoto),
      refused: changes.refused.map((change) => ({ ...change, photoPath: null })),
      photoCount: photos.length + changes.pending.filter((change) => change.kind === 'photo').length,
      maxPhotos: MAX_PORTFOLIO_PHOTOS,
    }
  }),

  /** A new public description: waits for the office, replacing the one still waiting. */
  proposeDescription: artisanProcedure.input(proposeDescriptionInput).mutation(async ({ ctx, input }) => {
    const { changeId } = await proposeChange(ctx.db, { artisan: ctx.artisan, publicUrl: ctx.env.PUBLIC_URL }, 'description', async (trx) => ({
      changeId: await proposeDescription(trx, ctx.artisan.id, input.description),
    }))
    ctx.logger.info({ artisanId: ctx.artisan.id, changeId }, 'artisan proposed a description')
    return { changeId }
  }),

  /** Withdraws a change still waiting (a description, a photo, a reply): the office no longer sees it. */
  withdraw: artisanProcedure.input(changeIdInput).mutation(async ({ ctx, input }) => {
    const change = await findOwnChange(ctx.db, ctx.artisan.id, input.changeId)
    if (change?.status !== 'pending') throw new TRPCError({ code: 'NOT_FOUND', message: CHANGE_NOT_FOUND })
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await settleChange(trx, change.id, { status: 'withdrawn' }, null))) throw new TRPCError({ code: 'NOT_FOUND', message: CHANGE_NOT_FOUND })
      await recordAudit(trx, {
        ...byArtisan(ctx.artisan),
        action: 'profile_change_withdrawn',
        entityType: 'artisan',
        entityId: ctx.artisan.id,
        details: { changeId: change.id, kind: change.kind },
      })
    })
    return { ok: true as const }
  }),

  /** Moves a published photo before or after its neighbour, live at once (the same photos, in another order). */
  movePhoto: artisanProcedure.input(areaPhotoMoveInput).mutation(async ({ ctx, input }) => {
    const photo = await ownPhoto(ctx.db, ctx.artisan.id, input.photoId)
    await changePortfolio(ctx.db, ctx.artisan, 'photo_move', { photoId: photo.id, direction: input.direction }, async (trx) => {
      // Read again inside the transaction: another move may have changed its place.
      await movePhoto(trx, await ownPhoto(trx, ctx.artisan.id, photo.id), input.direction)
    })
    return { ok: true as const }
  }),

  /** Takes a published photo down, at once: what a craftsman no longer wants shown leaves the public page without waiting. */
  removePhoto: artisanProcedure.input(areaPhotoInput).mutation(async ({ ctx, input }) => {
    const photo = await ownPhoto(ctx.db, ctx.artisan.id, input.photoId)
    await changePortfolio(ctx.db, ctx.artisan, 'photo_remove', { photoId: photo.id }, (trx) => deletePhoto(trx, photo.id).then(() => {}))
    ctx.logger.info({ artisanId: ctx.artisan.id, photoId: photo.id }, 'artisan removed a portfolio photo')
    return { ok: true as const }
  }),
})

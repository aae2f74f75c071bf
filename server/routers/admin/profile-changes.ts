import { TRPCError } from '@trpc/server'
import type { DB } from '#db/client.ts'
import { MAX_PORTFOLIO_PHOTOS } from '#shared/reviews.ts'
import { CHANGE_DECIDED, CHANGE_NOT_FOUND, changeIdInput, refuseChangeInput } from '#shared/schemas/artisan-area-profile.ts'
import { REPLY_EXISTS } from '#shared/schemas/reviews.ts'
import { bumpPublicVersion } from '#server/profiles/public-version.ts'
import { countPhotos, findProfile, insertPhoto, saveProfile, uniqueProposedSlug } from '#server/repositories/artisan-profiles.ts'
import { findArtisanById } from '#server/repositories/artisans.ts'
import { byAdministrator, recordAudit } from '#server/repositories/audit.ts'
import { changesQueue, countPendingChanges, findChange, findPendingPhoto, settleChange } from '#server/repositories/profile-changes.ts'
import { publishReply } from '#server/repositories/reviews.ts'
import { adminProcedure, type Context, router, type SessionUser } from '#server/trpc/init.ts'

/** The office's preview of a waiting photo (server/http/area-photos.ts). */
export const pendingPhotoPreviewPath = (changeId: number) => `/admin/profile-changes/${changeId}/photo`

const PORTFOLIO_FULL = `Il portfolio dell'artigiano ha già ${MAX_PORTFOLIO_PHOTOS} foto: rifiuta questa o rimuovine una dalla scheda dell'artigiano.`

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: CHANGE_NOT_FOUND })

/** A waiting change, or the reason the office cannot decide it: unknown, or already decided by someone else. */
async function pendingChange(db: DB, changeId: number) {
  const change = await findChange(db, changeId)
  if (!change) throw notFound()
  if (change.status !== 'pending') throw new TRPCError({ code: 'CONFLICT', message: CHANGE_DECIDED })
  return change
}

/** What approving a change does to the public profile, inside the decision's transaction. */
async function applyChange(trx: DB, change: Awaited<ReturnType<typeof pendingChange>>, adminId: string) {
  if (change.kind === 'description') {
    const artisan = await findArtisanById(trx, change.artisan_id)
    if (!artisan) throw notFound()
    const profile = await findProfile(trx, artisan.id)
    const slug = profile?.slug ?? (await uniqueProposedSlug(trx, artisan.company_name, artisan.contact_name, artisan.id))
    await saveProfile(trx, artisan.id, slug, { description: change.text })
    await bumpPublicVersion(trx)
  } else if (change.kind === 'photo') {
    const photo = await findPendingPhoto(trx, change.id)
    if (!photo?.photo_content) throw new TRPCError({ code: 'CONFLICT', message: CHANGE_DECIDED })
    if ((await countPhotos(trx, change.artisan_id)) >= MAX_PORTFOLIO_PHOTOS) throw new TRPCError({ code: 'CONFLICT', message: PORTFOLIO_FULL })
    await insertPhoto(trx, change.artisan_id, {
      contentType: photo.photo_content_type!,
      width: photo.photo_width!,
      height: photo.photo_height!,
      digest: photo.photo_digest!,
      caption: photo.photo_caption,
      content: photo.photo_content,
    })
    await bumpPublicVersion(trx)
  } else {
    // publishReply bumps the public version when the review is public.
    const outcome = await publishReply(trx, change.review_id!, change.text!, adminId)
    if (outcome === 'missing') throw notFound()
    if (outcome === 'exists') throw new TRPCError({ code: 'CONFLICT', message: REPLY_EXISTS })
  }
}

/**
 * The office's decision on a waiting change, in one transaction: what approving does to the profile, the change settled
 * (CONFLICT when another decision came first) and the craftsman's audit entry; then the log line.
 */
async function decideChange(
  ctx: Pick<Context, 'db' | 'logger'> & { user: SessionUser },
  changeId: number,
  outcome: { status: 'approved' } | { status: 'refused'; reason: string },
) {
  const change = await ctx.db.transaction().execute(async (trx) => {
    const change = await pendingChange(trx, changeId)
    if (outcome.status === 'approved') await applyChange(trx, change, ctx.user.id)
    if (!(await settleChange(trx, change.id, outcome, ctx.user.id))) throw new TRPCError({ code: 'CONFLICT', message: CHANGE_DECIDED })
    await recordAudit(trx, {
      ...byAdministrator(ctx.user),
      action: `profile_change_${outcome.status}`,
      entityType: 'artisan',
      entityId: change.artisan_id,
      details: { changeId: change.id, kind: change.kind },
    })
    return change
  })
  ctx.logger.info({ changeId: change.id, artisanId: change.artisan_id, kind: change.kind }, `profile change ${outcome.status}`)
}

/**
 * "Modifiche profilo" (docs/product.md §11): what craftsmen proposed from their area, beside the reviews. Approva puts
 * it on the public profile; Rifiuta keeps it off with a reason the craftsman reads. Both in the craftsman's history.
 */
export const profileChangesRouter = router({
  /** Changes waiting: the menu's count. */
  waiting: adminProcedure.query(async ({ ctx }) => ({ waiting: await countPendingChanges(ctx.db) })),

  queue: adminProcedure.query(async ({ ctx }) => {
    const { rows, total } = await changesQueue(ctx.db)
    return { total, rows: rows.map((row) => ({ ...row, photoPath: row.kind === 'photo' ? pendingPhotoPreviewPath(row.id) : null })) }
  }),

  approve: adminProcedure.input(changeIdInput).mutation(async ({ ctx, input }) => {
    await decideChange(ctx, input.changeId, { status: 'approved' })
    return { ok: true as const }
  }),

  refuse: adminProcedure.input(refuseChangeInput).mutation(async ({ ctx, input }) => {
    await decideChange(ctx, input.changeId, { status: 'refused', reason: input.reason })
    return { ok: true as const }
  }),
})

import type { DB } from '#db/client.ts'
import { serializeOn } from '../repositories/dialect/claims.ts'
import type { ProfileChangeKind } from '#db/schema.ts'
import { MAX_PORTFOLIO_PHOTOS } from '#shared/reviews.ts'
import { PROFILE_CHANGE_KINDS } from '#shared/schemas/artisan-area-profile.ts'
import { notifyOutbox } from '../mail/worker.ts'
import { byArtisan, recordAudit } from '../repositories/audit.ts'
import { enqueueEmail, OFFICE_INBOX } from '../repositories/outbox.ts'
import { countPhotos } from '../repositories/artisan-profiles.ts'
import { countPendingPhotos, hasPendingChange } from '../repositories/profile-changes.ts'

/** The back office's queue of the craftsmen's changes, beside the reviews. */
export const PROFILE_CHANGES_PATH = '/admin/reviews/profile-changes'

/**
 * Stores what a craftsman proposes from their area, in one transaction with its audit entry (their page's history) and,
 * when nothing of theirs was waiting yet, a mail to the office's inbox: a craftsman who adds six photos in a row makes
 * one mail, and the office's queue shows all six. `propose` returns the change's id, or a refusal it chose to make.
 */
export async function proposeChange<T extends { changeId: number }>(
  db: DB,
  { artisan, publicUrl }: { artisan: { id: number; email: string }; publicUrl: string },
  kind: ProfileChangeKind,
  propose: (trx: DB) => Promise<T>,
): Promise<T> {
  const { result, mailed } = await db.transaction().execute(async (trx) => {
    // One proposal of a craftsman at a time (on PostgreSQL two at once would both count the photos, find no pending
    // description, and both mail the office): the second waits for the first's commit.
    await serializeOn(trx, `profile-changes:${artisan.id}`)
    const wasIdle = !(await hasPendingChange(trx, artisan.id))
    const result = await propose(trx)
    if (wasIdle) {
      const row = await trx.selectFrom('artisans').select(['company_name', 'contact_name']).where('id', '=', artisan.id).executeTakeFirstOrThrow()
      const artisanName = row.company_name || row.contact_name
      await enqueueEmail(trx, {
        to: OFFICE_INBOX,
        subject: `Modifica del profilo da approvare: ${artisanName}`,
        category: 'profile-change',
        template: { name: 'profile-change', props: { artisanName, kind: PROFILE_CHANGE_KINDS[kind], queueUrl: `${publicUrl}${PROFILE_CHANGES_PATH}` } },
      })
    }
    await recordAudit(trx, {
      ...byArtisan(artisan),
      action: 'profile_change_proposed',
      entityType: 'artisan',
      entityId: artisan.id,
      details: { changeId: result.changeId, kind },
    })
    return { result, mailed: wasIdle }
  })
  if (mailed) notifyOutbox()
  return result
}

/** The photos a craftsman may still add: published and waiting ones count against the portfolio's limit. */
export async function photoRoom(db: DB, artisanId: number): Promise<number> {
  const [published, waiting] = await Promise.all([countPhotos(db, artisanId), countPendingPhotos(db, artisanId)])
  return MAX_PORTFOLIO_PHOTOS - published - waiting
}

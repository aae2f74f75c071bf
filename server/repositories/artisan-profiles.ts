import type { DB } from '#db/client.ts'
import type { ArtisanProfile, ArtisanProfilesTable } from '#db/schema.ts'
import { proposedSlug, SLUG_MAX_LENGTH } from '#shared/schemas/artisan-profile.ts'
import { bumpPublicVersion } from '#server/profiles/public-version.ts'

/** The profile of a craftsman, if the office started one. */
export function findProfile(db: DB, artisanId: number): Promise<ArtisanProfile | undefined> {
  return db.selectFrom('artisan_profiles').selectAll().where('artisan_id', '=', artisanId).executeTakeFirst()
}

/** Whether another craftsman's profile holds that slug. */
export async function slugTaken(db: DB, slug: string, artisanId: number): Promise<boolean> {
  const row = await db.selectFrom('artisan_profiles').select('artisan_id').where('slug', '=', slug).where('artisan_id', '!=', artisanId).executeTakeFirst()
  return row !== undefined
}

/** The proposed slug made unique with -2, -3...: the first one no other profile holds. */
export async function uniqueProposedSlug(db: DB, companyName: string | null, contactName: string, artisanId: number): Promise<string> {
  const base = proposedSlug(companyName, contactName)
  const taken = new Set(
    (
      await db
        .selectFrom('artisan_profiles')
        .select('slug')
        .where('artisan_id', '!=', artisanId)
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    ).map((row) => row.slug),
  )
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}

/** Whether the slug was ever public: from then on it answers (or answers 410) and never changes. */
export const everPublished = (profile: Pick<ArtisanProfile, 'published_at' | 'unpublished_at'>) =>
  profile.published_at !== null || profile.unpublished_at !== null

type ProfileChanges = Partial<Omit<ArtisanProfilesTable, 'artisan_id' | 'created_at' | 'updated_at'>>

/** Creates the profile with `slug` or updates it; call inside the change's transaction. */
export async function saveProfile(db: DB, artisanId: number, slug: string, changes: ProfileChanges, now = new Date().toISOString()): Promise<ArtisanProfile> {
  const existing = await findProfile(db, artisanId)
  if (existing) {
    return db
      .updateTable('artisan_profiles')
      .set({ ...changes, updated_at: now })
      .where('artisan_id', '=', artisanId)
      .returningAll()
      .executeTakeFirstOrThrow()
  }
  return db
    .insertInto('artisan_profiles')
    .values({ slug, ...changes, artisan_id: artisanId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The portfolio's photos without their bytes, in their order. */
export function listPhotos(db: DB, artisanId: number) {
  return db
    .selectFrom('artisan_photos')
    .select(['id', 'position', 'content_type', 'width', 'height', 'size', 'digest', 'caption', 'created_at'])
    .where('artisan_id', '=', artisanId)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

export async function countPhotos(db: DB, artisanId: number): Promise<number> {
  const row = await db
    .selectFrom('artisan_photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('artisan_id', '=', artisanId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export type NewPhoto = { contentType: string; width: number; height: number; digest: string; caption: string | null; content: Buffer }

/** Adds a photo after the last one; call inside the change's transaction (it counts and inserts). */
export async function insertPhoto(db: DB, artisanId: number, photo: NewPhoto, now = new Date().toISOString()) {
  const last = await db
    .selectFrom('artisan_photos')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('artisan_id', '=', artisanId)
    .executeTakeFirst()
  return db
    .insertInto('artisan_photos')
    .values({
      artisan_id: artisanId,
      position: Number(last?.position ?? 0) + 1,
      content_type: photo.contentType,
      width: photo.width,
      height: photo.height,
      size: photo.content.length,
      digest: photo.digest,
      caption: photo.caption,
      content: photo.content,
      created_at: now,
    })
    .returning(['id', 'position'])
    .executeTakeFirstOrThrow()
}

export function findPhoto(db: DB, photoId: number) {
  return db.selectFrom('artisan_photos').select(['id', 'artisan_id', 'position', 'caption']).where('id', '=', photoId).executeTakeFirst()
}

/** A photo's bytes, for the back office's preview and its craftsman's. */
export function findPhotoContent(db: DB, photoId: number) {
  return db.selectFrom('artisan_photos').select(['artisan_id', 'content_type', 'content']).where('id', '=', photoId).executeTakeFirst()
}

/** Swaps a photo with its neighbour before or after it; false when it is already first or last. */
export async function movePhoto(db: DB, photo: { id: number; artisan_id: number; position: number }, direction: 'up' | 'down'): Promise<boolean> {
  const neighbour = await db
    .selectFrom('artisan_photos')
    .select(['id', 'position'])
    .where('artisan_id', '=', photo.artisan_id)
    .where('position', direction === 'up' ? '<' : '>', photo.position)
    .orderBy('position', direction === 'up' ? 'desc' : 'asc')
    .limit(1)
    .executeTakeFirst()
  if (!neighbour) return false
  await db.updateTable('artisan_photos').set({ position: neighbour.position }).where('id', '=', photo.id).execute()
  await db.updateTable('artisan_photos').set({ position: photo.position }).where('id', '=', neighbour.id).execute()
  return true
}

export function updatePhotoCaption(db: DB, photoId: number, caption: string | null) {
  return db.updateTable('artisan_photos').set({ caption }).where('id', '=', photoId).execute()
}

export function deletePhoto(db: DB, photoId: number) {
  return db.deleteFrom('artisan_photos').where('id', '=', photoId).execute()
}

/** The ids among these craftsmen whose profile is published, for the list's "Pubblico" marker. */
export async function publishedAmong(db: DB, artisanIds: number[]): Promise<Set<number>> {
  if (artisanIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('artisan_profiles')
    .select('artisan_id')
    .where('artisan_id', 'in', artisanIds)
    .where('published_at', 'is not', null)
    .execute()
  return new Set(rows.map((row) => row.artisan_id))
}

/**
 * What an edit of the craftsman's record does to their profile, inside the edit's transaction: a changed VAT number is
 * no longer the one checked, a craftsman no longer active goes private, and a published profile shows the new name,
 * trades and zones (the public version moves). Returns whether the profile was taken down.
 */
export async function followArtisanEdit(
  db: DB,
  before: { id: number; vat_number: string | null },
  after: { vat_number: string | null; status: string },
  now = new Date().toISOString(),
): Promise<{ unpublished: boolean }> {
  const profile = await findProfile(db, before.id)
  if (!profile) return { unpublished: false }
  const unpublished = profile.published_at !== null && after.status !== 'active'
  const vatChanged = profile.vat_checked_at !== null && before.vat_number !== after.vat_number
  if (unpublished || vatChanged) {
    await db
      .updateTable('artisan_profiles')
      .set({ ...(unpublished ? { published_at: null, unpublished_at: now } : {}), ...(vatChanged ? { vat_checked_at: null } : {}), updated_at: now })
      .where('artisan_id', '=', before.id)
      .execute()
  }
  if (profile.published_at !== null) await bumpPublicVersion(db, now)
  return { unpublished }
}

/** Before a craftsman is deleted (their profile and photos go with them): a published profile leaves the public pages. */
export async function followArtisanRemoval(db: DB, artisanId: number, now = new Date().toISOString()): Promise<void> {
  const profile = await findProfile(db, artisanId)
  if (profile?.published_at) await bumpPublicVersion(db, now)
}

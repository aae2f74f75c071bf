import type { DB } from '#db/client.ts'
import { refreshPublicPages } from '#server/profiles/directory.ts'
import { bumpPublicVersion } from '#server/profiles/public-version.ts'
import { insertArtisan } from '#server/repositories/artisans.ts'
import { PROFILE_CONSENT_TEXT } from '#shared/reviews.ts'
import { artisan } from './admin-leads.ts'

// Published profiles written as rows, for the tests of the pages that show them.

let month = 0
/** A craftsman with a published profile and these published stars (plus, unseen, a pending and a hidden 1-star review). */
export async function publishedCraftsman(db: DB, name: string, sectors: string[], zones: string[], stars: number[], published = '2026-11-01T10:00:00.000Z') {
  const now = new Date().toISOString()
  const craftsman = await insertArtisan(
    db,
    artisan({
      companyName: name,
      contactName: `Titolare ${name}`,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
      phone: '+39 333 1234567',
      specializationSectors: sectors,
      operativeZones: zones,
    }),
  )
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  await db
    .insertInto('artisan_profiles')
    .values({ artisan_id: craftsman.id, slug, consent_at: now, consent_text: PROFILE_CONSENT_TEXT, published_at: published, created_at: now, updated_at: now })
    .execute()
  const review = (value: number, status: 'published' | 'pending' | 'hidden') => ({
    artisan_id: craftsman.id,
    stars: value,
    author_label: 'Marco R.',
    job_month: `2026-${String((month++ % 9) + 1).padStart(2, '0')}`,
    status,
    created_at: now,
    published_at: status === 'published' ? now : null,
  })
  await db
    .insertInto('reviews')
    .values([...stars.map((value) => review(value, 'published')), review(1, 'pending'), review(1, 'hidden')])
    .execute()
  return { id: craftsman.id, slug }
}

/**
 * Makes what the fixtures wrote public as the office does: the version bumped, then the app told at once when `db` is
 * its own handle (startApp's `db`); an app in another process follows at its next poll (PUBLIC_PAGES_POLL_SECONDS).
 */
export async function publishChanges(db: DB) {
  await bumpPublicVersion(db)
  await refreshPublicPages(db)
}

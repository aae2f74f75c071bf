import { gone, isGone, isGoneData } from '#src/lib/gone.ts'
import { goneHead, profileCrumbs, profileHead } from '#src/lib/profile-seo.ts'
import type { SiteApi } from '#src/lib/site-api.ts'
import type { ProfilePageData } from '#src/lib/site-data.ts'
import { notFoundHead } from '#src/lib/seo-head.ts'
import { NotFound } from '#src/components/not-found.tsx'
import { notFound } from '@tanstack/react-router'
import { ProfileGone } from './profile-page.tsx'

// What the two routes of a profile share: /artigiani/{slug} (its first page of reviews) and /artigiani/{slug}/recensioni/{n}.

/** A profile page's data: 404 for a slug that names no profile or a page past the last, 410 for a profile gone private. */
export async function loadProfile(site: SiteApi, slug: string, page: number): Promise<{ page: ProfilePageData; crumbs: ReturnType<typeof profileCrumbs> }> {
  const data = await site.profile({ slug, page })
  if (!data) throw notFound()
  if (data.state === 'gone') throw gone()
  return { page: data, crumbs: profileCrumbs(data) }
}

type HeadArgs = { loaderData?: { page: ProfilePageData }; match: { status: string; error?: unknown; context: { publicUrl: string } } }

export function headOfProfile({ loaderData, match }: HeadArgs) {
  if (match.status === 'notFound') return isGone(match.error) ? goneHead() : notFoundHead()
  if (!loaderData) return notFoundHead()
  return profileHead(match.context.publicUrl, loaderData.page)
}

/** The 410 page of a profile gone private, else the site's 404. */
export function ProfileNotFound({ data }: { data?: unknown }) {
  return isGoneData(data) ? <ProfileGone /> : <NotFound />
}

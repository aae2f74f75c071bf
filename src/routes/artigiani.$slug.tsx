import { createFileRoute } from '@tanstack/react-router'
import { PageError, PageLoading } from './-components/page-states.tsx'
import { ProfilePage } from './-components/profile-page.tsx'
import { headOfProfile, loadProfile, ProfileNotFound } from './-components/profile-route.tsx'

/** A craftsman's public profile with its newest reviews (docs/product.md §11). */
export const Route = createFileRoute('/artigiani/$slug')({
  loader: ({ params, context }) => loadProfile(context.site, params.slug, 1),
  head: headOfProfile,
  pendingComponent: () => <PageLoading label="Caricamento profilo..." />,
  errorComponent: PageError,
  notFoundComponent: ProfileNotFound,
  component: ProfileRoute,
})

function ProfileRoute() {
  const { page } = Route.useLoaderData()
  return <ProfilePage page={page} />
}

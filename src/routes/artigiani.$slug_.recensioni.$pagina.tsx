import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { PageError, PageLoading } from './-components/page-states.tsx'
import { ProfilePage } from './-components/profile-page.tsx'
import { headOfProfile, loadProfile, ProfileNotFound } from './-components/profile-route.tsx'

/** A page number as the site writes them: no sign, no leading zero, no exponent. */
const PAGE_NUMBER = /^[1-9][0-9]{0,5}$/

/** The older reviews of a profile, 10 a page; the first page is the profile itself, where /recensioni/1 points. */
export const Route = createFileRoute('/artigiani/$slug_/recensioni/$pagina')({
  loader: ({ params, context }) => {
    if (!PAGE_NUMBER.test(params.pagina)) throw notFound()
    const page = Number(params.pagina)
    if (page === 1) throw redirect({ to: '/artigiani/$slug', params: { slug: params.slug }, statusCode: 301 })
    return loadProfile(context.site, params.slug, page)
  },
  head: headOfProfile,
  pendingComponent: () => <PageLoading label="Caricamento recensioni..." />,
  errorComponent: PageError,
  notFoundComponent: ProfileNotFound,
  component: ProfileReviewsRoute,
})

function ProfileReviewsRoute() {
  const { page } = Route.useLoaderData()
  return <ProfilePage page={page} />
}

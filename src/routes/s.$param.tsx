import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { breadcrumbTrail } from '../lib/breadcrumbs.ts'
import { pageHead, serviceJsonLd } from '../lib/site.ts'
import { useTRPC } from '../lib/trpc.tsx'
import { PageError, PageLoading } from './-components/page-states.tsx'
import { ServiceInTownNotFound, type ParamProblem } from './-components/service-in-town-not-found.tsx'
import { ServiceInTownPage } from './-components/service-in-town-page.tsx'

export const Route = createFileRoute('/s/$param')({
  loader: async ({ params, context }) => {
    const page = await context.queryClient.ensureQueryData(context.trpc.site.serviceInTown.queryOptions({ param: params.param }))
    if (!page.ok) throw notFound({ data: page.reason satisfies ParamProblem })
    // A wrong check code is answered with the canonical URL, replacing history (SPEC 5).
    if (!page.codeMatches) throw redirect({ href: page.canonicalPath, statusCode: 301, replace: true })
    const description = `${page.service.name} a ${page.comune.name}: artigiani selezionati e verificati, sopralluogo e preventivo gratuiti e senza impegno. Contatto diretto e fattura dall'artigiano.`
    return {
      crumb: `${page.service.name} a ${page.comune.name}`,
      title: `Preventivi ${page.service.name} a ${page.comune.name} | Artigiani Milano`,
      description,
      keywords: [`${page.service.name.toLowerCase()} ${page.comune.name}`, ...page.service.keywords.map((k) => k.replace(/\bmilano\b/i, page.comune.name))].join(', '),
      serviceName: page.service.name,
      town: page.comune.name,
    }
  },
  head: ({ loaderData, params, match }) => {
    const path = `/s/${params.param}`
    const publicUrl = match.context.publicUrl
    if (!loaderData) return pageHead({ title: 'Pagina Non Trovata | Artigiani Milano', path, publicUrl, noindex: true })
    return pageHead({
      title: loaderData.title,
      description: loaderData.description,
      keywords: loaderData.keywords,
      path,
      publicUrl,
      crumbs: breadcrumbTrail(path, loaderData.crumb),
      jsonLd: [
        serviceJsonLd({
          publicUrl,
          path,
          name: loaderData.crumb,
          serviceType: loaderData.serviceName,
          description: loaderData.description,
          town: loaderData.town,
        }),
      ],
    })
  },
  pendingComponent: () => <PageLoading label="Caricamento servizio..." />,
  errorComponent: PageError,
  notFoundComponent: ({ data }) => <ServiceInTownNotFound reason={(data as ParamProblem | undefined) ?? 'format'} />,
  component: ServiceInTownRoute,
})

function ServiceInTownRoute() {
  const trpc = useTRPC()
  const { param } = Route.useParams()
  const { data: page } = useSuspenseQuery(trpc.site.serviceInTown.queryOptions({ param }))
  if (!page.ok) return null
  return <ServiceInTownPage key={page.canonicalPath} page={page} />
}

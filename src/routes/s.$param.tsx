import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { breadcrumbTrail } from '../lib/breadcrumbs.ts'
import { notFoundHead, pageHead, serviceJsonLd } from '../lib/seo-head.ts'
import type { ServiceInComunePageData } from '../lib/site-data.ts'
import { PageError, PageLoading } from './-components/page-states.tsx'
import { ServiceInComuneNotFound, type ParamProblem } from './-components/service-in-comune-not-found.tsx'
import { ServiceInComunePage } from './-components/service-in-comune-page.tsx'

function seoOf(page: ServiceInComunePageData) {
  const description = `${page.service.name} a ${page.comune.name}: artigiani selezionati e verificati, sopralluogo e preventivo gratuiti e senza impegno. Contatto diretto e fattura dall'artigiano.`
  return {
    crumb: `${page.service.name} a ${page.comune.name}`,
    title: `Preventivi ${page.service.name} a ${page.comune.name} | Artigiani Milano`,
    description,
    keywords: [`${page.service.name.toLowerCase()} ${page.comune.name}`, ...page.service.keywords.map((k) => k.replace(/\bmilano\b/i, page.comune.name))].join(
      ', ',
    ),
    serviceName: page.service.name,
    comune: page.comune.name,
  }
}

export const Route = createFileRoute('/s/$param')({
  loader: async ({ params, context }) => {
    const page = await context.site.serviceInComune({ param: params.param })
    if (!page.ok) throw notFound({ data: page.reason satisfies ParamProblem })
    // A wrong check code is answered with the canonical URL, replacing history (docs/product.md §5).
    if (!page.codeMatches) throw redirect({ href: page.canonicalPath, statusCode: 301, replace: true })
    return { page, crumb: seoOf(page).crumb }
  },
  head: ({ loaderData, params, match }) => {
    const seo = loaderData && seoOf(loaderData.page)
    const path = `/s/${params.param}`
    const publicUrl = match.context.publicUrl
    if (!seo) return notFoundHead()
    return pageHead({
      title: seo.title,
      description: seo.description,
      keywords: seo.keywords,
      path,
      publicUrl,
      crumbs: breadcrumbTrail(path, seo.crumb),
      jsonLd: [
        serviceJsonLd({
          publicUrl,
          path,
          name: seo.crumb,
          serviceType: seo.serviceName,
          description: seo.description,
          comune: seo.comune,
        }),
      ],
    })
  },
  pendingComponent: () => <PageLoading label="Caricamento servizio..." />,
  errorComponent: PageError,
  notFoundComponent: ({ data }) => <ServiceInComuneNotFound reason={(data as ParamProblem | undefined) ?? 'format'} />,
  component: ServiceInComuneRoute,
})

function ServiceInComuneRoute() {
  const { page } = Route.useLoaderData()
  return <ServiceInComunePage key={page.canonicalPath} page={page} />
}

import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { breadcrumbTrail } from '../lib/breadcrumbs.ts'
import { notFoundHead, pageHead, serviceJsonLd } from '../lib/seo-head.ts'
import type { SlugPageData } from '../lib/site-data.ts'
import { CategoryPage } from './-components/category-page.tsx'
import { PageError, PageLoading } from './-components/page-states.tsx'
import { ServiceInComuneNotFound } from './-components/service-in-comune-not-found.tsx'
import { ServicePage } from './-components/service-page.tsx'
import { ComunePage } from './-components/comune-page.tsx'

function seoOf(page: SlugPageData) {
  switch (page.kind) {
    case 'service':
      return {
        crumb: page.service.name,
        title: `Preventivi ${page.service.name} a Milano e Provincia | Artigiani Milano`,
        description: page.service.shortDescription,
        keywords: page.service.keywords.join(', '),
        service: { name: `${page.service.name} a Milano e provincia`, type: page.service.name, description: page.service.shortDescription },
      }
    case 'category':
      return {
        crumb: page.category.name,
        title: `${page.category.name} a Milano e Provincia - Artigiani Selezionati | Artigiani Milano`,
        description: page.category.description.split('. ')[0]!.replace(/\.?$/, '.'),
        keywords: [page.category.name, ...page.services.map((s) => `${s.name.toLowerCase()} milano`)].join(', '),
        service: null,
      }
    case 'comune':
      return {
        crumb: page.comune.name,
        title: `Artigiani a ${page.comune.name}: Preventivi Gratuiti | Artigiani Milano`,
        description: `Artigiani selezionati a ${page.comune.name}: elettricisti, idraulici, imbianchini e altri ${page.services.length - 3} servizi. Sopralluogo e preventivo gratuiti e senza impegno.`,
        keywords: `artigiani ${page.comune.name}, preventivo gratuito ${page.comune.name}, elettricista ${page.comune.name}, idraulico ${page.comune.name}, imbianchino ${page.comune.name}`,
        service: { name: `Artigiani a ${page.comune.name}`, type: 'Servizi per la casa', description: page.intro, comune: page.comune.name },
      }
  }
}

export const Route = createFileRoute('/$slug')({
  loader: async ({ params, context }) => {
    // '/s' (where '/s/' points) is a service-in-town address without its parameter (docs/product.md §8).
    if (params.slug === 's') throw notFound()
    const page = await context.site.slug({ slug: params.slug })
    // An unknown single-segment slug is treated as an unknown town (docs/product.md §2.2).
    if (!page) throw redirect({ to: '/zone-servite', statusCode: 301 })
    return { page, crumb: seoOf(page).crumb }
  },
  head: ({ loaderData, params, match }) => {
    if (match.status === 'notFound') return notFoundHead()
    const seo = loaderData && seoOf(loaderData.page)
    const path = `/${params.slug}`
    const publicUrl = match.context.publicUrl
    return pageHead({
      title: seo?.title,
      description: seo?.description,
      keywords: seo?.keywords,
      path,
      publicUrl,
      crumbs: seo ? breadcrumbTrail(path, seo.crumb) : undefined,
      jsonLd: seo?.service
        ? [
            serviceJsonLd({
              publicUrl,
              path,
              name: seo.service.name,
              serviceType: seo.service.type,
              description: seo.service.description,
              comune: 'comune' in seo.service ? seo.service.comune : undefined,
            }),
          ]
        : [],
    })
  },
  pendingComponent: () => <PageLoading label="Caricamento servizio..." />,
  errorComponent: PageError,
  notFoundComponent: () => <ServiceInComuneNotFound reason="missing" />,
  component: SlugPage,
})

function SlugPage() {
  const { page } = Route.useLoaderData()
  if (page.kind === 'service') return <ServicePage key={page.service.id} page={page} />
  if (page.kind === 'category') return <CategoryPage page={page} />
  return <ComunePage key={page.comune.slug} page={page} />
}

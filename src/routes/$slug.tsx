import { createFileRoute, redirect } from '@tanstack/react-router'
import { findCategory, findComune, findService } from '../catalog/index.ts'
import { pageHead } from '../lib/site.ts'

function resolveSlug(slug: string) {
  const service = findService(slug)
  if (service) return { kind: 'service' as const, service }
  const category = findCategory(slug)
  if (category) return { kind: 'category' as const, category }
  const comune = findComune(slug)
  if (comune) return { kind: 'comune' as const, comune }
  return null
}

export const Route = createFileRoute('/$slug')({
  loader: ({ params }) => {
    const page = resolveSlug(params.slug)
    // An unknown single-segment slug is treated as an unknown town (SPEC 2.2).
    if (!page) throw redirect({ to: '/zone-servite', statusCode: 301 })
    return page
  },
  head: ({ loaderData, params, match }) => {
    const name =
      loaderData?.kind === 'service'
        ? loaderData.service.name
        : loaderData?.kind === 'category'
          ? loaderData.category.name
          : loaderData?.comune.name
    return pageHead({
      title: name ? `Preventivi ${name} a Milano e Provincia` : null,
      description: null,
      keywords: null,
      path: `/${params.slug}`,
      publicUrl: match.context.publicUrl,
    })
  },
  component: SlugPage,
})

function SlugPage() {
  const page = Route.useLoaderData()
  if (page.kind === 'service') {
    return (
      <main id="contenuto" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
        <h1 className="text-3xl font-bold">Richiedi un Preventivo per {page.service.name}</h1>
        <div className="mt-4 space-y-3 text-muted">
          {page.service.description.split('\n\n').map((p) => (
            <p key={p.slice(0, 24)}>{p}</p>
          ))}
        </div>
      </main>
    )
  }
  if (page.kind === 'category') {
    return (
      <main id="contenuto" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
        <h1 className="text-3xl font-bold">{page.category.name}</h1>
        <p className="mt-4 text-muted">{page.category.description}</p>
      </main>
    )
  }
  return (
    <main id="contenuto" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold">Artigiani a {page.comune.name}</h1>
    </main>
  )
}


import { createFileRoute, Link } from '@tanstack/react-router'
import { fixedPageHead } from '../lib/seo-head.ts'

export const Route = createFileRoute('/i-nostri-artigiani')({
  loader: ({ context }) => context.site.services(),
  head: fixedPageHead({
    title: 'I nostri Artigiani - Tutti i Servizi a Milano e Provincia',
    description: 'Elettricisti, idraulici, imbianchini e altri 26 mestieri: scegli il servizio e chiedi un preventivo gratuito ad artigiani verificati.',
    keywords: 'servizi artigiani Milano, elenco artigiani, elettricista, idraulico, imbianchino, fabbro, muratore',
    path: '/i-nostri-artigiani',
  }),
  component: ServicesPage,
})

function ServicesPage() {
  const categories = Route.useLoaderData()
  return (
    <main id="contenuto" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">I nostri Artigiani</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">
        Ventinove mestieri, un'unica promessa: professionisti selezionati e verificati, preventivi gratuiti e contatto diretto. Scegli il servizio che ti serve.
      </p>
      {categories.map((category) => (
        <section key={category.slug} aria-labelledby={`categoria-${category.slug}`} className="mt-10">
          <h2 id={`categoria-${category.slug}`} className="text-2xl font-bold">
            <Link to="/$slug" params={{ slug: category.slug }} className="hover:text-brand-700 hover:underline">
              {category.name}
            </Link>
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {category.services.map((service) => (
              <li key={service.id}>
                <Link
                  to={service.path}
                  className="block h-full rounded-lg border border-gray-200 bg-white p-4 shadow-sm transition hover:border-brand-600 hover:shadow-md"
                >
                  <h3 className="font-semibold text-brand-700">{service.name}</h3>
                  <p className="mt-1 text-sm text-muted">{service.excerpt}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  )
}

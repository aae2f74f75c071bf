import { createFileRoute, Link } from '@tanstack/react-router'
import { services } from '../catalog/index.ts'
import { pageHead } from '../lib/site.ts'

export const Route = createFileRoute('/i-nostri-artigiani')({
  head: ({ match }) =>
    pageHead({
      title: 'I nostri Artigiani - Tutti i Servizi a Milano e Provincia',
      description: 'Elettricisti, idraulici, imbianchini e altri 26 mestieri: scegli il servizio e chiedi un preventivo gratuito.',
      keywords: null,
      path: '/i-nostri-artigiani',
      publicUrl: match.context.publicUrl,
    }),
  component: ServicesPage,
})

function ServicesPage() {
  return (
    <main id="contenuto" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold">I nostri Artigiani</h1>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.id}>
            <Link to="/$slug" params={{ slug: service.id }} className="block h-full rounded-lg border border-gray-200 p-4 hover:border-brand-600">
              <h2 className="font-semibold">{service.name}</h2>
              <p className="mt-1 text-sm text-muted">{service.description.slice(0, 100)}...</p>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  )
}

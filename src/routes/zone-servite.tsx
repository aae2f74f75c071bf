import { createFileRoute, Link } from '@tanstack/react-router'
import { comuni } from '../catalog/index.ts'
import { pageHead } from '../lib/site.ts'

export const Route = createFileRoute('/zone-servite')({
  head: ({ match }) =>
    pageHead({
      title: 'Zone Servite - Artigiani a Milano e in tutta la Provincia',
      description: 'Tutti i comuni della Città metropolitana di Milano in cui trovi artigiani selezionati e preventivi gratuiti.',
      keywords: null,
      path: '/zone-servite',
      publicUrl: match.context.publicUrl,
    }),
  component: ZoneServitePage,
})

function ZoneServitePage() {
  return (
    <main id="contenuto" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold">Zone Servite</h1>
      <p className="mt-4 text-muted">Operiamo a Milano e in tutti i {comuni.length} comuni della provincia.</p>
      <ul className="mt-8 grid grid-cols-2 gap-x-6 gap-y-2 md:grid-cols-3 lg:grid-cols-4">
        {comuni.map((comune) => (
          <li key={comune.slug}>
            <Link to="/$slug" params={{ slug: comune.slug }} className="text-brand-700 hover:underline">
              {comune.name}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  )
}

import { createFileRoute } from '@tanstack/react-router'
import { LinkColumns } from '../components/link-columns.tsx'
import { fixedPageHead } from '../lib/seo-head.ts'

export const Route = createFileRoute('/zone-servite')({
  loader: ({ context }) => context.site.comuni(),
  head: fixedPageHead({
    title: 'Zone Servite - Artigiani a Milano e in tutta la Provincia',
    description: 'Tutti i comuni della Città metropolitana di Milano in cui trovi artigiani selezionati e preventivi gratuiti.',
    keywords: 'zone servite, comuni provincia di Milano, artigiani hinterland milanese, preventivo gratuito',
    path: '/zone-servite',
  }),
  component: ZoneServitePage,
})

function ZoneServitePage() {
  const comuni = Route.useLoaderData()
  return (
    <main id="contenuto" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Zone Servite</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">
        Siamo presenti a Milano e in tutti i {comuni.length} comuni della Città metropolitana: scegli il tuo per trovare gli artigiani della zona e chiedere un
        preventivo gratuito.
      </p>
      <div className="mt-8">
        <LinkColumns label="Comuni serviti" links={comuni} />
      </div>
    </main>
  )
}

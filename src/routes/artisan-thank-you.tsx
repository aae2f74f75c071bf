import { createFileRoute, Link } from '@tanstack/react-router'
import { BadgeCheckIcon } from 'lucide-react'
import { outlineCtaClass } from '../lib/class-names.ts'
import { fixedPageHead } from '../lib/seo-head.ts'

export const Route = createFileRoute('/artisan-thank-you')({
  head: fixedPageHead({
    title: 'Candidatura Inviata - Grazie! | Artigiani Milano',
    description: 'Abbiamo ricevuto la tua candidatura alla rete di Artigiani Milano: ti contatteremo al più presto.',
    keywords: 'candidatura inviata, rete artigiani, Area Artigiani',
    path: '/artisan-thank-you',
    noindex: true,
  }),
  component: ArtisanThankYouPage,
})

function ArtisanThankYouPage() {
  return (
    <main id="contenuto" className="mx-auto w-full max-w-3xl flex-1 px-4 py-14 text-center">
      <BadgeCheckIcon className="mx-auto size-16 text-trade-600" aria-hidden />
      <h1 className="mt-4 text-3xl font-extrabold sm:text-4xl">Candidatura inviata, grazie!</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">
        Abbiamo ricevuto i dati della tua attività. Il nostro team verificherà i requisiti e ti contatterà al più presto per conoscerti e spiegarti come
        ricevere le prime richieste.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="inline-flex items-center justify-center rounded-md bg-trade-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-trade-700"
        >
          Torna alla Home
        </Link>
        <Link to="/area-artigiani" className={outlineCtaClass}>
          Area Artigiani
        </Link>
      </div>
    </main>
  )
}

import { createFileRoute, Link } from '@tanstack/react-router'
import { BadgeCheckIcon } from 'lucide-react'
import { outlineCtaClass } from '../lib/class-names.ts'
import { fixedPageHead } from '../lib/seo-head.ts'
import { ConfirmationPage } from './-components/confirmation-page.tsx'

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
    <ConfirmationPage
      icon={BadgeCheckIcon}
      iconClassName="text-trade-600"
      title="Candidatura inviata, grazie!"
      links={
        <>
          <Link
            to="/"
            className="inline-flex items-center justify-center rounded-md bg-trade-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-trade-700"
          >
            Torna alla Home
          </Link>
          <Link to="/area-artigiani" className={outlineCtaClass}>
            Area Artigiani
          </Link>
        </>
      }
    >
      <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">
        Abbiamo ricevuto i dati della tua attività. Il nostro team verificherà i requisiti e ti contatterà al più presto per conoscerti e spiegarti come
        ricevere le prime richieste.
      </p>
    </ConfirmationPage>
  )
}

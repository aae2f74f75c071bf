import { createFileRoute } from '@tanstack/react-router'
import { ClockIcon, MailIcon, MapPinIcon } from 'lucide-react'
import { ContactForm } from '../components/forms/contact-form.tsx'
import { Island } from '../islands/island.tsx'
import { fixedPageHead } from '../lib/seo-head.ts'

export const Route = createFileRoute('/contattaci')({
  head: fixedPageHead({
    title: 'Contattaci - Scrivi ad Artigiani Milano',
    description: 'Hai una domanda sul servizio, su un preventivo o sulla rete di artigiani? Scrivici: ti rispondiamo al più presto.',
    keywords: 'contatti Artigiani Milano, assistenza, domande preventivo, scrivici',
    path: '/contattaci',
  }),
  component: ContactPage,
})

function ContactPage() {
  return (
    <main id="contenuto" className="flex-1">
      <section className="bg-gradient-to-br from-brand-50 via-white to-trade-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">Contattaci</h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">
            Una domanda sul servizio, un dubbio su un preventivo o un suggerimento? Scrivici: un operatore ti risponderà al più presto.
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="scrivici" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8">
          <h2 id="scrivici" className="mb-6 text-2xl font-bold">
            Scrivici un messaggio
          </h2>
          <Island name="contact-form" component={ContactForm} props={{}} />
        </section>
        <aside className="grid h-fit gap-6 rounded-xl bg-gray-50 p-6" aria-label="Informazioni utili">
          <div className="flex gap-3">
            <ClockIcon className="size-5 shrink-0 text-brand-600" aria-hidden />
            <p className="text-sm text-muted">
              <strong className="block text-ink">Quando rispondiamo</strong>Dal lunedì al venerdì, dalle 9 alle 18.
            </p>
          </div>
          <div className="flex gap-3">
            <MapPinIcon className="size-5 shrink-0 text-brand-600" aria-hidden />
            <p className="text-sm text-muted">
              <strong className="block text-ink">Dove operiamo</strong>Milano e tutti i comuni della Città metropolitana.
            </p>
          </div>
          <div className="flex gap-3">
            <MailIcon className="size-5 shrink-0 text-brand-600" aria-hidden />
            <p className="text-sm text-muted">
              <strong className="block text-ink">Ti serve un preventivo?</strong>Usa il modulo della pagina del servizio: arriva subito all'artigiano giusto.
            </p>
          </div>
        </aside>
      </div>
    </main>
  )
}

import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { CheckCircle2Icon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { AddressAutocomplete } from '#src/components/address-autocomplete.tsx'
import { LinkColumns } from '#src/components/link-columns.tsx'
import { OptionPicker } from '#src/components/option-picker.tsx'
import { QuoteSection } from '#src/components/quote-section.tsx'
import type { ChosenLocation } from '#src/lib/history-state.ts'
import type { ServicePageData } from '#src/lib/site-data.ts'
import { PageHero } from './page-hero.tsx'

const guarantees = ['Sopralluogo e preventivo gratuiti', 'Artigiani selezionati e verificati', 'Fattura diretta, nessuna commissione']

/** /{serviceId}: the service, its description, the service-and-location picker and the quote form (docs/product.md §2.3). */
export function ServicePage({ page }: { page: ServicePageData }) {
  const { service } = page
  const navigate = useNavigate()
  const carried = useRouterState({ select: (s) => s.location.state.location ?? null })
  const [location, setLocation] = useState<ChosenLocation | null>(null)

  // History state exists only in the browser: read it after hydration so server and client render the same first page.
  useEffect(() => {
    if (carried?.placeId) setLocation(carried)
  }, [carried])

  return (
    <main id="contenuto" className="flex-1">
      <PageHero image={service.image} eyebrow={service.category.name}>
        Richiedi un Preventivo per {service.name}
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_26rem]">
        <section aria-labelledby="descrizione-servizio">
          <h2 id="descrizione-servizio" className="text-2xl font-bold">
            {service.name} a Milano e provincia
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-muted">
            {service.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
          <ul className="mt-6 grid gap-2">
            {guarantees.map((text) => (
              <li key={text} className="flex items-center gap-2 font-medium">
                <CheckCircle2Icon className="size-5 text-green-700" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-muted">
            Fa parte di{' '}
            <Link to="/$slug" params={{ slug: service.category.slug }} className="font-medium text-brand-700 underline">
              {service.category.name}
            </Link>
            .
          </p>
        </section>
        <section aria-labelledby="richiesta" className="h-fit rounded-xl bg-white p-5 shadow-lg ring-1 ring-gray-200 sm:p-6 lg:sticky lg:top-20">
          <h2 id="richiesta" className="text-xl font-bold">
            Chiedi il tuo preventivo gratuito
          </h2>
          <div className="mt-4 grid gap-4">
            <OptionPicker
              label="Scegli il servizio"
              value={service.id}
              options={page.serviceOptions.map((option) => ({ value: option.id, label: option.name }))}
              onChange={(id) => {
                const next = page.serviceOptions.find((option) => option.id === id)
                if (next) void navigate({ to: next.path, state: (prev) => ({ ...prev, location }) })
              }}
            />
            <AddressAutocomplete label="Indirizzo dell'intervento" value={location} onChange={setLocation} />
            <QuoteSection serviceId={service.id} location={location} />
          </div>
        </section>
      </div>
      <section aria-labelledby="comuni-serviti" className="border-t border-gray-200 bg-gray-50">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="comuni-serviti" className="text-2xl font-bold">
            {service.name} nei comuni della provincia di Milano
          </h2>
          <p className="mt-2 mb-6 text-muted">Scegli il tuo comune per vedere il servizio nella tua zona.</p>
          <LinkColumns label={`${service.name} per comune`} links={page.towns.map((town) => ({ path: town.path, name: `${service.name} ${town.name}` }))} />
        </div>
      </section>
    </main>
  )
}

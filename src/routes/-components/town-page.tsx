import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { LinkColumns } from '#src/components/link-columns.tsx'
import { OptionPicker } from '#src/components/option-picker.tsx'
import { QuoteSection } from '#src/components/quote-section.tsx'
import type { TownPageData } from '#src/lib/site-data.ts'
import { PageHero } from './page-hero.tsx'

/** /{comuneSlug}: the town's introduction, the pickers, the quote form and every service in the town (docs/product.md §2.3). */
export function TownPage({ page }: { page: TownPageData }) {
  const { comune } = page
  const navigate = useNavigate()
  const [serviceId, setServiceId] = useState(page.serviceOptions[0]!.id)
  const location = { label: `${comune.name}, MI, Italia`, placeId: comune.placeId }

  return (
    <main id="contenuto" className="flex-1">
      <PageHero eyebrow="Città metropolitana di Milano" lead={page.intro}>
        Artigiani a {comune.name}
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_26rem]">
        <section aria-labelledby="servizi-disponibili">
          <h2 id="servizi-disponibili" className="text-2xl font-bold">
            Servizi Disponibili a {comune.name}
          </h2>
          <p className="mt-2 mb-6 text-muted">Ogni servizio ha la sua pagina con i dettagli dell'intervento a {comune.name}.</p>
          <LinkColumns label={`Servizi a ${comune.name}`} links={page.services.map((s) => ({ path: s.path, name: s.name }))} />
        </section>
        <section aria-labelledby="richiesta" className="h-fit rounded-xl bg-white p-5 shadow-lg ring-1 ring-gray-200 sm:p-6 lg:sticky lg:top-20">
          <h2 id="richiesta" className="text-xl font-bold">
            Preventivo gratuito a {comune.name}
          </h2>
          <div className="mt-4 grid gap-4">
            <OptionPicker
              label="Scegli il comune"
              value={comune.slug}
              options={page.townOptions.map((town) => ({ value: town.slug, label: town.name }))}
              onChange={(slug) => {
                const next = page.townOptions.find((town) => town.slug === slug)
                if (next) void navigate({ to: next.path })
              }}
            />
            <OptionPicker
              label="Scegli il servizio"
              value={serviceId}
              options={page.serviceOptions.map((option) => ({ value: option.id, label: option.name }))}
              onChange={setServiceId}
            />
            <QuoteSection serviceId={serviceId} location={location} />
          </div>
        </section>
      </div>
    </main>
  )
}

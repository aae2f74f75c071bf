import { useState } from 'react'
import { LinkColumns } from '#src/components/link-columns.tsx'
import { OptionPicker } from '#src/components/option-picker.tsx'
import { QuoteSection } from '#src/components/quote-section.tsx'
import type { TownPageData } from '#src/lib/site-data.ts'
import { PageHero } from './page-hero.tsx'
import { QuoteColumns, TownPagePicker } from './quote-columns.tsx'

/** /{comuneSlug}: the town's introduction, the pickers, the quote form and every service in the town (docs/product.md §2.3). */
export function TownPage({ page }: { page: TownPageData }) {
  const { comune } = page
  const [serviceId, setServiceId] = useState(page.serviceOptions[0]!.id)
  const location = { label: `${comune.name}, MI, Italia`, placeId: comune.placeId }

  return (
    <main id="contenuto" className="flex-1">
      <PageHero eyebrow="Città metropolitana di Milano" lead={page.intro}>
        Artigiani a {comune.name}
      </PageHero>
      <QuoteColumns
        quoteTitle={`Preventivo gratuito a ${comune.name}`}
        quote={
          <>
            <TownPagePicker value={comune.slug} options={page.townOptions} />
            <OptionPicker
              label="Scegli il servizio"
              value={serviceId}
              options={page.serviceOptions.map((option) => ({ value: option.id, label: option.name }))}
              onChange={setServiceId}
            />
            <QuoteSection serviceId={serviceId} location={location} />
          </>
        }
      >
        <section aria-labelledby="servizi-disponibili">
          <h2 id="servizi-disponibili" className="text-2xl font-bold">
            Servizi Disponibili a {comune.name}
          </h2>
          <p className="mt-2 mb-6 text-muted">Ogni servizio ha la sua pagina con i dettagli dell'intervento a {comune.name}.</p>
          <LinkColumns label={`Servizi a ${comune.name}`} links={page.services.map((s) => ({ path: s.path, name: s.name }))} />
        </section>
      </QuoteColumns>
    </main>
  )
}

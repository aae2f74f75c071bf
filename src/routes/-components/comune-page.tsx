import { LinkColumns } from '#src/components/link-columns.tsx'
import { Island } from '#src/islands/island.tsx'
import { ComuneQuotePanel } from '#src/islands/quote-panels.tsx'
import type { ComunePageData } from '#src/lib/site-data.ts'
import { ArtisansSection } from './artisans-section.tsx'
import { PageHero } from './page-hero.tsx'
import { QuoteColumns } from './quote-columns.tsx'

/** /{comuneSlug}: the town's introduction, the pickers, the quote form and every service in the town (docs/product.md §2.3). */
export function ComunePage({ page }: { page: ComunePageData }) {
  const { comune } = page

  return (
    <main id="contenuto" className="flex-1">
      <PageHero eyebrow="Città metropolitana di Milano" lead={page.intro}>
        Artigiani a {comune.name}
      </PageHero>
      <QuoteColumns
        quoteTitle={`Preventivo gratuito a ${comune.name}`}
        quote={
          <Island
            name="comune-quote"
            component={ComuneQuotePanel}
            props={{
              comune: { name: comune.name, slug: comune.slug, placeId: comune.placeId },
              comuneOptions: page.comuneOptions,
              serviceId: page.services[0]!.id,
            }}
          />
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
      <ArtisansSection title={`Artigiani che lavorano a ${comune.name}`} artisans={page.artisans} />
    </main>
  )
}

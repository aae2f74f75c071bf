import { Link } from '@tanstack/react-router'
import { LinkColumns } from '#src/components/link-columns.tsx'
import { Island } from '#src/islands/island.tsx'
import { ServiceQuotePanel } from '#src/islands/quote-panels.tsx'
import { useClientConfig } from '#src/lib/client-config.ts'
import type { ServicePageData } from '#src/lib/site-data.ts'
import { ArtisansSection } from './artisans-section.tsx'
import { PageHero } from './page-hero.tsx'
import { QuoteColumns, ServiceDescription } from './quote-columns.tsx'

const guarantees = ['Sopralluogo e preventivo gratuiti', 'Artigiani selezionati e verificati', 'Fattura diretta, nessuna commissione']

/** /{serviceId}: the service, its description, the service-and-location picker and the quote form (docs/product.md §2.3). */
export function ServicePage({ page }: { page: ServicePageData }) {
  const { service } = page
  const mapsKey = useClientConfig().googleMapsApiKey

  return (
    <main id="contenuto" className="flex-1">
      <PageHero image={service.image} eyebrow={service.category.name}>
        Richiedi un Preventivo per {service.name}
      </PageHero>
      <QuoteColumns
        quoteTitle="Chiedi il tuo preventivo gratuito"
        quote={
          <Island
            name="service-quote"
            component={ServiceQuotePanel}
            props={{ serviceId: service.id, serviceOptions: page.serviceOptions, mapsKey }}
            hydrate="carried"
          />
        }
      >
        <ServiceDescription title={`${service.name} a Milano e provincia`} paragraphs={service.paragraphs} promises={guarantees}>
          <p className="mt-6 text-sm text-muted">
            Fa parte di{' '}
            <Link to="/$slug" params={{ slug: service.category.slug }} className="font-medium text-brand-700 underline">
              {service.category.name}
            </Link>
            .
          </p>
        </ServiceDescription>
      </QuoteColumns>
      <ArtisansSection title={`Artigiani per ${service.name} a Milano e provincia`} artisans={page.artisans} />
      <section aria-labelledby="comuni-serviti" className="border-t border-gray-200 bg-gray-50">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="comuni-serviti" className="text-2xl font-bold">
            {service.name} nei comuni della provincia di Milano
          </h2>
          <p className="mt-2 mb-6 text-muted">Scegli il tuo comune per vedere il servizio nella tua zona.</p>
          <LinkColumns
            label={`${service.name} per comune`}
            spoken={`${service.name} a`}
            links={page.comuni.map((comune) => ({ path: comune.path, name: comune.name }))}
          />
        </div>
      </section>
    </main>
  )
}

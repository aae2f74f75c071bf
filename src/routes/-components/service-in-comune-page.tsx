import { Link } from '@tanstack/react-router'
import { Island } from '#src/islands/island.tsx'
import { ServiceInComuneQuotePanel } from '#src/islands/quote-panels.tsx'
import type { ServiceInComunePageData } from '#src/lib/site-data.ts'
import { ArtisansSection } from './artisans-section.tsx'
import { PageHero } from './page-hero.tsx'
import { QuoteColumns, ServiceDescription } from './quote-columns.tsx'

/** /s/{service}-{town}-{code}: one service in one town; changing either lands on the new URL with its code (docs/product.md §2.3). */
export function ServiceInComunePage({ page }: { page: ServiceInComunePageData }) {
  const { service, comune } = page

  return (
    <main id="contenuto" className="flex-1">
      <PageHero image={service.image} eyebrow={`${service.name} · ${comune.name}`}>
        Preventivi {service.name} a {comune.name}
      </PageHero>
      <QuoteColumns
        quoteTitle="Richiedi il preventivo"
        quote={
          <Island
            name="service-in-comune-quote"
            component={ServiceInComuneQuotePanel}
            props={{
              serviceId: service.id,
              comune: { name: comune.name, slug: comune.slug, placeId: comune.placeId },
              serviceOptions: page.serviceOptions,
              comuneOptions: page.comuneOptions,
            }}
          />
        }
      >
        <ServiceDescription
          title={`${service.name} a ${comune.name}: come funziona`}
          paragraphs={service.paragraphs}
          promises={[`Artigiani che lavorano a ${comune.name} e dintorni`, 'Sopralluogo e preventivo gratuiti', 'Contatto diretto e fattura dall’artigiano']}
        >
          <p className="mt-6 text-sm text-muted">
            Vedi anche{' '}
            <Link to="/$slug" params={{ slug: service.id }} className="font-medium text-brand-700 underline">
              {service.name} in tutta la provincia
            </Link>{' '}
            e{' '}
            <Link to="/$slug" params={{ slug: comune.slug }} className="font-medium text-brand-700 underline">
              tutti gli artigiani a {comune.name}
            </Link>
            .
          </p>
          {page.nearbyServices.length > 0 && (
            <>
              <h2 className="mt-10 text-xl font-bold">Altri servizi a {comune.name}</h2>
              <ul className="mt-4 flex flex-wrap gap-2">
                {page.nearbyServices.map((other) => (
                  <li key={other.id}>
                    <Link
                      to={other.path}
                      className="inline-block rounded-full border border-gray-300 px-3 py-1.5 text-sm hover:border-brand-600 hover:text-brand-700"
                    >
                      {other.name} a {comune.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </ServiceDescription>
      </QuoteColumns>
      <ArtisansSection title={`Artigiani per ${service.name} a ${comune.name}`} artisans={page.artisans} />
    </main>
  )
}

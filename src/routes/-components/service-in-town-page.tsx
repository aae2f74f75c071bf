import { Link, useNavigate } from '@tanstack/react-router'
import { CheckCircle2Icon } from 'lucide-react'
import { OptionPicker } from '#src/components/option-picker.tsx'
import { QuoteSection } from '#src/components/quote-section.tsx'
import type { ServiceInTownPageData } from '#src/lib/site-data.ts'
import { PageHero } from './page-hero.tsx'

/** /s/{service}-{town}-{code}: one service in one town; changing either lands on the new URL with its code (docs/product.md §2.3). */
export function ServiceInTownPage({ page }: { page: ServiceInTownPageData }) {
  const { service, comune } = page
  const navigate = useNavigate()
  const location = { label: `${comune.name}, MI, Italia`, placeId: comune.placeId }

  return (
    <main id="contenuto" className="flex-1">
      <PageHero image={service.image} eyebrow={`${service.name} · ${comune.name}`}>
        Preventivi {service.name} a {comune.name}
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_26rem]">
        <section aria-labelledby="descrizione-servizio">
          <h2 id="descrizione-servizio" className="text-2xl font-bold">
            {service.name} a {comune.name}: come funziona
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-muted">
            {service.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
          <ul className="mt-6 grid gap-2">
            {[`Artigiani che lavorano a ${comune.name} e dintorni`, 'Sopralluogo e preventivo gratuiti', 'Contatto diretto e fattura dall’artigiano'].map(
              (text) => (
                <li key={text} className="flex items-center gap-2 font-medium">
                  <CheckCircle2Icon className="size-5 text-green-700" aria-hidden />
                  {text}
                </li>
              ),
            )}
          </ul>
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
        </section>
        <section aria-labelledby="richiesta" className="h-fit rounded-xl bg-white p-5 shadow-lg ring-1 ring-gray-200 sm:p-6 lg:sticky lg:top-20">
          <h2 id="richiesta" className="text-xl font-bold">
            Richiedi il preventivo
          </h2>
          <div className="mt-4 grid gap-4">
            <OptionPicker
              label="Scegli il servizio"
              value={service.id}
              options={page.serviceOptions.map((option) => ({ value: option.id, label: option.name }))}
              onChange={(id) => {
                const next = page.serviceOptions.find((option) => option.id === id)
                if (next) void navigate({ to: next.path })
              }}
            />
            <OptionPicker
              label="Scegli il comune"
              value={comune.slug}
              options={page.townOptions.map((town) => ({ value: town.slug, label: town.name }))}
              onChange={(slug) => {
                const next = page.townOptions.find((town) => town.slug === slug)
                if (next) void navigate({ to: next.path })
              }}
            />
            <QuoteSection serviceId={service.id} location={location} />
          </div>
        </section>
      </div>
    </main>
  )
}

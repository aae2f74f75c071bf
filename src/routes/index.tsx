import { createFileRoute, Link } from '@tanstack/react-router'
import { BadgeCheckIcon, HandshakeIcon, ReceiptTextIcon, ScaleIcon } from 'lucide-react'
import { HomeSearch } from '../islands/home-search.tsx'
import { Island } from '../islands/island.tsx'
import { outlineCtaClass } from '../lib/class-names.ts'
import { useClientConfig } from '../lib/client-config.ts'
import { organizationJsonLd, pageHead, SITE_NAME } from '../lib/seo-head.ts'
import { HOME_PROMISE, MAX_ARTISANS_PER_REQUEST, PROPOSAL_STEP, QUOTES_STEP } from '#shared/promise.ts'
import { ContentSection } from './-components/content-section.tsx'
import { Feature } from './-components/feature.tsx'
import { ServiceCard } from './-components/service-card.tsx'

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.site.home(),
  head: ({ match }) => ({
    ...pageHead({
      title: null,
      description: null,
      keywords: null,
      path: '/',
      publicUrl: match.context.publicUrl,
      jsonLd: [
        organizationJsonLd(match.context.publicUrl),
        { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: `${match.context.publicUrl}/`, inLanguage: 'it-IT' },
      ],
    }),
  }),
  component: HomePage,
})

const promises = [
  { icon: BadgeCheckIcon, title: 'Artigiani selezionati', text: 'Lavoriamo solo con professionisti verificati, con esperienza e referenze controllate.' },
  { icon: ScaleIcon, title: 'Nessuna gara al ribasso', text: HOME_PROMISE },
  { icon: HandshakeIcon, title: 'Contatto diretto', text: 'Parli direttamente con l’artigiano: sopralluogo e preventivo sono gratuiti.' },
  { icon: ReceiptTextIcon, title: 'Fattura diretta', text: 'L’artigiano ti fattura il lavoro direttamente, senza intermediari né commissioni.' },
]

const steps = [
  ['Descrivi il lavoro', 'Scegli il servizio, indica il comune e racconta in poche righe di cosa hai bisogno.'],
  ['Un artigiano ti chiama', PROPOSAL_STEP],
  ['Ricevi i preventivi', QUOTES_STEP],
] as const

function HomePage() {
  const data = Route.useLoaderData()
  const mapsKey = useClientConfig().googleMapsApiKey

  return (
    <main id="contenuto" className="flex-1">
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-50 via-white to-trade-50">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-10 sm:py-14 lg:grid-cols-[1.1fr_0.9fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Milano e provincia · 133 comuni</p>
            <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">Trova l'artigiano giusto a Milano e provincia</h1>
            <p className="mt-4 max-w-2xl text-lg text-muted">
              Scegli il servizio, indica l'indirizzo e ricevi fino a {MAX_ARTISANS_PER_REQUEST} preventivi gratuiti e senza impegno da artigiani selezionati e
              verificati della tua zona.
            </p>
            <Island name="home-search" component={HomeSearch} props={{ services: data.services, mapsKey }} />
          </div>
          <img
            src="/images/hero-artigiani.svg"
            width={560}
            height={480}
            alt="Un artigiano al lavoro in un appartamento milanese, con lo skyline della città sullo sfondo"
            fetchPriority="high"
            className="mx-auto hidden h-auto w-full max-w-[560px] lg:block"
          />
        </div>
      </section>

      <section aria-labelledby="perche" className="border-y border-gray-200 bg-white">
        <h2 id="perche" className="sr-only">
          Perché scegliere {SITE_NAME}
        </h2>
        <ul className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-2 lg:grid-cols-4">
          {promises.map(({ icon: Icon, title, text }) => (
            <Feature key={title} className="flex gap-3" media={<Icon className="mt-0.5 size-6 shrink-0 text-brand-600" aria-hidden />} title={title} beside>
              {text}
            </Feature>
          ))}
        </ul>
      </section>

      <ContentSection
        id="servizi-richiesti"
        title="I servizi più richiesti"
        lead="Gli interventi che le famiglie di Milano e provincia ci chiedono più spesso."
      >
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {data.topServices.map((service) => (
            <ServiceCard key={service.id} service={service} beside />
          ))}
        </ul>
        <div className="mt-8 text-center">
          <Link to="/i-nostri-artigiani" className={outlineCtaClass}>
            Visualizza tutti i Servizi
          </Link>
        </div>
      </ContentSection>

      <ContentSection id="come-funziona" title="Come funziona" band="bg-gray-50">
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          {steps.map(([title, text], index) => (
            <Feature
              key={title}
              media={
                <span className="flex size-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white" aria-hidden>
                  {index + 1}
                </span>
              }
              title={title}
            >
              {text}
            </Feature>
          ))}
        </ol>
      </ContentSection>
    </main>
  )
}

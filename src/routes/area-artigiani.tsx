import { createFileRoute } from '@tanstack/react-router'
import {
  BriefcaseIcon,
  CalendarCheckIcon,
  ClipboardCheckIcon,
  FileTextIcon,
  HandshakeIcon,
  InboxIcon,
  ReceiptTextIcon,
  TrendingUpIcon,
  UsersIcon,
  WrenchIcon,
} from 'lucide-react'
import { ArtisanApplicationForm } from '../components/forms/artisan-application-form.tsx'
import { Island } from '../islands/island.tsx'
import { fixedPageHead } from '../lib/seo-head.ts'
import { ARTISANS_PAGE_PROMISE } from '#shared/promise.ts'
import { ContentSection } from './-components/content-section.tsx'
import { Feature } from './-components/feature.tsx'

export const Route = createFileRoute('/area-artigiani')({
  head: fixedPageHead({
    title: 'Area Artigiani - Entra nella Rete di Artigiani Milano',
    description:
      'Sei un artigiano di Milano o provincia? Candidati alla nostra rete: richieste di lavoro nella tua zona, contatto diretto con i clienti e fattura a tuo nome.',
    keywords: 'lavoro artigiani Milano, diventa partner, rete artigiani, clienti per artigiani, candidatura artigiano',
    path: '/area-artigiani',
  }),
  component: ArtisanAreaPage,
})

const benefits = [
  {
    icon: InboxIcon,
    title: 'Richieste nella tua zona',
    text: 'Ricevi solo richieste di clienti dei comuni in cui lavori e per i servizi che offri: niente viaggi inutili.',
  },
  {
    icon: HandshakeIcon,
    title: 'Nessuna gara al ribasso',
    text: ARTISANS_PAGE_PROMISE,
  },
  { icon: TrendingUpIcon, title: 'Cresci con il tuo nome', text: 'Tratti direttamente con il cliente e fatturi tu: il lavoro e la reputazione restano tuoi.' },
]

const steps = [
  { icon: FileTextIcon, title: 'Invia la candidatura', text: 'Compila il modulo con i dati della tua attività, i settori e le zone in cui lavori.' },
  { icon: ClipboardCheckIcon, title: 'Verifica dei requisiti', text: 'Controlliamo iscrizione, assicurazione ed esperienza e ti chiamiamo per conoscerti.' },
  { icon: UsersIcon, title: 'Ricevi le richieste', text: 'Ti inoltriamo le richieste dei clienti della tua zona per i tuoi servizi.' },
  { icon: CalendarCheckIcon, title: 'Contatto diretto', text: 'Chiami il cliente, fissi il sopralluogo e concordi con lui i dettagli del lavoro.' },
  { icon: WrenchIcon, title: 'Esegui il lavoro', text: 'Realizzi l’intervento a regola d’arte, nei tempi promessi.' },
  { icon: ReceiptTextIcon, title: 'Fatturazione diretta', text: 'Fatturi direttamente al cliente: nessuna commissione sul tuo lavoro.' },
]

function ArtisanAreaPage() {
  return (
    <main id="contenuto" className="flex-1">
      <section className="bg-gradient-to-br from-trade-800 to-trade-600 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-trade-50 uppercase">
            <BriefcaseIcon className="size-4" aria-hidden /> Area Artigiani
          </p>
          <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight sm:text-5xl">Più clienti nella tua zona, senza intermediari</h1>
          <p className="mt-4 max-w-2xl text-lg text-trade-50">
            Entra nella rete di Artigiani Milano: ti mandiamo richieste di lavoro reali da famiglie e condomini di Milano e provincia. Tu pensi al mestiere, noi
            ai clienti.
          </p>
          <a
            href="#candidatura"
            className="mt-8 inline-flex items-center rounded-md bg-white px-6 py-3 font-semibold text-trade-800 shadow-sm hover:bg-trade-50"
          >
            Candidati ora
          </a>
          <p className="mt-4">
            <a href="/artigiano/accedi" className="font-semibold text-white underline">
              Sei già nella nostra rete? Accedi all'area artigiani
            </a>
          </p>
        </div>
      </section>

      <ContentSection id="vantaggi-artigiani" title="Perché entrare nella rete">
        <ul className="mt-6 grid gap-5 md:grid-cols-3">
          {benefits.map(({ icon: Icon, title, text }) => (
            <Feature
              key={title}
              className="rounded-xl border border-gray-200 p-6 shadow-sm"
              media={
                <span className="flex size-11 items-center justify-center rounded-lg bg-trade-50 text-trade-700">
                  <Icon className="size-6" aria-hidden />
                </span>
              }
              title={title}
              titleClassName="mt-4 text-lg font-semibold"
              textClassName="mt-1 text-muted"
            >
              {text}
            </Feature>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="titolo-candidatura" anchor="candidatura" title="Invia la tua candidatura" band="scroll-mt-20 bg-gray-50" width="max-w-3xl">
        <p className="mt-2 mb-6 text-muted">Bastano pochi minuti. Ti ricontattiamo entro pochi giorni lavorativi.</p>
        <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8">
          <Island name="application-form" component={ArtisanApplicationForm} props={{}} />
        </div>
      </ContentSection>

      <ContentSection id="come-funziona-artigiani" title="Come funziona, in sei passi">
        <ol className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <Feature
              key={title}
              className="flex gap-4 rounded-xl border border-gray-200 p-5"
              media={
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-trade-600 font-bold text-white" aria-hidden>
                  {index + 1}
                </span>
              }
              title={
                <>
                  <Icon className="size-4 text-trade-600" aria-hidden />
                  {title}
                </>
              }
              titleClassName="flex items-center gap-2 font-semibold"
              beside
            >
              {text}
            </Feature>
          ))}
        </ol>
      </ContentSection>
    </main>
  )
}

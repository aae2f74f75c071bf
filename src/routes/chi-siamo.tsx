import { createFileRoute, Link } from '@tanstack/react-router'
import {
  AwardIcon,
  BadgeCheckIcon,
  ClockIcon,
  EyeIcon,
  FlagIcon,
  HammerIcon,
  HandHeartIcon,
  HeadsetIcon,
  HeartIcon,
  KeyRoundIcon,
  type LucideIcon,
  MapPinnedIcon,
  NetworkIcon,
  RocketIcon,
  SearchCheckIcon,
  ShieldCheckIcon,
  SparklesIcon,
  TargetIcon,
  TimerIcon,
  UsersIcon,
} from 'lucide-react'
import { teamImage } from '#shared/images.ts'
import { ABOUT_PROMISE, MAX_ARTISANS_PER_REQUEST, QUICK_QUOTES, SAVED_CALLS } from '#shared/promise.ts'
import { fixedPageHead } from '../lib/seo-head.ts'
import { ContentSection } from './-components/content-section.tsx'
import { Feature } from './-components/feature.tsx'

export const Route = createFileRoute('/chi-siamo')({
  head: fixedPageHead({
    title: 'Chi Siamo - La Rete di Artigiani Verificati di Milano',
    description:
      'Dal 2019 mettiamo in contatto le famiglie di Milano e provincia con artigiani selezionati: missione, valori, squadra e storia di Artigiani Milano.',
    keywords: 'chi siamo, Artigiani Milano, rete artigiani verificati, storia, valori, squadra',
    path: '/chi-siamo',
  }),
  component: AboutPage,
})

const values: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: BadgeCheckIcon,
    title: 'Solo artigiani verificati',
    text: 'Controlliamo iscrizione camerale, assicurazione, esperienza e referenze prima di far entrare un artigiano nella rete.',
  },
  {
    icon: ClockIcon,
    title: 'Affidabilità e puntualità',
    text: 'Chi lavora con noi rispetta gli appuntamenti e i tempi concordati: è la prima cosa che i clienti ci chiedono.',
  },
  { icon: EyeIcon, title: 'Trasparenza', text: 'Preventivi chiari, voce per voce, senza costi nascosti. Quello che leggi è quello che paghi.' },
  { icon: HeartIcon, title: 'Passione per il mestiere', text: 'Crediamo nel lavoro fatto a regola d’arte e negli artigiani che ne vanno fieri.' },
]

const team: { slug: string; name: string; role: string; profileUrl: string }[] = [
  { slug: 'giulia-ferrari', name: 'Giulia Ferrari', role: 'Fondatrice e amministratrice', profileUrl: '#' },
  { slug: 'marco-colombo', name: 'Marco Colombo', role: 'Responsabile rete artigiani', profileUrl: '#' },
  { slug: 'sara-bianchi', name: 'Sara Bianchi', role: 'Assistenza clienti', profileUrl: '#' },
  { slug: 'luca-rossi', name: 'Luca Rossi', role: 'Selezione e verifica artigiani', profileUrl: '#' },
  { slug: 'elena-galli', name: 'Elena Galli', role: 'Marketing e comunicazione', profileUrl: '#' },
  { slug: 'davide-conti', name: 'Davide Conti', role: 'Sviluppo tecnologico', profileUrl: '#' },
]

const timeline: { year: string; title: string; text: string; icon: LucideIcon }[] = [
  {
    year: '2019',
    title: 'L’idea',
    text: 'Nasce a Milano dall’esperienza di chi, cercando un idraulico affidabile, ha trovato solo passaparola e attese.',
    icon: SparklesIcon,
  },
  {
    year: '2020',
    title: 'I primi artigiani',
    text: 'Venti artigiani di Milano città aderiscono alla rete e accettano le nostre regole: sopralluogo gratuito e prezzi chiari.',
    icon: HammerIcon,
  },
  {
    year: '2021',
    title: 'La provincia',
    text: 'Arriviamo nell’hinterland: Sesto San Giovanni, Cinisello Balsamo, Rho, Legnano e i comuni del Sud Milano.',
    icon: MapPinnedIcon,
  },
  {
    year: '2022',
    title: 'La verifica sistematica',
    text: 'Introduciamo il controllo di documenti, assicurazioni e referenze per ogni nuovo artigiano.',
    icon: SearchCheckIcon,
  },
  {
    year: '2023',
    title: 'Ventinove mestieri',
    text: 'Dalla domotica al restauro: la rete copre ventinove servizi in tutti i comuni della Città metropolitana.',
    icon: NetworkIcon,
  },
  {
    year: 'Oggi',
    title: 'Una rete di fiducia',
    text: 'Migliaia di richieste l’anno e un obiettivo che non cambia: l’artigiano giusto, vicino a casa tua.',
    icon: RocketIcon,
  },
]

const benefits: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: KeyRoundIcon, title: 'Accesso esclusivo', text: 'Professionisti che spesso non trovi online, selezionati e seguiti da noi.' },
  { icon: TimerIcon, title: 'Preventivi rapidi e trasparenti', text: QUICK_QUOTES },
  { icon: ClockIcon, title: 'Risparmio di tempo', text: SAVED_CALLS },
  { icon: ShieldCheckIcon, title: 'Garanzia di qualità', text: 'Se qualcosa non va, ce ne occupiamo noi con l’artigiano fino alla soluzione.' },
  { icon: HeadsetIcon, title: 'Supporto dedicato', text: 'Un operatore ti segue dalla richiesta al sopralluogo, per telefono o per e-mail.' },
  { icon: HandHeartIcon, title: 'Valore per il territorio', text: 'Ogni lavoro affidato sostiene piccole imprese artigiane di Milano e provincia.' },
]

function AboutPage() {
  return (
    <main id="contenuto" className="flex-1">
      <section className="bg-gradient-to-br from-brand-50 via-white to-trade-50">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Chi Siamo</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight sm:text-5xl">Artigiani di fiducia, vicino a casa tua</h1>
          <p className="mt-4 max-w-3xl text-lg text-muted">
            Artigiani Milano è la rete che mette in contatto famiglie, condomini e piccole imprese di Milano e provincia con artigiani selezionati uno per uno.{' '}
            {ABOUT_PROMISE}
          </p>
        </div>
      </section>

      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-2" aria-label="Missione e visione">
        <article className="rounded-xl border border-gray-200 p-6">
          <TargetIcon className="size-8 text-brand-600" aria-hidden />
          <h2 className="mt-3 text-2xl font-bold">La nostra missione</h2>
          <p className="mt-3 text-muted">
            Rendere semplice e sicuro trovare un artigiano: ascoltiamo la tua richiesta, scegliamo fino a {MAX_ARTISANS_PER_REQUEST} professionisti adatti della
            tua zona e ti accompagniamo fino al preventivo, gratuito e senza impegno.
          </p>
        </article>
        <article className="rounded-xl border border-gray-200 p-6">
          <FlagIcon className="size-8 text-trade-600" aria-hidden />
          <h2 className="mt-3 text-2xl font-bold">La nostra visione</h2>
          <p className="mt-3 text-muted">
            Un territorio in cui il buon lavoro artigiano viene riconosciuto e premiato, e in cui chiunque, per una riparazione o una ristrutturazione, sa a chi
            rivolgersi con fiducia.
          </p>
        </article>
      </section>

      <ContentSection id="valori" title="I nostri valori" band="bg-gray-50">
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {values.map(({ icon: Icon, title, text }) => (
            <Feature key={title} media={<Icon className="size-7 text-brand-600" aria-hidden />} title={title}>
              {text}
            </Feature>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="squadra" title="La squadra" lead="Le persone che ogni giorno rispondono alle tue richieste e selezionano gli artigiani.">
        <ul className="mt-6 grid grid-cols-2 gap-6 md:grid-cols-3">
          {team.map((member) => {
            const image = teamImage(member.slug)
            return (
              <li key={member.slug} className="text-center">
                <img
                  src={image.src}
                  width={image.width}
                  height={image.height}
                  alt={`Ritratto di ${member.name}`}
                  loading="lazy"
                  decoding="async"
                  className="mx-auto size-28 rounded-full sm:size-36"
                />
                <h3 className="mt-3 font-semibold">{member.name}</h3>
                <p className="text-sm text-muted">{member.role}</p>
                {member.profileUrl !== '#' && (
                  <a href={member.profileUrl} className="mt-1 inline-block text-sm text-brand-700 underline" rel="noopener noreferrer" target="_blank">
                    Profilo professionale
                  </a>
                )}
              </li>
            )
          })}
        </ul>
      </ContentSection>

      <ContentSection id="storia" title="La nostra storia" band="bg-gray-50" width="max-w-4xl">
        <ol className="mt-8 space-y-8 border-l-2 border-brand-600/30 pl-6">
          {timeline.map(({ year, title, text, icon: Icon }) => (
            <li key={year} className="relative">
              <span className="absolute top-0 -left-[2.45rem] flex size-8 items-center justify-center rounded-full bg-brand-600 text-white">
                <Icon className="size-4" aria-hidden />
              </span>
              <p className="text-sm font-bold text-brand-700">{year}</p>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-muted">{text}</p>
            </li>
          ))}
        </ol>
      </ContentSection>

      <ContentSection id="vantaggi" title="Perché sceglierci">
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map(({ icon: Icon, title, text }) => (
            <Feature
              key={title}
              className="flex gap-4 rounded-xl border border-gray-200 p-5"
              media={<Icon className="size-7 shrink-0 text-brand-600" aria-hidden />}
              title={title}
              beside
            >
              {text}
            </Feature>
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-center gap-3 rounded-xl bg-brand-600 p-8 text-center text-white">
          <AwardIcon className="size-8" aria-hidden />
          <p className="text-xl font-bold">Hai un lavoro da fare in casa?</p>
          <Link
            to="/"
            className="inline-flex items-center justify-center rounded-md bg-white px-6 py-3 font-semibold text-brand-700 shadow-sm hover:bg-gray-100"
          >
            Chiedi un preventivo gratuito
          </Link>
          <p className="text-sm">
            Sei un artigiano?{' '}
            <Link to="/area-artigiani" className="font-semibold underline">
              Entra nella rete
            </Link>
            <UsersIcon className="ml-1 inline size-4" aria-hidden />
          </p>
        </div>
      </ContentSection>
    </main>
  )
}

import { createFileRoute, Link } from '@tanstack/react-router'
import { ClockIcon, HandshakeIcon, StarIcon } from 'lucide-react'
import type { inferRouterOutputs } from '@trpc/server'
import type { ReactNode } from 'react'
import type { AppRouter } from '#server/trpc/router.ts'
import { AreaPage } from '#src/components/area/area-page.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Card, CardContent } from '#src/components/ui/card.tsx'
import { prefetch } from '#src/lib/admin-handle.ts'
import { formatDuration } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { PROMISE_DEADLINE } from '#shared/promise.ts'

export const Route = createFileRoute('/artigiano/numeri')({
  loader: ({ context }) => prefetch(context.admin, (trpc) => trpc.area.figures.get.queryOptions()),
  component: FiguresPage,
})

type Band = 'top' | 'middle' | 'bottom'

const percent = new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 0 })
const decimal = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 })

/** What each band says of each figure: plain words for the middle and the bottom too. */
const BAND_WORDS: Record<'responseTime' | 'acceptance' | 'rating', Record<Band, string>> = {
  responseTime: {
    top: 'Tra i più rapidi della tua zona',
    middle: 'Nella media della tua zona',
    bottom: 'Più lento della maggior parte della tua zona',
  },
  acceptance: {
    top: 'Tra chi accetta più lavori nella tua zona',
    middle: 'Nella media della tua zona',
    bottom: 'Accetti meno lavori della maggior parte della tua zona',
  },
  rating: {
    top: 'Tra i più apprezzati della tua zona',
    middle: 'Nella media della tua zona',
    bottom: 'Valutato meno della maggior parte della tua zona',
  },
}
const BAND_VARIANT = { top: 'success', middle: 'info', bottom: 'warning' } as const

/** "I tuoi numeri": how the craftsman answers and is rated, as the office sees it, where they stand and what helps. */
function FiguresPage() {
  return (
    <AreaPage
      title="I tuoi numeri"
      intro="Gli stessi numeri che vede l’ufficio, su tutte le offerte che hai ricevuto."
      options={(trpc) => trpc.area.figures.get.queryOptions()}
      loading="Caricamento dei tuoi numeri..."
      failed="Impossibile caricare i tuoi numeri."
    >
      {(data) => <Figures data={data} />}
    </AreaPage>
  )
}

type FiguresData = inferRouterOutputs<AppRouter>['area']['figures']['get']

function Figures({ data }: { data: FiguresData }) {
  const { responseTime, acceptance, rating, zone } = data
  const zoneWords = zone.length ? zone.map((place) => `${place.sector} a ${place.comune}`).join(', ') : null
  return (
    <>
      <Figure
        id="tempo-di-risposta"
        icon={<ClockIcon className="size-5" aria-hidden />}
        title="Tempo di risposta"
        value={responseTime.medianMs === null ? '—' : formatDuration(responseTime.medianMs)}
        caption={
          responseTime.medianMs === null
            ? 'Nessuna risposta finora: il tempo compare dalla prima offerta a cui rispondi.'
            : 'A metà delle offerte rispondi entro questo tempo (tempo mediano dall’offerta alla risposta).'
        }
        note={responseTime.onProfile ? `Sul tuo profilo pubblico: «${responseTime.onProfile}».` : 'Sul profilo pubblico il tempo compare dopo 3 risposte.'}
        comparison={responseTime.comparison}
        bandWords={BAND_WORDS.responseTime}
        tips={[
          'Rispondi appena arriva un’offerta, dall’e-mail o da «Offerte»: anche «Non sono disponibile» è una risposta e conta.',
          'Ricevi le offerte per e-mail subito, non solo nel riepilogo del giorno (Notifiche).',
          'Se parti o sei pieno di lavoro, mettiti in pausa (Disponibilità): non ricevi offerte a cui non puoi rispondere.',
        ]}
      />
      <Figure
        id="accettazione"
        icon={<HandshakeIcon className="size-5" aria-hidden />}
        title="Lavori accettati"
        value={acceptance.rate === null ? '—' : percent.format(acceptance.rate)}
        caption={
          acceptance.answerable
            ? `${countOf(acceptance.accepted, 'accettato', 'accettati')} su ${countOf(acceptance.answerable, 'offerta ricevuta', 'offerte ricevute')}${
                acceptance.withdrawn
                  ? ` (${countOf(acceptance.withdrawn, 'rinuncia', 'rinunce')} dopo aver accettato non ${acceptance.withdrawn === 1 ? 'conta' : 'contano'})`
                  : ''
              }.`
            : 'Nessuna offerta ricevuta finora.'
        }
        note="Chi accetta più spesso ed è valutato meglio riceve le nuove richieste per primo."
        comparison={acceptance.comparison}
        bandWords={BAND_WORDS.acceptance}
        tips={[
          'Tieni aggiornati mestieri e zone (Zone): ti arrivano solo lavori che puoi fare, vicino a te.',
          'Se per un periodo non puoi lavorare, mettiti in pausa invece di rifiutare le offerte.',
          'Rinunciare a un lavoro già accettato lo toglie dagli accettati: accetta quando sei sicuro di chiamare.',
        ]}
      />
      <Figure
        id="valutazione"
        icon={<StarIcon className="size-5" aria-hidden />}
        title="Valutazione media"
        value={rating.average === null ? '—' : `${decimal.format(rating.average)}/5`}
        caption={rating.count ? `Da ${countOf(rating.count, 'valutazione', 'valutazioni')} dei clienti.` : 'Nessuna valutazione finora.'}
        note="I clienti valutano il lavoro quando lo hai accettato: le recensioni pubbliche sono in «Recensioni»."
        comparison={rating.comparison}
        bandWords={BAND_WORDS.rating}
        tips={[
          `Chiama il cliente appena accetti: a chi chiede il preventivo promettiamo una chiamata ${PROMISE_DEADLINE} dalla richiesta.`,
          'Rispetta appuntamenti e preventivi; a lavoro finito chiedi se è tutto a posto.',
          'Rispondi alle recensioni con cortesia, anche a quelle meno buone.',
        ]}
      />
      <p className="text-sm text-muted">
        {zoneWords ? (
          <>
            Il confronto è con gli artigiani attivi che lavorano nei tuoi mestieri dove hai la base: {zoneWords}. Senza almeno 5 artigiani con abbastanza dati
            non diamo una posizione.
          </>
        ) : (
          <>
            Per confrontarti con la tua zona imposta dove lavori in{' '}
            <Link to="/artigiano/zone" className="font-medium text-brand-700 underline">
              Zone
            </Link>
            .
          </>
        )}
      </p>
    </>
  )
}

function Figure({
  id,
  icon,
  title,
  value,
  caption,
  note,
  comparison,
  bandWords,
  tips,
}: {
  id: string
  icon: ReactNode
  title: string
  value: string
  caption: string
  note: string
  comparison: FiguresData['rating']['comparison']
  bandWords: Record<Band, string>
  tips: string[]
}) {
  return (
    <Card aria-labelledby={`${id}-titolo`} role="region">
      <CardContent className="grid gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="grid gap-1">
            <h2 id={`${id}-titolo`} className="flex items-center gap-2 font-semibold text-ink">
              {icon}
              {title}
            </h2>
            <p className="text-3xl font-bold text-ink">{value}</p>
          </div>
          {comparison.band ? (
            <div className="grid justify-items-start gap-0.5 sm:justify-items-end">
              <Badge variant={BAND_VARIANT[comparison.band]} className="whitespace-normal py-1 text-sm">
                {bandWords[comparison.band]}
              </Badge>
              <span className="text-xs text-muted">Su {countOf(comparison.peers, 'artigiano', 'artigiani')} della tua zona</span>
            </div>
          ) : (
            <span className="text-sm text-muted">
              {comparison.missing === 'peers' ? 'Troppo pochi artigiani per un confronto' : 'Confronto con la zona non ancora possibile'}
            </span>
          )}
        </div>
        <p className="text-sm text-gray-700">{caption}</p>
        <p className="text-sm text-gray-700">{note}</p>
        <div className="grid gap-1.5 rounded-lg bg-gray-50 p-3">
          <h3 className="text-sm font-semibold text-ink">Cosa lo migliora</h3>
          <ul className="grid list-disc gap-1 pl-5 text-sm text-gray-700">
            {tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  )
}

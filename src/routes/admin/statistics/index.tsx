import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { QueryView, ScreenHeader } from '#src/components/admin/list-screen.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { SITE_NAME } from '#src/lib/seo-head.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { lastDays, lastDaysLabel, romeDay, romeWallTime } from '#shared/italian-time.ts'
import { italianNumber } from '#shared/plural.ts'
import { type StatisticsSearch, statisticsSearchSchema } from '#shared/schemas/statistics.ts'
import { CampaignCosts } from './-components/campaign-costs.tsx'
import { type Change, comparisonOf, countChange, PeriodChange, rateChange } from './-components/period-change.tsx'
import { HoursChart, StatisticsChart } from './-components/statistics-chart.tsx'
import { conversion, StatisticsTable } from './-components/statistics-table.tsx'

export const Route = createFileRoute('/admin/statistics/')({
  validateSearch: statisticsSearchSchema,
  head: () => ({ meta: [{ title: `Statistiche - Area Riservata - ${SITE_NAME}` }] }),
  component: StatisticsPage,
})

const percent = new Intl.NumberFormat('it-IT', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })
const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

const PRESETS = [
  { period: 'today', label: 'Oggi' },
  { period: '7', label: 'Ultimi 7 giorni' },
  { period: '30', label: 'Ultimi 30 giorni' },
  { period: '90', label: 'Ultimi 90 giorni' },
] as const

/** The period a search names, in Italian days: today, the last N days with today (lastDays), or the custom range. */
function periodOf(search: StatisticsSearch): { from: string; to: string } {
  if (search.period === 'today') return lastDays(1)
  if (search.period === 'custom' && search.from && search.to) return { from: search.from, to: search.to }
  return lastDays(search.period === 'custom' ? 30 : Number(search.period))
}

/** The period in words, with its definition: which days, and whether today (still going on) is one of them. */
function periodText(search: StatisticsSearch, period: { from: string; to: string }, today: string): string {
  if (search.period === 'today') return `Oggi, ${dayLabel(today)}: giornata in corso (giorno italiano)`
  const days = `Dal ${dayLabel(period.from)} al ${dayLabel(period.to)}`
  if (search.period !== 'custom') return `${days}: ${lastDaysLabel(Number(search.period)).toLowerCase()} (giorni italiani)`
  return `${days}${period.to === today ? ', oggi compreso' : ''} (giorni italiani)`
}

function Total({ label, value, hint, change }: { label: string; value: string; hint: string; change: Change | null }) {
  return (
    <div className="grid content-start gap-1 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-3xl font-bold">{value}</dd>
      {change ? <PeriodChange change={change} /> : null}
      <dd className="text-xs text-muted">{hint}</dd>
    </div>
  )
}

function StatisticsPage() {
  const trpc = useTRPC()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const today = romeDay(Date.now())
  const period = periodOf(search)
  const report = useQuery({ ...trpc.admin.statistics.report.queryOptions(period), placeholderData: keepPreviousData })
  const [custom, setCustom] = useState(period)

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader title="Statistiche">
        Visite contate senza cookie e richieste ricevute: quali pagine, servizi, comuni e campagne portano richieste.
      </ScreenHeader>
      <div className="grid gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Periodo</legend>
          {PRESETS.map((preset) => (
            <Button
              key={preset.period}
              variant={search.period === preset.period ? 'default' : 'outline'}
              size="sm"
              aria-pressed={search.period === preset.period}
              onClick={() => void navigate({ search: { period: preset.period } })}
            >
              {preset.label}
            </Button>
          ))}
          <Button
            variant={search.period === 'custom' ? 'default' : 'outline'}
            size="sm"
            aria-pressed={search.period === 'custom'}
            onClick={() => void navigate({ search: { period: 'custom', ...custom } })}
          >
            Personalizzato
          </Button>
        </fieldset>
        {search.period === 'custom' ? (
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              void navigate({ search: { period: 'custom', ...custom } })
            }}
          >
            <div className="grid gap-1.5">
              <Label htmlFor="stats-from">Dal</Label>
              <Input
                id="stats-from"
                type="date"
                required
                value={custom.from}
                max={custom.to}
                onChange={(e) => setCustom({ ...custom, from: e.target.value })}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="stats-to">Al</Label>
              <Input id="stats-to" type="date" required value={custom.to} min={custom.from} onChange={(e) => setCustom({ ...custom, to: e.target.value })} />
            </div>
            <Button type="submit" size="sm">
              Applica
            </Button>
          </form>
        ) : null}
        <p className="text-sm text-muted" aria-live="polite">
          {periodText(search, period, today)}
        </p>
      </div>

      <QueryView
        query={report}
        loading="Caricamento statistiche..."
        failed={report.error?.data?.code === 'BAD_REQUEST' ? report.error.message : 'Impossibile caricare le statistiche.'}
      >
        {(data) => {
          const rate = conversion(data.totals)
          const comparison = comparisonOf(data.period, today)
          const campaigns = data.sources.map((row) => row.key).filter((key) => key.includes(' / '))
          return (
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-busy={report.isPlaceholderData}>
              <dl className="grid gap-4 sm:grid-cols-3">
                <Total
                  label="Visite"
                  value={italianNumber.format(data.totals.visits)}
                  change={countChange(data.totals.visits, data.previous.visits, comparison)}
                  hint="Pagine viste, senza robot né ricaricamenti entro 30 minuti"
                />
                <Total
                  label="Richieste"
                  value={italianNumber.format(data.totals.requests)}
                  change={countChange(data.totals.requests, data.previous.requests, comparison)}
                  hint="Richieste di preventivo ricevute"
                />
                <Total
                  label="Tasso di conversione"
                  value={rate === null ? '—' : percent.format(rate)}
                  change={rateChange(rate, conversion(data.previous), comparison)}
                  hint="Richieste ogni 100 visite"
                />
              </dl>
              <p className="text-sm text-muted">
                Visite non conteggiate perché sospette: <strong className="font-semibold">{italianNumber.format(data.uncounted)}</strong> (troppe pagine dallo
                stesso indirizzo nello stesso giorno). Una campagna o un sito di provenienza compare quando arriva da più indirizzi diversi nello stesso giorno;
                fino ad allora le sue visite sono in «altro».
              </p>
              <section aria-labelledby="stats-per-day" className="grid gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
                <h2 id="stats-per-day" className="font-semibold">
                  {data.hours ? 'Richieste per ora' : 'Richieste e visite al giorno'}
                </h2>
                {data.hours ? (
                  <HoursChart
                    hours={data.hours}
                    currentHour={data.period.from === today ? Number(romeWallTime(new Date().toISOString()).slice(11, 13)) : null}
                  />
                ) : (
                  <StatisticsChart days={data.days} today={today} />
                )}
              </section>
              <StatisticsTable title="Per campagna e provenienza" labelHeading="Provenienza" rows={data.sources} file="statistiche-provenienze" withCosts />
              <div className="grid gap-6 2xl:grid-cols-2">
                <StatisticsTable title="Per tipo di pagina" labelHeading="Tipo di pagina" rows={data.pageTypes} file="statistiche-tipi-di-pagina" />
                <StatisticsTable title="Per servizio" labelHeading="Servizio" rows={data.services} file="statistiche-servizi" />
              </div>
              <StatisticsTable title="Per comune" labelHeading="Comune" rows={data.comuni} file="statistiche-comuni" />
              <StatisticsTable title="Pagine di arrivo (prime 50)" labelHeading="Pagina" rows={data.landingPages} file="statistiche-pagine-di-arrivo" />
              <CampaignCosts campaigns={campaigns} costs={data.costs} defaultMonth={period.to.slice(0, 7)} />
            </div>
          )
        }}
      </QueryView>
    </div>
  )
}

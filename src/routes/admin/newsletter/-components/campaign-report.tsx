import { useQuery } from '@tanstack/react-query'
import { DownloadIcon } from 'lucide-react'
import { useTRPC } from '#src/lib/trpc.tsx'
import { italianNumber } from '#shared/plural.ts'

const FIGURES = [
  ['recipients', 'Destinatari'],
  ['sent', 'Inviate'],
  ['unconfirmed', 'Non confermate'],
  ['delivered', 'Consegnate'],
  ['bounced', 'Rimbalzate'],
  ['complained', 'Segnalate come spam'],
  ['unsubscribed', 'Disiscritti'],
  ['failed', 'Non riuscite'],
  ['skipped', 'Escluse'],
  ['opened', 'Aperte'],
  ['clicked', 'Cliccate'],
] as const
type Figure = (typeof FIGURES)[number][0]

/** The figures only SES's notifications (SNS) tell: without them they stay at 0 whatever happened. */
const FROM_SES_NOTIFICATIONS = new Set<Figure>(['delivered', 'bounced', 'complained', 'opened', 'clicked'])

/** 'Risultati': each figure of the campaign with the CSV of the addresses behind it. */
export function CampaignReport({ jobId, live }: { jobId: number; live: boolean }) {
  const trpc = useTRPC()
  const report = useQuery({ ...trpc.admin.newsletter.report.queryOptions({ id: jobId }), refetchInterval: live ? 5000 : 30_000 })
  if (!report.data) return null
  const { figures, tracking, feedback } = report.data
  const shown = FIGURES.filter(([key]) => (key === 'opened' || key === 'clicked' ? tracking : key === 'unconfirmed' ? figures.unconfirmed > 0 : true))
  const unknown = (key: Figure) => !feedback && FROM_SES_NOTIFICATIONS.has(key) && figures[key] === 0
  const waiting = shown.filter(([key]) => FROM_SES_NOTIFICATIONS.has(key)).map(([, label]) => label)
  return (
    <section aria-labelledby={`report-${jobId}`} className="grid gap-2">
      <h3 id={`report-${jobId}`} className="text-sm font-semibold">
        Risultati
      </h3>
      {!feedback ? (
        <div className="grid gap-1 rounded-md bg-amber-50 p-3 text-sm text-amber-950" data-testid="report-without-notifications">
          <p>
            <strong>{waiting.join(', ').replace(/, ([^,]*)$/, ' e $1')}: non disponibili.</strong> Queste cifre arrivano dalle notifiche di Amazon SES, che
            questo server non riceve: non indicano un problema d'invio. «Inviate» conta le email che il servizio email ha accettato.
          </p>
          <p>
            Per attivarle: in SES un configuration set (impostazione SES_CONFIGURATION_SET) con una destinazione SNS per consegne, rimbalzi e reclami, e l'ARN
            del topic nell'impostazione SES_SNS_TOPIC_ARNS del server (README, sezione «Bounces and complaints»).
          </p>
        </div>
      ) : null}
      <table className="w-full text-sm" data-testid="campaign-report">
        <tbody>
          {shown.map(([key, label]) => (
            <tr key={key} className="border-b border-gray-100 last:border-0">
              <th scope="row" className="py-1.5 text-left font-normal text-muted">
                {label}
              </th>
              <td className="py-1.5 text-right font-semibold tabular-nums">
                {unknown(key) ? <span className="font-normal text-muted">n/d</span> : italianNumber.format(figures[key])}
              </td>
              <td className="w-10 py-1.5 text-right">
                {figures[key] > 0 ? (
                  <a
                    href={`/admin/export/newsletter/${jobId}.csv?figure=${key}`}
                    download
                    className="inline-flex size-8 items-center justify-center rounded-md text-brand-700 hover:bg-brand-50"
                    aria-label={`Scarica CSV: ${label.toLowerCase()}`}
                    title="Scarica CSV"
                  >
                    <DownloadIcon className="size-4" aria-hidden />
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

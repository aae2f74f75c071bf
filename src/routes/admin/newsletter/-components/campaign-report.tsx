import { useQuery } from '@tanstack/react-query'
import { DownloadIcon } from 'lucide-react'
import { useTRPC } from '#src/lib/trpc.tsx'

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

/** 'Risultati': each figure of the campaign with the CSV of the addresses behind it. */
export function CampaignReport({ jobId, live }: { jobId: number; live: boolean }) {
  const trpc = useTRPC()
  const report = useQuery({ ...trpc.admin.newsletter.report.queryOptions({ id: jobId }), refetchInterval: live ? 5000 : 30_000 })
  if (!report.data) return null
  const { figures, tracking, feedback } = report.data
  const shown = FIGURES.filter(([key]) => (key === 'opened' || key === 'clicked' ? tracking : key === 'unconfirmed' ? figures.unconfirmed > 0 : true))
  return (
    <section aria-labelledby={`report-${jobId}`} className="grid gap-2">
      <h3 id={`report-${jobId}`} className="text-sm font-semibold">
        Risultati
      </h3>
      <table className="w-full text-sm" data-testid="campaign-report">
        <tbody>
          {shown.map(([key, label]) => (
            <tr key={key} className="border-b border-gray-100 last:border-0">
              <th scope="row" className="py-1.5 text-left font-normal text-muted">
                {label}
              </th>
              <td className="py-1.5 text-right font-semibold tabular-nums">{figures[key].toLocaleString('it-IT')}</td>
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
      {!feedback ? (
        <p className="text-xs text-muted">
          Consegne, rimbalzi e reclami arrivano dalle notifiche di Amazon SES, non collegate su questo server (SES_SNS_TOPIC_ARNS).
        </p>
      ) : null}
    </section>
  )
}

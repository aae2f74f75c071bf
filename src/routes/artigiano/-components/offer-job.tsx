import { MapPinIcon } from 'lucide-react'
import { type ReactNode, useEffect, useId, useState } from 'react'
import { Card } from '#src/components/ui/card.tsx'
import { formatDuration, formatWeekdayTime } from '#shared/italian-time.ts'

/** The job of an offer as every craftsman offered it reads it (the offer mail's rows): never the requester or the street. */
export type OfferJob = {
  serviceName: string
  comune: string | null
  distanceKm: number | null
  answers: { question: string; answer: string }[]
  timing: string | null
  description: string | null
}

/** "Sesto San Giovanni · 9 km dalla tua sede". */
export function OfferPlace({ job }: { job: Pick<OfferJob, 'comune' | 'distanceKm'> }) {
  const distance = job.distanceKm === null ? null : job.distanceKm === 0 ? 'il comune della tua sede' : `${job.distanceKm} km dalla tua sede`
  return (
    <p className="flex items-start gap-1.5 text-sm text-ink">
      <MapPinIcon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
      <span>
        <span className="font-medium">{job.comune ?? 'Comune non specificato'}</span>
        {distance ? <span className="text-muted"> · {distance}</span> : null}
      </span>
    </p>
  )
}

/** The requester's answers to the trade's questions, "Quando" and the description, as label and value. */
export function OfferJobDetails({ job, attachments }: { job: OfferJob; attachments?: string[] }) {
  const rows: [string, string][] = [
    ...job.answers.map((line): [string, string] => [line.question, line.answer]),
    ...(job.timing ? [['Quando', job.timing] as [string, string]] : []),
  ]
  return (
    <div className="grid gap-2 text-sm">
      {rows.length ? (
        <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="whitespace-pre-wrap break-words text-ink">{job.description || 'Nessuna descrizione fornita.'}</p>
      {attachments?.length ? <p className="break-words text-xs text-muted">Allegati: {attachments.join(', ')}</p> : null}
    </div>
  )
}

/** The time now, moving on every half minute while the page is open: the time left to answer stays true. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

/** "Rispondi entro 3 h 20 min", with the day and hour and what happens then; red in its last two hours. */
export function TimeLeft({ answerBy, reason, now }: { answerBy: string; reason: 'round' | 'link'; now: number }) {
  const left = Date.parse(answerBy) - now
  const urgent = left < 2 * 3_600_000
  const then = reason === 'round' ? 'poi la proponiamo ad altri artigiani' : "poi l'offerta scade"
  return (
    <div className={`rounded-lg px-3 py-2 ${urgent ? 'bg-red-50 text-red-900' : 'bg-amber-50 text-amber-950'}`}>
      <p className="text-base font-semibold" suppressHydrationWarning>
        {left > 0 ? `Rispondi entro ${formatDuration(left)}` : 'Tempo per rispondere scaduto'}
      </p>
      <p className="text-xs" suppressHydrationWarning>
        Entro {formatWeekdayTime(Date.parse(answerBy))}: {then}.
      </p>
    </div>
  )
}

/** An offer's or an accepted job's card: the service as its title, named by it, with the request's number beside it. */
export function OfferCard({ title, leadId, children }: { title: string; leadId: number; children: ReactNode }) {
  const titleId = useId()
  return (
    <Card className="grid gap-3 p-4" aria-labelledby={titleId}>
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-lg font-bold leading-tight text-ink">
          {title}
        </h3>
        <span className="shrink-0 text-xs text-muted">n. {leadId}</span>
      </div>
      {children}
    </Card>
  )
}

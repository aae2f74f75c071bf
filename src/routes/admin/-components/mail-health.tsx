import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { formatDateTime } from '#shared/italian-time.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { BOUNCE_THRESHOLDS, COMPLAINT_THRESHOLDS, type DomainCheckLevel, type HealthLevel, healthLevel, rateOf } from '#shared/mail-health.ts'

const number = new Intl.NumberFormat('it-IT')
const percent = new Intl.NumberFormat('it-IT', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 })

/** Colour and words: the level is read, not only seen. */
const LEVELS: Record<HealthLevel, { label: string; className: string }> = {
  ok: { label: 'Nella norma', className: 'border-green-300 bg-green-50 text-green-900' },
  warning: { label: 'Attenzione', className: 'border-amber-300 bg-amber-50 text-amber-950' },
  danger: { label: 'Critico', className: 'border-red-300 bg-red-50 text-red-900' },
}
const CHECK_LEVELS: Record<DomainCheckLevel, { label: string; className: string }> = {
  ok: { label: 'A posto', className: LEVELS.ok.className },
  warning: { label: 'Da completare', className: LEVELS.warning.className },
  danger: { label: 'Da correggere', className: LEVELS.danger.className },
  unknown: { label: 'Non verificabile', className: 'border-zinc-300 bg-zinc-50 text-zinc-800' },
}

/** DKIM, SPF and DMARC of the sending domain as the server sees them: its own query, so a slow DNS delays nothing else. */
function SendingDomain() {
  const trpc = useTRPC()
  const { data, isPending } = useQuery(trpc.admin.dashboard.sendingDomain.queryOptions())
  return (
    <section aria-labelledby="sending-domain-title" className="grid gap-2" data-testid="mail-health-domain">
      <h3 id="sending-domain-title" className="text-sm font-medium">
        Dominio di invio{data?.domain ? `: ${data.domain}` : ''}
      </h3>
      {isPending ? <p className="text-sm text-muted">Controllo di DKIM, SPF e DMARC in corso…</p> : null}
      {data ? (
        <ul className="grid gap-2">
          {data.checks.map((check) => {
            const level = CHECK_LEVELS[check.level]
            return (
              <li key={check.key} className={`grid gap-1 rounded-lg border px-3 py-2 text-sm ${level.className}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{check.title}</span>
                  <span className="rounded-full bg-white/70 px-2 py-0.5 text-xs font-semibold">{level.label}</span>
                </div>
                <p className="text-xs break-words">{check.message}</p>
              </li>
            )
          })}
        </ul>
      ) : null}
      {data ? <p className="text-xs text-muted">Controllato il {formatDateTime(data.checkedAt)}; il controllo si ripete ogni 5 minuti.</p> : null}
    </section>
  )
}

function Rate({
  title,
  count,
  sent,
  thresholds,
  limits,
}: {
  title: string
  count: number
  sent: number
  thresholds: { warning: number; danger: number }
  limits: string
}) {
  const rate = rateOf(count, sent)
  const level = LEVELS[healthLevel(rate, thresholds)]
  return (
    <div className={`grid gap-1 rounded-lg border px-4 py-3 ${level.className}`} data-testid={`mail-health-${title === 'Rimbalzi' ? 'bounces' : 'complaints'}`}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{title}</h3>
        <span className="rounded-full bg-white/70 px-2 py-0.5 text-xs font-semibold">{level.label}</span>
      </div>
      <p className="text-2xl font-bold tabular-nums">{percent.format(rate)}</p>
      <p className="text-xs">
        {number.format(count)} su {number.format(sent)} email inviate. {limits}
      </p>
    </div>
  )
}

/** 'Salute dell'invio email': 30-day bounce and complaint rates against what SES tolerates, and the office inbox's own trouble. */
export function MailHealth() {
  const trpc = useTRPC()
  const { data } = useQuery(trpc.admin.dashboard.mailHealth.queryOptions())
  if (!data) return null
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none">Salute dell'invio email</h2>
        <CardDescription>Ultimi 30 giorni, secondo le notifiche di Amazon SES</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {data.officeInboxProblem ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            <strong>La casella dell'ufficio ha {data.officeInboxProblem.kind === 'complaint' ? 'segnalato una email come spam' : 'rifiutato una email'}</strong>{' '}
            il {formatDateTime(data.officeInboxProblem.at)}: le notifiche delle richieste potrebbero non arrivare. Controlla la casella impostata in
            NOTIFY_EMAIL.
          </p>
        ) : null}
        {!data.feedbackConfigured ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
            Le notifiche di Amazon SES non sono collegate (SES_SNS_TOPIC_ARNS): rimbalzi e reclami non vengono registrati.
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <Rate
            title="Rimbalzi"
            count={data.bounces}
            sent={data.sent}
            thresholds={BOUNCE_THRESHOLDS}
            limits="SES avvia una revisione al 5% e sospende gli invii al 10%."
          />
          <Rate
            title="Reclami"
            count={data.complaints}
            sent={data.sent}
            thresholds={COMPLAINT_THRESHOLDS}
            limits="Gmail e Yahoo rifiutano oltre lo 0,3%; SES sospende allo 0,5%."
          />
        </div>
        <SendingDomain />
        <Button asChild variant="outline" size="sm" className="w-fit">
          <Link to="/admin/newsletter/suppressions" search={{ search: '', page: 1 }}>
            Lista di esclusione
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}

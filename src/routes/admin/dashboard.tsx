import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { HammerIcon, InboxIcon, MailIcon, UserPlusIcon } from 'lucide-react'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { SITE_NAME } from '#src/lib/seo-head.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { lastDaysLabel } from '#shared/italian-time.ts'
import { pluralOf } from '#shared/plural.ts'
import { ArtisanResponses } from './-components/artisan-responses.tsx'
import { DispatchSettingsCard, UnassignedLeads } from './-components/automatic-dispatch.tsx'
import { LeadsChart } from './-components/leads-chart.tsx'
import { MailHealth } from './-components/mail-health.tsx'
import { MailNotConfigured } from './-components/mail-not-configured.tsx'
import { PromiseKept } from './-components/promise-kept.tsx'

export const Route = createFileRoute('/admin/dashboard')({
  loader: async ({ context }) => {
    const { queryClient, trpc } = await context.admin.load()
    return queryClient.ensureQueryData(trpc.admin.dashboard.stats.queryOptions())
  },
  head: () => ({ meta: [{ title: `Home Page - Area Riservata - ${SITE_NAME}` }] }),
  component: DashboardPage,
})

const number = new Intl.NumberFormat('it-IT')
/** The period of the dashboard's counts, as Statistiche's "Ultimi 30 giorni" reads it (shared/italian-time.ts lastDays). */
const LAST_30_DAYS = `${lastDaysLabel(30)} (giorni italiani)`

function DashboardPage() {
  const trpc = useTRPC()
  const { data, isError, refetch } = useQuery(trpc.admin.dashboard.stats.queryOptions())
  if (isError || !data) {
    return (
      <div className="grid justify-items-center gap-3 py-16 text-center">
        <p>Impossibile caricare i dati della dashboard.</p>
        <Button onClick={() => void refetch()}>Riprova Caricamento</Button>
      </div>
    )
  }
  const cards = [
    { title: 'Lead Ricevuti (Ultimi 30gg)', value: data.leadsLast30Days, hint: 'Richieste di preventivo', period: true, icon: InboxIcon },
    { title: 'Nuovi Utenti Registrati', value: data.newRequestersLast30Days, hint: 'Email alla loro prima richiesta', period: true, icon: UserPlusIcon },
    { title: 'Artigiani Attivi', value: data.activeArtisans, hint: 'Con stato Attivo', icon: HammerIcon },
    { title: 'Iscritti Newsletter', value: data.newsletterRecipients, hint: 'Clienti e artigiani raggiungibili, esclusi i disiscritti', icon: MailIcon },
  ]
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Home Page</h1>
      {data.mail.configured ? null : (
        <MailNotConfigured
          waiting="Le notifiche dei preventivi, le conferme ai clienti, i link di recupero password e le newsletter restano in coda e non partono"
          missing={data.mail.missing}
        />
      )}
      {data.pendingArtisans > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          <p>
            <strong>{number.format(data.pendingArtisans)}</strong> {pluralOf(data.pendingArtisans, 'candidatura', 'candidature')} di artigiani in attesa di
            revisione.
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/artisans" search={{ status: 'pending_review' }}>
              Esamina candidature
            </Link>
          </Button>
        </div>
      )}
      <UnassignedLeads />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ title, value, hint, period, icon: Icon }) => (
          <Card key={title}>
            <CardHeader className="flex flex-row items-center justify-between gap-2">
              <h2 className="text-sm font-medium leading-none text-muted">{title}</h2>
              <Icon className="size-5 text-brand-600" aria-hidden />
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold">{number.format(value)}</p>
              <p className="mt-1 text-xs text-muted">{hint}</p>
              {period ? <p className="mt-1 text-xs text-muted">{LAST_30_DAYS}</p> : null}
            </CardContent>
          </Card>
        ))}
      </div>
      <PromiseKept />
      <ArtisanResponses />
      <DispatchSettingsCard />
      <MailHealth />
      <Card>
        <CardHeader>
          <h2 className="font-semibold leading-none">Preventivi al giorno</h2>
          <CardDescription>{LAST_30_DAYS}</CardDescription>
        </CardHeader>
        <CardContent>
          <LeadsChart data={data.leadsPerDay} />
        </CardContent>
      </Card>
    </div>
  )
}

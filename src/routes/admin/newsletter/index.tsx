import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTRPC } from '#src/lib/trpc.tsx'
import { MailNotConfigured } from '../-components/mail-not-configured.tsx'
import { CampaignForm } from './-components/campaign-form.tsx'
import { CampaignHistory } from './-components/campaign-history.tsx'
import { CampaignProgress } from './-components/campaign-progress.tsx'
import { RequesterAudience } from './-components/requester-audience.tsx'

export const Route = createFileRoute('/admin/newsletter/')({
  // Prefetched, not awaited for errors: a failed count shows its own message instead of an error page.
  loader: async ({ context }) => {
    const { queryClient, trpc } = await context.admin.load()
    await Promise.all([
      queryClient.prefetchQuery(trpc.admin.newsletter.counts.queryOptions()),
      queryClient.prefetchQuery(trpc.admin.newsletter.list.queryOptions()),
      queryClient.prefetchQuery(trpc.admin.newsletter.mailSetup.queryOptions()),
      queryClient.prefetchQuery(trpc.admin.newsletter.audience.queryOptions()),
    ])
  },
  head: () => ({ meta: [{ title: 'Gestione Newsletter - Artigiani Milano' }] }),
  component: NewsletterPage,
})

function NewsletterPage() {
  const trpc = useTRPC()
  const list = useQuery(trpc.admin.newsletter.list.queryOptions())
  const mail = useQuery(trpc.admin.newsletter.mailSetup.queryOptions())
  const [followed, setFollowed] = useState<number | null>(null)
  const [editing, setEditing] = useState<number | null>(null)
  // Without a choice, the newest campaign is the one followed.
  const jobId = followed ?? list.data?.[0]?.id ?? null
  return (
    <div className="mx-auto grid max-w-6xl gap-6 *:min-w-0">
      <header>
        <h1 className="text-2xl font-bold text-ink">Gestione Newsletter</h1>
        <p className="text-sm text-muted">Scrivi una campagna, scegli a chi mandarla, inviala subito o programmala, e seguine l'invio e i risultati.</p>
        <Link to="/admin/newsletter/suppressions" search={{ search: '', page: 1 }} className="text-sm font-medium text-brand-700 underline">
          Lista di esclusione
        </Link>
      </header>
      {mail.data && !mail.data.configured ? (
        <MailNotConfigured waiting="Le campagne create restano 'In attesa di preparazione' e non partono" missing={mail.data.missing} />
      ) : null}
      <div className="grid items-start gap-6 *:min-w-0 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <CampaignForm onCreated={setFollowed} editingId={editing} onEditDone={() => setEditing(null)} />
        {jobId !== null ? (
          <CampaignProgress
            key={jobId}
            jobId={jobId}
            onEdit={(id) => {
              setEditing(id)
              document.getElementById('newsletter-subject')?.scrollIntoView({ behavior: 'smooth', block: 'center' })
            }}
          />
        ) : null}
      </div>
      <CampaignHistory selectedId={jobId} onSelect={setFollowed} />
      <RequesterAudience />
    </div>
  )
}

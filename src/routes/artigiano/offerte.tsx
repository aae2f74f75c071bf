import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import { AreaQuery } from '#src/components/area/area-page.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { pageParam, textParam } from '#src/lib/area-search.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { ACCEPTED_SHOWN, MAX_ACCEPTED_SHOWN, MAX_HISTORY_PAGE, MAX_SEARCH_LENGTH } from '#shared/area-offers.ts'
import { AcceptedJobCard } from './-components/accepted-job-card.tsx'
import { OfferHistory } from './-components/offer-history.tsx'
import { useNow } from './-components/offer-job.tsx'
import { OpenOfferCard } from './-components/open-offer-card.tsx'

/** The history's search and page in the address, as a craftsman can share or reload them; anything else reads as none. */
const searchSchema = (search: Record<string, unknown>): { q?: string; pagina?: number } => ({
  q: textParam(search.q, MAX_SEARCH_LENGTH),
  pagina: pageParam(search.pagina, MAX_HISTORY_PAGE),
})

export const Route = createFileRoute('/artigiano/offerte')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: search.q ?? '', page: search.pagina ?? 1 }),
  loader: async ({ context, deps }) => {
    const { queryClient, trpc } = await context.admin.load()
    await Promise.all([
      queryClient.prefetchQuery(trpc.area.offers.open.queryOptions()),
      queryClient.prefetchQuery(trpc.area.offers.accepted.queryOptions({ shown: ACCEPTED_SHOWN })),
      queryClient.prefetchQuery(trpc.area.offers.history.queryOptions(deps)),
    ])
  },
  component: OffersPage,
})

/** "Offerte": the offers waiting for an answer first, as cards with the time left; then the accepted jobs; then the history. */
function OffersPage() {
  const trpc = useTRPC()
  const search = Route.useSearch()
  const open = useQuery(trpc.area.offers.open.queryOptions(undefined, { refetchInterval: 60_000 }))
  // The latest accepted jobs, and as many again at each "Mostra altri" (the ones already shown stay while more arrive).
  const [shown, setShown] = useState(ACCEPTED_SHOWN)
  const accepted = useQuery(trpc.area.offers.accepted.queryOptions({ shown }, { placeholderData: keepPreviousData }))
  const now = useNow()
  return (
    <div className="grid gap-6">
      <h1 className="text-xl font-bold text-ink">Offerte</h1>
      <Section
        id="da-rispondere"
        title="Da rispondere"
        count={open.data?.length}
        query={open}
        empty="Nessuna offerta in attesa di risposta. Ti scriviamo appena arriva un lavoro nella tua zona."
      >
        {open.data?.map((offer) => (
          <OpenOfferCard key={`${offer.assignmentId}-${offer.offerNumber}`} offer={offer} now={now} />
        ))}
      </Section>
      <Section id="accettati" title="Lavori accettati" count={accepted.data?.total} query={accepted} empty="Nessun lavoro accettato in corso.">
        {accepted.data?.jobs.map((job) => (
          <AcceptedJobCard key={job.assignmentId} job={job} />
        ))}
        {accepted.data && accepted.data.total > accepted.data.jobs.length ? (
          <Button
            variant="outline"
            size="lg"
            className="w-full md:col-span-2"
            disabled={accepted.isFetching}
            onClick={() => setShown((current) => Math.min(current + ACCEPTED_SHOWN, MAX_ACCEPTED_SHOWN))}
          >
            Mostra altri lavori accettati ({accepted.data.total - accepted.data.jobs.length})
          </Button>
        ) : null}
      </Section>
      <section aria-labelledby="storico" className="grid gap-3">
        <h2 id="storico" className="text-lg font-semibold text-ink">
          Storico
        </h2>
        <OfferHistory query={search.q ?? ''} page={search.pagina ?? 1} />
      </section>
    </div>
  )
}

function Section({
  id,
  title,
  count,
  query,
  empty,
  children,
}: {
  id: string
  title: string
  count: number | undefined
  query: { isPending: boolean; isError: boolean; data: unknown; refetch: () => unknown }
  empty: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
        {count ? <span className="ml-2 rounded-full bg-gray-200 px-2 py-0.5 align-middle text-sm font-medium text-ink">{count}</span> : null}
      </h2>
      <AreaQuery query={query} failed="Impossibile caricare le offerte." spacing="py-6">
        {() =>
          count ? (
            <div className="grid gap-3 md:grid-cols-2">{children}</div>
          ) : (
            <p className="rounded-lg border border-dashed border-gray-300 p-4 text-center text-sm text-muted">{empty}</p>
          )
        }
      </AreaQuery>
    </section>
  )
}

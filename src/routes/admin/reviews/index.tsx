import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { FilterForm, FilterSelect, withoutEmpty } from '#src/components/admin/list-filters.tsx'
import { ListCard, QueueCard, ScreenHeader } from '#src/components/admin/list-screen.tsx'
import { prefetch } from '#src/lib/admin-handle.ts'
import { useListScreen } from '#src/lib/admin-lists.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { REVIEW_STATUS_LABELS, REVIEW_STATUSES, type ReviewFilters, reviewListInputSchema } from '#shared/schemas/reviews.ts'
import { ReviewCard } from './-components/review-card.tsx'

export const Route = createFileRoute('/admin/reviews/')({
  validateSearch: reviewListInputSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await Promise.all([
      prefetch(context.admin, (trpc) => trpc.admin.reviews.queue.queryOptions()),
      prefetch(context.admin, (trpc) => trpc.admin.reviews.list.queryOptions(deps)),
    ])
  },
  head: () => ({ meta: [{ title: 'Recensioni - Artigiani Milano' }] }),
  component: ReviewsPage,
})

const STATUS_OPTIONS = REVIEW_STATUSES.map((status) => [status, REVIEW_STATUS_LABELS[status]] as const)
const MESSAGES = { loading: 'Caricamento recensioni...', failed: 'Errore nel caricamento delle recensioni.', empty: 'Nessuna recensione trovata.' }

/** The reviews of the public profiles: the queue to moderate (new comments, reports), then every review. */
function ReviewsPage() {
  const trpc = useTRPC()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { page: _page, ...filters } = search
  const queue = useQuery(trpc.admin.reviews.queue.queryOptions())
  const { list, goToPage } = useListScreen(search, navigate, (trpc) => trpc.admin.reviews.list.queryOptions(search), 'Impossibile caricare le recensioni.')
  const setFilters = (next: ReviewFilters) => void navigate({ search: { ...withoutEmpty(next), page: 1 }, replace: true })
  const artisanOptions = (list.data?.artisans ?? []).map(
    (a) => [String(a.id), a.company_name ? `${a.company_name} (${a.contact_name})` : a.contact_name] as const,
  )

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader title="Recensioni">
        Le recensioni dei clienti sui profili pubblici. Si nascondono solo per i motivi di{' '}
        <Link to="/come-verifichiamo-le-recensioni" className="text-brand-700 underline" target="_blank">
          Come verifichiamo le recensioni
        </Link>
        , mai perché negative.
      </ScreenHeader>

      <QueueCard
        title="Recensioni da moderare"
        idle="Niente da moderare"
        query={queue}
        loading="Caricamento della coda..."
        failed="Errore nel caricamento della coda."
        empty="Nessuna recensione da moderare e nessuna segnalazione aperta."
        items={(data) => [
          ...data.pending.map((review) => <ReviewCard key={`p${review.id}`} review={review} />),
          ...data.reported.map((review) => <ReviewCard key={`r${review.id}`} review={review} />),
        ]}
      />

      <FilterForm label="Filtri delle recensioni" active={Object.values(filters).filter(Boolean).length} onSubmit={() => {}} onReset={() => setFilters({})}>
        <FilterSelect
          id="review-filter-status"
          label="Stato"
          value={filters.status}
          anyLabel="Tutte le recensioni"
          options={STATUS_OPTIONS}
          onChange={(status) => setFilters({ ...filters, status: status as ReviewFilters['status'] })}
        />
        <FilterSelect
          id="review-filter-artisan"
          label="Artigiano"
          value={filters.artisanId ? String(filters.artisanId) : undefined}
          anyLabel="Tutti gli artigiani"
          options={artisanOptions}
          onChange={(artisanId) => setFilters({ ...filters, artisanId: artisanId ? Number(artisanId) : undefined })}
        />
      </FilterForm>
      <ListCard title="Tutte le recensioni" noun={['recensione', 'recensioni']} list={list} messages={MESSAGES} onPageChange={goToPage}>
        {(rows) => (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
            {rows.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
          </div>
        )}
      </ListCard>
    </div>
  )
}

import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { PlusIcon, XIcon } from 'lucide-react'
import { FilterSelect, TextFilterFields } from '#src/components/admin/list-filters.tsx'
import { ListResults } from '#src/components/admin/list-screen.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { useListPage, useUrlFilters } from '#src/lib/admin-lists.ts'
import { SITE_NAME } from '#src/lib/seo-head.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { prefetch } from '#src/lib/admin-handle.ts'
import { ARTISAN_SECTORS, ARTISAN_STATUS_LABELS, type ArtisanListSearch, artisanListSchema } from '#shared/schemas/artisan.ts'
import { countOf } from '#shared/plural.ts'
import { ArtisansTable } from './-components/artisans-table.tsx'
import { UnmatchedZones } from './-components/unmatched-zones.tsx'

export const Route = createFileRoute('/admin/artisans/')({
  validateSearch: artisanListSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetch(context.admin, (trpc) => trpc.admin.artisans.list.queryOptions(deps)),
  head: () => ({ meta: [{ title: `Artigiani - Area Riservata - ${SITE_NAME}` }] }),
  component: ArtisansPage,
})

const TEXT_FIELDS = (
  [
    ['company', 'Azienda'],
    ['contact', 'Referente'],
    ['email', 'Email'],
    ['phone', 'Telefono'],
    ['zone', 'Zona operativa'],
  ] as const
).map(([key, label]) => ({ key, label, placeholder: `Filtra per ${label.toLowerCase()}` }))
const TEXT_KEYS = TEXT_FIELDS.map(({ key }) => key)

const STATUSES = Object.entries(ARTISAN_STATUS_LABELS)
const SECTORS = ARTISAN_SECTORS.map((sector) => [sector, sector] as const)

const MESSAGES = { loading: 'Caricamento artigiani...', failed: 'Impossibile caricare gli artigiani.', empty: 'Nessun artigiano trovato.' }

function ArtisansPage() {
  const trpc = useTRPC()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const list = useQuery({ ...trpc.admin.artisans.list.queryOptions(search), placeholderData: keepPreviousData })
  const goToPage = (page: number, replace = false) => void navigate({ search: (previous) => ({ ...previous, page: page === 1 ? undefined : page }), replace })
  useListPage(list, search.page ?? 1, goToPage, 'Impossibile caricare gli artigiani.')

  // Any filter change goes back to page 1.
  const setFilter = (patch: Partial<ArtisanListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...patch, page: undefined }), replace: true })
  const texts = useUrlFilters(TEXT_KEYS, search, setFilter)
  const hasFilters = Object.entries(search).some(([key, value]) => key !== 'page' && value)

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Gestione Artigiani</h1>
          <p className="text-sm text-muted">{list.data ? countOf(list.data.total, 'artigiano', 'artigiani') : ' '}</p>
        </div>
        <Button asChild>
          <Link to="/admin/artisans/add">
            <PlusIcon aria-hidden /> Aggiungi Artigiano
          </Link>
        </Button>
      </div>

      <UnmatchedZones />

      <section aria-label="Filtri" className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4">
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={search.status === 'pending_review' ? 'default' : 'outline'}
            aria-pressed={search.status === 'pending_review'}
            onClick={() => setFilter({ status: search.status === 'pending_review' ? undefined : 'pending_review' })}
          >
            Candidature da revisionare
          </Button>
          {hasFilters ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                texts.clear()
                void navigate({ search: {}, replace: true })
              }}
            >
              <XIcon aria-hidden /> Azzera filtri
            </Button>
          ) : null}
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextFilterFields idPrefix="filter" fields={TEXT_FIELDS} filters={texts} maxLength={200} dense />
          <FilterSelect
            id="filter-status"
            label="Stato"
            value={search.status}
            anyLabel="Tutti gli stati"
            options={STATUSES}
            onChange={(status) => setFilter({ status: status as ArtisanListSearch['status'] })}
            dense
          />
          <FilterSelect
            id="filter-sector"
            label="Settore"
            value={search.sector}
            anyLabel="Tutti i settori"
            options={SECTORS}
            onChange={(sector) => setFilter({ sector })}
            dense
          />
        </div>
      </section>

      <div className="min-w-0 rounded-lg border border-gray-200 bg-white p-3 xl:p-0">
        <ListResults list={list} messages={MESSAGES} onPageChange={goToPage}>
          {(rows) => <ArtisansTable rows={rows} busy={list.isFetching} />}
        </ListResults>
      </div>
    </div>
  )
}

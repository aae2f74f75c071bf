import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import { EyeIcon, PencilIcon, PlusIcon, Trash2Icon, XIcon } from 'lucide-react'
import type { AppRouter } from '#server/trpc/router.ts'
import { FilterSelect, TextFilterFields } from '#src/components/admin/list-filters.tsx'
import { ListResults } from '#src/components/admin/list-screen.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#src/components/ui/table.tsx'
import { useListPage, useUrlFilters } from '#src/lib/admin-lists.ts'
import { artisanListSearch } from '#src/lib/admin-search.ts'
import { SITE_NAME } from '#src/lib/site.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { prefetchList } from '#src/lib/admin-handle.ts'
import { ARTISAN_SECTORS, ARTISAN_STATUS_LABELS, type ArtisanListSearch } from '#shared/schemas/artisan.ts'
import { DeleteArtisanDialog } from './-components/delete-artisan-dialog.tsx'
import { StatusBadge } from './-components/status-badge.tsx'

export const Route = createFileRoute('/admin/artisans/')({
  validateSearch: artisanListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchList(context.admin, (trpc) => trpc.admin.artisans.list.queryOptions(deps)),
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

/** Long addresses wrap after the @ rather than in the middle of a word. */
function EmailWithBreak({ email }: { email: string }) {
  const at = email.indexOf('@')
  if (at < 0) return email
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  )
}

function ArtisansPage() {
  const trpc = useTRPC()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const list = useQuery({ ...trpc.admin.artisans.list.queryOptions(search), placeholderData: keepPreviousData })
  const goToPage = (page: number, replace = false) => void navigate({ search: (previous) => ({ ...previous, page: page === 1 ? undefined : page }), replace })
  useListPage(list, search.page ?? 1, (last) => goToPage(last, true), 'Impossibile caricare gli artigiani.')

  // Any filter change goes back to page 1.
  const setFilter = (patch: Partial<ArtisanListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...patch, page: undefined }), replace: true })
  const texts = useUrlFilters(TEXT_KEYS, search, setFilter)
  const hasFilters = Object.entries(search).some(([key, value]) => key !== 'page' && value)

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Gestione Artigiani</h1>
          <p className="text-sm text-muted">{list.data ? `${list.data.total.toLocaleString('it-IT')} artigiani` : ' '}</p>
        </div>
        <Button asChild>
          <Link to="/admin/artisans/add">
            <PlusIcon aria-hidden /> Aggiungi Artigiano
          </Link>
        </Button>
      </div>

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

      <div className="min-w-0 rounded-lg border border-gray-200 bg-white">
        <ListResults list={list} messages={MESSAGES} onPageChange={goToPage}>
          {(rows) => <ArtisansTable rows={rows} busy={list.isFetching} />}
        </ListResults>
      </div>
    </div>
  )
}

const COLUMNS = ['Azienda', 'Referente', 'Email', 'Telefono', 'Settori', 'Zone Operative', 'Stato']

type ArtisanRow = inferRouterOutputs<AppRouter>['admin']['artisans']['list']['rows'][number]

function ArtisansTable({ rows, busy }: { rows: ArtisanRow[]; busy: boolean }) {
  return (
    <Table aria-busy={busy}>
      <TableHeader>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
          <TableHead className="text-right">Azioni</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((artisan) => (
          <TableRow key={artisan.id} className={artisan.status === 'pending_review' ? 'bg-amber-50/70' : undefined}>
            <TableCell className="font-medium">{artisan.company_name ?? <span className="text-muted">—</span>}</TableCell>
            <TableCell>
              <span className="flex items-center gap-1.5">
                {artisan.contact_name}
                {artisan.is_verified ? <Badge variant="info">Verificato</Badge> : null}
              </span>
            </TableCell>
            <TableCell>
              <EmailWithBreak email={artisan.email} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{artisan.phone}</TableCell>
            <TableCell className="min-w-32 max-w-56">{artisan.specialization_sectors.join(', ') || <span className="text-muted">—</span>}</TableCell>
            <TableCell className="min-w-28 max-w-56">{artisan.operative_zones.join(', ') || <span className="text-muted">—</span>}</TableCell>
            <TableCell>
              <StatusBadge status={artisan.status} />
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-0.5">
                <Button asChild variant="ghost" size="icon" className="size-8" aria-label={`Dettagli di ${artisan.contact_name}`}>
                  <Link to="/admin/artisans/$artisanId" params={{ artisanId: String(artisan.id) }}>
                    <EyeIcon aria-hidden />
                  </Link>
                </Button>
                <Button asChild variant="ghost" size="icon" className="size-8" aria-label={`Modifica ${artisan.contact_name}`}>
                  <Link to="/admin/artisans/edit/$artisanId" params={{ artisanId: String(artisan.id) }}>
                    <PencilIcon aria-hidden />
                  </Link>
                </Button>
                <DeleteArtisanDialog
                  artisan={artisan}
                  trigger={
                    <Button variant="ghost" size="icon" className="size-8 text-red-700 hover:bg-red-50" aria-label={`Elimina ${artisan.contact_name}`}>
                      <Trash2Icon aria-hidden />
                    </Button>
                  }
                />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { EyeIcon, PencilIcon, PlusIcon, Trash2Icon, XIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { PageNumberBar } from '#src/components/page-number-bar.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { NativeSelect } from '#src/components/ui/native-select.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#src/components/ui/table.tsx'
import { artisanListSearch } from '#src/lib/admin-search.ts'
import { SITE_NAME } from '#src/lib/site.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { ARTISAN_SECTORS, ARTISAN_STATUS_LABELS, type ArtisanListSearch } from '#shared/schemas/artisan.ts'
import { DeleteArtisanDialog } from './-components/delete-artisan-dialog.tsx'
import { StatusBadge } from './-components/status-badge.tsx'

export const Route = createFileRoute('/admin/artisans/')({
  validateSearch: artisanListSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { queryClient, trpc } = await context.admin.load()
    await queryClient.prefetchQuery(trpc.admin.artisans.list.queryOptions(deps))
  },
  head: () => ({ meta: [{ title: `Artigiani - Area Riservata - ${SITE_NAME}` }] }),
  component: ArtisansPage,
})

type TextFilter = 'company' | 'contact' | 'email' | 'phone' | 'zone'
const TEXT_FILTERS: Array<{ key: TextFilter; label: string }> = [
  { key: 'company', label: 'Azienda' },
  { key: 'contact', label: 'Referente' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Telefono' },
  { key: 'zone', label: 'Zona operativa' },
]

/** A text filter that updates the URL 300 ms after typing stops. */
function FilterInput({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  const [draft, setDraft] = useState(value)
  useEffect(() => setDraft(value), [value])
  useEffect(() => {
    if (draft === value) return
    const timer = setTimeout(() => onChange(draft), 300)
    return () => clearTimeout(timer)
  }, [draft, value, onChange])
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs text-muted">
        {label}
      </Label>
      <Input id={id} value={draft} onChange={(event) => setDraft(event.target.value)} placeholder={`Filtra per ${label.toLowerCase()}`} className="h-9" />
    </div>
  )
}

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

  useEffect(() => {
    if (list.isError) toast({ title: 'Errore Caricamento Dati', description: 'Impossibile caricare gli artigiani.', variant: 'destructive' })
  }, [list.isError])

  // Any filter change goes back to page 1.
  const setFilter = (patch: Partial<ArtisanListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...patch, page: undefined }), replace: true })
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
          {hasFilters && (
            <Button size="sm" variant="ghost" onClick={() => void navigate({ search: {}, replace: true })}>
              <XIcon aria-hidden /> Azzera filtri
            </Button>
          )}
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {TEXT_FILTERS.map(({ key, label }) => (
            <FilterInput
              key={key}
              id={`filter-${key}`}
              label={label}
              value={search[key] ?? ''}
              onChange={(value) => setFilter({ [key]: value.trim() || undefined })}
            />
          ))}
          <div className="grid gap-1">
            <Label htmlFor="filter-status" className="text-xs text-muted">
              Stato
            </Label>
            <NativeSelect
              id="filter-status"
              className="h-9"
              value={search.status ?? ''}
              onChange={(event) => setFilter({ status: (event.target.value || undefined) as ArtisanListSearch['status'] })}
            >
              <option value="">Tutti gli stati</option>
              {Object.entries(ARTISAN_STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="filter-sector" className="text-xs text-muted">
              Settore
            </Label>
            <NativeSelect
              id="filter-sector"
              className="h-9"
              value={search.sector ?? ''}
              onChange={(event) => setFilter({ sector: event.target.value || undefined })}
            >
              <option value="">Tutti i settori</option>
              {ARTISAN_SECTORS.map((sector) => (
                <option key={sector} value={sector}>
                  {sector}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </section>

      {list.isError ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-gray-200 bg-white py-12 text-center">
          <p>Impossibile caricare gli artigiani.</p>
          <Button onClick={() => void list.refetch()}>Riprova Caricamento</Button>
        </div>
      ) : !list.data ? (
        <p className="py-12 text-center text-muted" role="status">
          Caricamento artigiani...
        </p>
      ) : (
        <div className="min-w-0 rounded-lg border border-gray-200 bg-white">
          <Table aria-busy={list.isFetching}>
            <TableHeader>
              <TableRow>
                <TableHead>Azienda</TableHead>
                <TableHead>Referente</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Telefono</TableHead>
                <TableHead>Settori</TableHead>
                <TableHead>Zone Operative</TableHead>
                <TableHead>Stato</TableHead>
                <TableHead className="text-right">Azioni</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={8} className="py-10 text-center text-muted">
                    Nessun artigiano trovato.
                  </TableCell>
                </TableRow>
              ) : (
                list.data.rows.map((artisan) => (
                  <TableRow key={artisan.id} className={artisan.status === 'pending_review' ? 'bg-amber-50/70' : undefined}>
                    <TableCell className="font-medium">{artisan.company_name ?? <span className="text-muted">—</span>}</TableCell>
                    <TableCell>
                      <span className="flex items-center gap-1.5">
                        {artisan.contact_name}
                        {artisan.is_verified && <Badge variant="info">Verificato</Badge>}
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
                ))
              )}
            </TableBody>
          </Table>
          <PageNumberBar
            page={list.data.page}
            pageCount={list.data.pageCount}
            onPageChange={(page) => void navigate({ search: (previous) => ({ ...previous, page: page === 1 ? undefined : page }) })}
          />
        </div>
      )}
    </div>
  )
}

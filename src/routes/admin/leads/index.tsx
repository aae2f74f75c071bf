import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { DownloadIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { PageNumberBar } from '#src/components/page-number-bar.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#src/components/ui/card.tsx'
import { leadListSearch } from '#src/lib/admin-search.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import type { LeadFilters } from '#shared/schemas/admin-leads.ts'
import { DeleteLeadDialog, type LeadRef } from './-components/delete-lead-dialog.tsx'
import { LeadDetailsDialog } from './-components/lead-details-dialog.tsx'
import { LeadFiltersForm } from './-components/lead-filters.tsx'
import { LeadsTable } from './-components/leads-table.tsx'

export const Route = createFileRoute('/admin/leads/')({
  validateSearch: leadListSearch,
  loaderDeps: ({ search }) => search,
  // Prefetched, not awaited for errors: a failed load shows the screen's own error state.
  loader: async ({ context, deps }) => {
    const { queryClient, trpc } = await context.admin.load()
    await queryClient.prefetchQuery(trpc.admin.leads.list.queryOptions(deps))
  },
  head: () => ({ meta: [{ title: 'Gestione Preventivi - Artigiani Milano' }] }),
  component: LeadsPage,
})

/** The CSV export of what the filters select, as a plain download link. */
function exportHref(filters: LeadFilters): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value))
  const query = params.toString()
  return `/admin/export/leads.csv${query ? `?${query}` : ''}`
}

function LeadsPage() {
  const trpc = useTRPC()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { page, ...filters } = search
  const list = useQuery({ ...trpc.admin.leads.list.queryOptions(search), placeholderData: keepPreviousData })
  const [openId, setOpenId] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<LeadRef | null>(null)

  // After deleting the last row of the last page, show the page before it.
  const lastPage = list.data?.pageCount ?? 0
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) void navigate({ search: { ...search, page: lastPage }, replace: true })
  }, [lastPage, page])

  const failed = list.isError
  useEffect(() => {
    if (failed) toast({ title: 'Errore Caricamento Dati', description: 'Impossibile caricare i preventivi.', variant: 'destructive' })
  }, [failed])

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink">Gestione Preventivi</h1>
          <p className="text-sm text-muted">Lavora le richieste: stato, note e artigiani a cui affidarle.</p>
        </div>
        <Button asChild variant="outline">
          <a href={exportHref(filters)} download>
            <DownloadIcon aria-hidden /> Esporta CSV
          </a>
        </Button>
      </header>
      <LeadFiltersForm filters={filters} onChange={(next) => void navigate({ search: { ...next, page: 1 }, replace: true })} />
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2 pb-4">
          <CardTitle>Elenco Preventivi Ricevuti</CardTitle>
          {list.data ? (
            <span className="text-sm text-muted" aria-live="polite">
              {list.data.total.toLocaleString('it-IT')} {list.data.total === 1 ? 'preventivo' : 'preventivi'}
            </span>
          ) : null}
        </CardHeader>
        <CardContent className="pt-0">
          {list.isPending ? (
            <p className="py-10 text-center text-muted" role="status">
              Caricamento preventivi...
            </p>
          ) : list.isError ? (
            <div className="grid justify-items-center gap-3 py-10 text-center" role="alert">
              <p className="font-medium text-red-800">Errore nel caricamento dei preventivi.</p>
              <Button variant="outline" onClick={() => void list.refetch()}>
                Riprova Caricamento
              </Button>
            </div>
          ) : list.data.rows.length === 0 ? (
            <p className="py-10 text-center text-muted">Nessun preventivo trovato.</p>
          ) : (
            <>
              <LeadsTable rows={list.data.rows} onOpen={(lead) => setOpenId(lead.id)} onDelete={setDeleting} />
              <PageNumberBar
                page={list.data.page}
                pageCount={list.data.pageCount}
                onPageChange={(next) => void navigate({ search: { ...search, page: next } })}
              />
            </>
          )}
        </CardContent>
      </Card>
      <LeadDetailsDialog leadId={openId} onClose={() => setOpenId(null)} onDelete={(lead) => setDeleting(lead)} />
      <DeleteLeadDialog
        lead={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          if (openId === id) setOpenId(null)
        }}
      />
    </div>
  )
}

import { createFileRoute } from '@tanstack/react-router'
import { DownloadIcon } from 'lucide-react'
import { useState } from 'react'
import { ListCard, ScreenHeader } from '#src/components/admin/list-screen.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { useListScreen } from '#src/lib/admin-lists.ts'
import { prefetch } from '#src/lib/admin-handle.ts'
import { XLSX_MAX_ROWS, XLSX_TOO_BIG } from '#shared/leads-export.ts'
import { type LeadFilters, leadListSearchSchema } from '#shared/schemas/admin-leads.ts'
import { DeleteLeadDialog, type LeadRef } from './-components/delete-lead-dialog.tsx'
import { LeadDetailsDialog } from './-components/lead-details-dialog.tsx'
import { LeadFiltersForm } from './-components/lead-filters.tsx'
import { LeadsTable } from './-components/leads-table.tsx'

export const Route = createFileRoute('/admin/leads/')({
  validateSearch: leadListSearchSchema,
  // The open dialog is not the list's business: opening one does not load the list again.
  loaderDeps: ({ search: { lead: _lead, ...list } }) => list,
  loader: ({ context, deps }) => prefetch(context.admin, (trpc) => trpc.admin.leads.list.queryOptions(deps)),
  head: () => ({ meta: [{ title: 'Gestione Preventivi - Artigiani Milano' }] }),
  component: LeadsPage,
})

const MESSAGES = { loading: 'Caricamento preventivi...', failed: 'Errore nel caricamento dei preventivi.', empty: 'Nessun preventivo trovato.' }

/** The export of what the filters select, as a plain download link: a spreadsheet for Excel or LibreOffice, or CSV. */
function exportHref(filters: LeadFilters, format: 'xlsx' | 'csv'): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value))
  const query = params.toString()
  return `/admin/export/leads.${format}${query ? `?${query}` : ''}`
}

function LeadsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { lead: openId, ...listSearch } = search
  const { page: _page, ...filters } = listSearch
  const { list, goToPage } = useListScreen(search, navigate, (trpc) => trpc.admin.leads.list.queryOptions(listSearch), 'Impossibile caricare i preventivi.')
  const [deleting, setDeleting] = useState<LeadRef | null>(null)
  // The workbook is bounded (docs/decisions/049): past the limit the button says why instead of failing on a click.
  const tooManyForExcel = (list.data?.total ?? 0) > XLSX_MAX_ROWS
  const setOpenId = (lead: number | undefined) => void navigate({ search: (current) => ({ ...current, lead }), replace: lead === undefined })

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader
        title="Gestione Preventivi"
        actions={
          <div className="flex flex-wrap gap-2">
            {tooManyForExcel ? (
              <Button variant="outline" disabled aria-describedby="xlsx-limit">
                <DownloadIcon aria-hidden /> Esporta Excel
              </Button>
            ) : (
              <Button asChild variant="outline">
                {/* Not a `download` link: a selection too large for a workbook shows the server's explanation. */}
                <a href={exportHref(filters, 'xlsx')}>
                  <DownloadIcon aria-hidden /> Esporta Excel
                </a>
              </Button>
            )}
            <Button asChild variant="outline">
              <a href={exportHref(filters, 'csv')} download>
                <DownloadIcon aria-hidden /> Esporta CSV
              </a>
            </Button>
            {tooManyForExcel ? (
              <p id="xlsx-limit" className="w-full max-w-md text-xs text-muted">
                {XLSX_TOO_BIG}
              </p>
            ) : null}
          </div>
        }
      >
        Lavora le richieste: stato, note e artigiani a cui affidarle.
      </ScreenHeader>
      <LeadFiltersForm filters={filters} onChange={(next) => void navigate({ search: { ...next, page: 1, lead: openId }, replace: true })} />
      <ListCard title="Elenco Preventivi Ricevuti" noun={['preventivo', 'preventivi']} list={list} messages={MESSAGES} onPageChange={goToPage}>
        {(rows) => <LeadsTable rows={rows} onOpen={(lead) => setOpenId(lead.id)} onDelete={setDeleting} />}
      </ListCard>
      <LeadDetailsDialog leadId={openId ?? null} onClose={() => setOpenId(undefined)} onDelete={setDeleting} />
      <DeleteLeadDialog lead={deleting} onClose={() => setDeleting(null)} onDeleted={(id) => openId === id && setOpenId(undefined)} />
    </div>
  )
}

import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { PageNumberBar } from '#src/components/page-number-bar.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#src/components/ui/card.tsx'
import { requesterListSearch } from '#src/lib/admin-search.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { EraseRequesterDialog, RequesterDialog, useExportRequester } from './-components/requester-dialogs.tsx'
import { RequesterFiltersForm } from './-components/requester-filters.tsx'
import { RequestersTable } from './-components/requesters-table.tsx'

export const Route = createFileRoute('/admin/users/')({
  validateSearch: requesterListSearch,
  loaderDeps: ({ search }) => search,
  // Prefetched, not awaited for errors: a failed load shows the screen's own error state.
  loader: async ({ context, deps }) => {
    const { queryClient, trpc } = await context.admin.load()
    await queryClient.prefetchQuery(trpc.admin.requesters.list.queryOptions(deps))
  },
  head: () => ({ meta: [{ title: 'Gestione Utenti - Artigiani Milano' }] }),
  component: UsersPage,
})

function UsersPage() {
  const trpc = useTRPC()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { page, ...filters } = search
  const list = useQuery({ ...trpc.admin.requesters.list.queryOptions(search), placeholderData: keepPreviousData })
  const [openEmail, setOpenEmail] = useState<string | null>(null)
  const [erasing, setErasing] = useState<string | null>(null)
  const exporter = useExportRequester()

  const lastPage = list.data?.pageCount ?? 0
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) void navigate({ search: { ...search, page: lastPage }, replace: true })
  }, [lastPage, page])

  const failed = list.isError
  useEffect(() => {
    if (failed) toast({ title: 'Errore Caricamento Dati', description: 'Impossibile caricare gli utenti.', variant: 'destructive' })
  }, [failed])

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <header>
        <h1 className="text-2xl font-bold text-ink">Gestione Utenti</h1>
        <p className="text-sm text-muted">Chi ha chiesto un preventivo, una riga per indirizzo email, con i diritti sui suoi dati.</p>
      </header>
      <RequesterFiltersForm filters={filters} onChange={(next) => void navigate({ search: { ...next, page: 1 }, replace: true })} />
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2 pb-4">
          <CardTitle>Elenco Utenti (Lead Univoci)</CardTitle>
          {list.data ? (
            <span className="text-sm text-muted" aria-live="polite">
              {list.data.total.toLocaleString('it-IT')} {list.data.total === 1 ? 'utente' : 'utenti'}
            </span>
          ) : null}
        </CardHeader>
        <CardContent className="pt-0">
          {list.isPending ? (
            <p className="py-10 text-center text-muted" role="status">
              Caricamento utenti...
            </p>
          ) : list.isError ? (
            <div className="grid justify-items-center gap-3 py-10 text-center" role="alert">
              <p className="font-medium text-red-800">Errore nel caricamento degli utenti.</p>
              <Button variant="outline" onClick={() => void list.refetch()}>
                Riprova Caricamento
              </Button>
            </div>
          ) : list.data.rows.length === 0 ? (
            <p className="py-10 text-center text-muted">Nessun utente trovato.</p>
          ) : (
            <>
              <RequestersTable
                rows={list.data.rows}
                onOpen={(row) => setOpenEmail(row.email_normalized)}
                onExport={(row) => exporter.mutate({ email: row.email_normalized })}
                onErase={(row) => setErasing(row.email_normalized)}
              />
              <PageNumberBar
                page={list.data.page}
                pageCount={list.data.pageCount}
                onPageChange={(next) => void navigate({ search: { ...search, page: next } })}
              />
            </>
          )}
        </CardContent>
      </Card>
      <RequesterDialog email={openEmail} onClose={() => setOpenEmail(null)} onErase={setErasing} />
      <EraseRequesterDialog
        email={erasing}
        onClose={() => setErasing(null)}
        onErased={(email) => {
          if (openEmail === email) setOpenEmail(null)
        }}
      />
    </div>
  )
}

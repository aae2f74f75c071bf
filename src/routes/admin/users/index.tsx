import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { ListCard, ScreenHeader } from '#src/components/admin/list-screen.tsx'
import { useListScreen } from '#src/lib/admin-lists.ts'
import { prefetch } from '#src/lib/admin-handle.ts'
import { requesterListInputSchema } from '#shared/schemas/requesters.ts'
import { EraseRequesterDialog, RequesterDialog, useExportRequester } from './-components/requester-dialogs.tsx'
import { RequesterFiltersForm } from './-components/requester-filters.tsx'
import { RequestersTable } from './-components/requesters-table.tsx'

export const Route = createFileRoute('/admin/users/')({
  validateSearch: requesterListInputSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetch(context.admin, (trpc) => trpc.admin.requesters.list.queryOptions(deps)),
  head: () => ({ meta: [{ title: 'Gestione Utenti - Artigiani Milano' }] }),
  component: RequestersPage,
})

const MESSAGES = { loading: 'Caricamento utenti...', failed: 'Errore nel caricamento degli utenti.', empty: 'Nessun utente trovato.' }

function RequestersPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { page: _page, ...filters } = search
  const { list, goToPage } = useListScreen(search, navigate, (trpc) => trpc.admin.requesters.list.queryOptions(search), 'Impossibile caricare gli utenti.')
  const [openEmail, setOpenEmail] = useState<string | null>(null)
  const [erasing, setErasing] = useState<string | null>(null)
  const exporter = useExportRequester()

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader title="Gestione Utenti">Chi ha chiesto un preventivo, una riga per indirizzo email, con i diritti sui suoi dati.</ScreenHeader>
      <RequesterFiltersForm filters={filters} onChange={(next) => void navigate({ search: { ...next, page: 1 }, replace: true })} />
      <ListCard title="Elenco Utenti (Lead Univoci)" noun={['utente', 'utenti']} list={list} messages={MESSAGES} onPageChange={goToPage}>
        {(rows) => (
          <RequestersTable
            rows={rows}
            onOpen={(row) => setOpenEmail(row.email_normalized)}
            onExport={(row) => exporter.mutate({ email: row.email_normalized })}
            onErase={(row) => setErasing(row.email_normalized)}
          />
        )}
      </ListCard>
      <RequesterDialog email={openEmail} onClose={() => setOpenEmail(null)} onErase={setErasing} />
      <EraseRequesterDialog email={erasing} onClose={() => setErasing(null)} onErased={(email) => openEmail === email && setOpenEmail(null)} />
    </div>
  )
}

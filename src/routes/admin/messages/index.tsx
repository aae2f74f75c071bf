import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { ListCard, ScreenHeader } from '#src/components/admin/list-screen.tsx'
import { prefetch } from '#src/lib/admin-handle.ts'
import { useListScreen } from '#src/lib/admin-lists.ts'
import { countOf } from '#shared/plural.ts'
import { messageListSearchSchema } from '#shared/schemas/contact-messages.ts'
import { DeleteMessageDialog, EraseSenderDialog, MessageDialog } from './-components/message-dialog.tsx'
import { MessageFiltersForm } from './-components/message-filters.tsx'
import { type MessageRow, MessagesTable } from './-components/messages-table.tsx'

export const Route = createFileRoute('/admin/messages/')({
  validateSearch: messageListSearchSchema,
  // The open message is not the list's business: opening one does not load the list again.
  loaderDeps: ({ search: { messaggio: _messaggio, ...list } }) => list,
  loader: ({ context, deps }) => prefetch(context.admin, (trpc) => trpc.admin.messages.list.queryOptions(deps)),
  head: () => ({ meta: [{ title: 'Messaggi - Artigiani Milano' }] }),
  component: MessagesPage,
})

const MESSAGES = { loading: 'Caricamento messaggi...', failed: 'Errore nel caricamento dei messaggi.', empty: 'Nessun messaggio trovato.' }

/** The messages of /contattaci: written to the office, answered by e-mail, apart from the quote requests. */
function MessagesPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { messaggio: openId, ...listSearch } = search
  const { page: _page, ...filters } = listSearch
  const { list, goToPage } = useListScreen(search, navigate, (trpc) => trpc.admin.messages.list.queryOptions(listSearch), 'Impossibile caricare i messaggi.')
  const [deleting, setDeleting] = useState<Pick<MessageRow, 'id' | 'full_name'> | null>(null)
  const [erasing, setErasing] = useState<string | null>(null)
  const setOpenId = (messaggio: number | undefined) => void navigate({ search: (current) => ({ ...current, messaggio }), replace: messaggio === undefined })
  const unread = list.data?.unread

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader title="Messaggi">
        Quello che i visitatori scrivono dalla pagina Contattaci: si risponde via email. Non sono richieste di preventivo.
        {unread ? ` ${countOf(unread, 'messaggio da leggere', 'messaggi da leggere')}.` : ''}
      </ScreenHeader>
      <MessageFiltersForm filters={filters} onChange={(next) => void navigate({ search: { ...next, page: 1, messaggio: openId }, replace: true })} />
      <ListCard title="Messaggi Ricevuti" noun={['messaggio', 'messaggi']} list={list} messages={MESSAGES} onPageChange={goToPage}>
        {(rows) => <MessagesTable rows={rows} onOpen={(row) => setOpenId(row.id)} onDelete={setDeleting} />}
      </ListCard>
      <MessageDialog messageId={openId ?? null} onClose={() => setOpenId(undefined)} onDelete={setDeleting} onErase={setErasing} />
      <DeleteMessageDialog message={deleting} onClose={() => setDeleting(null)} onDeleted={(id) => openId === id && setOpenId(undefined)} />
      <EraseSenderDialog email={erasing} onClose={() => setErasing(null)} onErased={() => setOpenId(undefined)} />
    </div>
  )
}

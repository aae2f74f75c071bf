import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { z } from 'zod'
import { ConfirmDialog } from '#src/components/admin/confirm-dialog.tsx'
import { ListCard, ScreenHeader } from '#src/components/admin/list-screen.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#src/components/ui/table.tsx'
import { prefetch } from '#src/lib/admin-handle.ts'
import { useListScreen } from '#src/lib/admin-lists.ts'
import { formatDateTime } from '#shared/italian-time.ts'
import { toastServerError } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'

const search = z.object({
  search: z.string().max(320).catch('').default(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
})

export const Route = createFileRoute('/admin/newsletter/suppressions')({
  validateSearch: search,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetch(context.admin, (trpc) => trpc.admin.suppressions.list.queryOptions(deps)),
  head: () => ({ meta: [{ title: 'Lista di esclusione - Artigiani Milano' }] }),
  component: SuppressionsPage,
})

export const REASON_LABELS: Record<string, string> = {
  bounced: 'Indirizzo inesistente (rimbalzo)',
  complaint: 'Segnalata come spam',
  unsubscribed: 'Disiscritto',
  erased: 'Dati cancellati su richiesta',
}

const MESSAGES = { loading: 'Caricamento lista...', failed: 'Errore nel caricamento della lista di esclusione.', empty: 'Nessun indirizzo escluso.' }

function SuppressionsPage() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const params = Route.useSearch()
  const navigate = Route.useNavigate()
  const [text, setText] = useState(params.search)
  const { list, goToPage } = useListScreen(
    params,
    navigate,
    (trpc) => trpc.admin.suppressions.list.queryOptions(params),
    'Impossibile caricare la lista di esclusione.',
  )
  const remove = useMutation(
    trpc.admin.suppressions.remove.mutationOptions({
      onSuccess: async (result) => {
        toast({ title: 'Indirizzo rimosso', description: `${result.email} riceverà di nuovo le email del sito.` })
        await queryClient.invalidateQueries({ queryKey: trpc.admin.suppressions.pathKey() })
      },
      onError: toastServerError('Errore', "Impossibile rimuovere l'indirizzo dalla lista."),
    }),
  )

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader title="Lista di esclusione">
        Indirizzi a cui il sito non invia più nessuna email: rimbalzi permanenti (o tre temporanei in 30 giorni), segnalazioni di spam, disiscrizioni e
        cancellazioni. La casella dell'ufficio non viene mai esclusa.
      </ScreenHeader>
      <search aria-labelledby="suppression-search-title">
        <h2 id="suppression-search-title" className="sr-only">
          Cerca nella lista
        </h2>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            void navigate({ search: { search: text.trim(), page: 1 } })
          }}
        >
          <div className="grid min-w-64 flex-1 gap-1.5 sm:max-w-md">
            <Label htmlFor="suppression-search">Cerca indirizzo</Label>
            <Input
              id="suppression-search"
              type="search"
              value={text}
              maxLength={320}
              onChange={(event) => setText(event.target.value)}
              placeholder="es. rossi@"
            />
          </div>
          <Button type="submit" variant="outline">
            Cerca
          </Button>
        </form>
      </search>
      <ListCard title="Indirizzi esclusi" noun={['indirizzo', 'indirizzi']} list={list} messages={MESSAGES} onPageChange={goToPage}>
        {(rows) => {
          const removeButton = (row: (typeof rows)[number]) => (
            <ConfirmDialog
              trigger={
                <Button type="button" size="sm" variant="outline" disabled={remove.isPending} aria-label={`Rimuovi ${row.email} dalla lista`}>
                  Rimuovi
                </Button>
              }
              title="Rimuovere l'indirizzo dalla lista?"
              description={`${row.email} riceverà di nuovo conferme, notifiche e newsletter. Fallo solo se la persona lo ha chiesto o se l'esclusione è un errore: un nuovo rimbalzo o reclamo peggiora la reputazione del mittente.`}
              cancelLabel="Indietro"
              confirmLabel="Rimuovi"
              onConfirm={() => remove.mutate({ email: row.email })}
            />
          )
          const reason = (row: (typeof rows)[number]) => (
            <>
              {REASON_LABELS[row.reason] ?? row.reason}
              {row.detail ? <span className="block text-xs text-muted">{row.detail}</span> : null}
            </>
          )
          return (
            <>
              {/* Phones and tablets: one card per address, the action in reach. */}
              <ul className="grid gap-3 lg:hidden">
                {rows.map((row) => (
                  <li key={row.email} className="grid gap-1 rounded-lg border border-gray-200 p-3 text-sm">
                    <span className="break-words font-medium">{row.email}</span>
                    <span>{reason(row)}</span>
                    <span className="text-xs text-muted">
                      {formatDateTime(row.createdAt)}
                      {row.sourceJobSubject ? ` · ${row.sourceJobSubject}` : ''}
                    </span>
                    <span className="mt-1">{removeButton(row)}</span>
                  </li>
                ))}
              </ul>
              <Table className="hidden lg:table">
                <TableHeader>
                  <TableRow>
                    <TableHead>Email</TableHead>
                    <TableHead>Motivo</TableHead>
                    <TableHead>Data</TableHead>
                    <TableHead>Campagna</TableHead>
                    <TableHead className="text-right">Azioni</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.email}>
                      <TableCell className="break-words font-medium">{row.email}</TableCell>
                      <TableCell>{reason(row)}</TableCell>
                      <TableCell className="whitespace-nowrap">{formatDateTime(row.createdAt)}</TableCell>
                      <TableCell>{row.sourceJobSubject ?? '—'}</TableCell>
                      <TableCell className="text-right">{removeButton(row)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )
        }}
      </ListCard>
    </div>
  )
}

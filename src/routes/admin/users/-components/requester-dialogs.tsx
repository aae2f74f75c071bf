import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { FileDownIcon, PaperclipIcon } from 'lucide-react'
import { ConfirmDialog, useDeletionDialog } from '#src/components/admin/confirm-dialog.tsx'
import { DetailDialog } from '#src/components/admin/detail-dialog.tsx'
import { CardsOrTable } from '#src/components/admin/list-rows.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { TableCell } from '#src/components/ui/table.tsx'
import { formatDateTime } from '#shared/italian-time.ts'
import { toast } from '#src/lib/toast.ts'
import { useRefreshLeadLists } from '#src/lib/admin-lists.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { StatusBadge } from '#src/routes/admin/leads/-components/status-badge.tsx'
import { shortPlace } from '#shared/text.ts'

/** Downloads everything stored about one e-mail as a JSON file (GDPR access and portability). */
export function useExportRequester() {
  const trpc = useTRPC()
  return useMutation(
    trpc.admin.requesters.exportData.mutationOptions({
      onSuccess: (data) => {
        const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
        const url = URL.createObjectURL(blob)
        const link = document.createElement('a')
        link.href = url
        link.download = `dati-personali-${data.email.replace(/[^a-z0-9@._-]/gi, '_')}.json`
        document.body.append(link)
        link.click()
        link.remove()
        setTimeout(() => URL.revokeObjectURL(url), 1000)
        toast({ title: 'Dati Esportati', description: `Il file con i dati di ${data.email} è stato scaricato.` })
      },
      onError: () => toast({ title: 'Errore Esportazione', description: "Impossibile esportare i dati dell'utente.", variant: 'destructive' }),
    }),
  )
}

const REQUEST_COLUMNS = [
  { label: 'Data', className: 'w-40' },
  { label: 'Servizio' },
  { label: 'Località' },
  { label: 'Stato', className: 'w-44' },
  { label: 'Allegati', className: 'w-24' },
]

/** The request's date, a link to it in the leads list. */
function LeadDate({ lead }: { lead: { email: string; created_at: string } }) {
  return (
    <Link to="/admin/leads" search={{ email: lead.email, page: 1 }} className="whitespace-nowrap text-brand-700 hover:underline">
      {formatDateTime(lead.created_at)}
    </Link>
  )
}

function AttachmentCount({ count }: { count: number | null }) {
  return (
    <span className="inline-flex items-center gap-1">
      <PaperclipIcon className="size-3.5" aria-hidden />
      {count}
    </span>
  )
}

/** The person's requests, newest first, in place of the original 'view' that only logged. */
export function RequesterDialog({ email, onClose, onErase }: { email: string | null; onClose: () => void; onErase: (email: string) => void }) {
  const trpc = useTRPC()
  const detail = useQuery({ ...trpc.admin.requesters.byEmail.queryOptions({ email: email ?? '' }), enabled: email !== null })
  const exporter = useExportRequester()
  return (
    <DetailDialog
      open={email !== null}
      onClose={onClose}
      title="Dettagli Utente"
      description={email}
      query={detail}
      loading="Caricamento utente..."
      failed={detail.error?.data?.code === 'NOT_FOUND' ? 'Utente non trovato.' : 'Impossibile caricare gli utenti.'}
      remove={email ? { label: 'Elimina tutti i dati', onClick: () => onErase(email) } : undefined}
      actions={
        email ? (
          <Button variant="outline" disabled={exporter.isPending} onClick={() => exporter.mutate({ email })}>
            <FileDownIcon aria-hidden /> Esporta dati (JSON)
          </Button>
        ) : null
      }
    >
      {({ requester, leads }) => (
        <div className="grid gap-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Nome</dt>
              <dd>{requester.last_full_name}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Telefono</dt>
              <dd>{requester.last_phone ?? 'Non fornito'}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Prima richiesta</dt>
              <dd>{formatDateTime(requester.first_created_at)}</dd>
            </div>
          </dl>
          <h3 className="font-semibold text-ink">Richieste ({leads.length})</h3>
          <CardsOrTable
            rows={leads}
            rowKey={(lead) => lead.id}
            label="Richieste"
            card={(lead) => (
              <>
                <div className="flex items-start justify-between gap-2">
                  <LeadDate lead={lead} />
                  <StatusBadge status={lead.status} />
                </div>
                <p className="break-words">{lead.service_name}</p>
                <p className="break-words text-muted">{lead.location_label ? shortPlace(lead.location_label) : 'Non specificata'}</p>
                <AttachmentCount count={lead.attachment_count} />
              </>
            )}
            columns={REQUEST_COLUMNS}
            cells={(lead) => (
              <>
                <TableCell>
                  <LeadDate lead={lead} />
                </TableCell>
                <TableCell className="break-words">{lead.service_name}</TableCell>
                <TableCell className="break-words">{lead.location_label ? shortPlace(lead.location_label) : 'Non specificata'}</TableCell>
                <TableCell>
                  <StatusBadge status={lead.status} />
                </TableCell>
                <TableCell>
                  <AttachmentCount count={lead.attachment_count} />
                </TableCell>
              </>
            )}
          />
        </div>
      )}
    </DetailDialog>
  )
}

/** Erasure on request: every lead, attachment and queued e-mail of the address, which is then never mailed again. */
export function EraseRequesterDialog({ email, onClose, onErased }: { email: string | null; onClose: () => void; onErased: (email: string) => void }) {
  const trpc = useTRPC()
  const refresh = useRefreshLeadLists()
  const erase = useDeletionDialog(email !== null, onClose, {
    mutation: trpc.admin.requesters.erase.mutationOptions(),
    refresh,
    deleted: (_, { email: erased }) => {
      onErased(erased)
      const message = { title: 'Utente Eliminato', description: `Tutti i preventivi per ${erased} sono stati eliminati con successo.` }
      return { detail: trpc.admin.requesters.byEmail.queryKey({ email: erased }), message }
    },
    failure: "Impossibile eliminare i preventivi dell'utente.",
  })
  return (
    <ConfirmDialog
      {...erase.dialog}
      onConfirm={() => email && erase.mutate({ email })}
      description={
        <>
          Questa azione eliminerà tutti i preventivi e i messaggi di {email}, con i loro allegati e le email in attesa di invio, e l'indirizzo non riceverà più
          alcuna comunicazione. Le sue recensioni restano sui profili, firmate «Cliente verificato» e senza collegamento a lui o alle richieste. Questa
          operazione non può essere annullata.
        </>
      }
    />
  )
}

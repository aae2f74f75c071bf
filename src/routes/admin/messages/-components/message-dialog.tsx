import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CheckCheckIcon, FileDownIcon, MailIcon, UndoIcon, UserXIcon } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { ConfirmDialog, useDeletionDialog } from '#src/components/admin/confirm-dialog.tsx'
import { DetailDialog } from '#src/components/admin/detail-dialog.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { toast } from '#src/lib/toast.ts'
import { useRefreshLeadLists } from '#src/lib/admin-lists.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { useExportRequester } from '#src/routes/admin/users/-components/requester-dialogs.tsx'
import { formatDateTime } from '#shared/italian-time.ts'
import { MESSAGE_NOT_FOUND } from '#shared/schemas/contact-messages.ts'
import { MessageStateBadge } from './message-state.tsx'

/** The list, its unread count and the open message change together: this re-reads them. */
export function useRefreshMessages() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.messages.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.messages.unread.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.messages.byId.queryKey() }),
    ])
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}

/** A reply in the office's own mail program, to the sender, on the same subject. */
const replyHref = (message: { email: string; subject: string }) => `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`

/** One message: read when shown, answered by e-mail from here, then marked answered. */
export function MessageDialog({
  messageId,
  onClose,
  onDelete,
  onErase,
}: {
  messageId: number | null
  onClose: () => void
  onDelete: (message: { id: number; full_name: string }) => void
  /** Erasure of everything stored about the sender's address (data rights), messages and any quote requests. */
  onErase: (email: string) => void
}) {
  const trpc = useTRPC()
  const refresh = useRefreshMessages()
  const detail = useQuery({ ...trpc.admin.messages.byId.queryOptions({ id: messageId ?? 0 }), enabled: messageId !== null })
  const exporter = useExportRequester()
  const markRead = useMutation(trpc.admin.messages.markRead.mutationOptions({ onSuccess: () => void refresh() }))
  const answered = useMutation(
    trpc.admin.messages.setAnswered.mutationOptions({
      onSuccess: async ({ answered }) => {
        toast({ title: answered ? 'Messaggio segnato come risposto' : 'Messaggio segnato come da rispondere' })
        await refresh()
      },
      onError: () => toast({ title: 'Errore Aggiornamento', description: 'Impossibile aggiornare il messaggio.', variant: 'destructive' }),
    }),
  )
  const message = detail.data
  const unread = message !== undefined && message.read_at === null
  const { mutate: read } = markRead
  useEffect(() => {
    if (unread) read({ id: message.id })
  }, [unread, message?.id, read])

  return (
    <DetailDialog
      open={messageId !== null}
      onClose={onClose}
      title="Messaggio"
      description={message ? `Da ${message.full_name}, ${formatDateTime(message.created_at)}` : null}
      query={detail}
      loading="Caricamento messaggio..."
      failed={detail.error?.data?.code === 'NOT_FOUND' ? MESSAGE_NOT_FOUND : 'Impossibile caricare il messaggio.'}
      remove={message ? { label: 'Elimina', onClick: () => onDelete(message) } : undefined}
      actions={
        message ? (
          <>
            <Button variant="outline" className="text-red-700 hover:bg-red-50" onClick={() => onErase(message.email)}>
              <UserXIcon aria-hidden /> Elimina tutti i dati
            </Button>
            <Button variant="outline" disabled={exporter.isPending} onClick={() => exporter.mutate({ email: message.email })}>
              <FileDownIcon aria-hidden /> Esporta dati (JSON)
            </Button>
          </>
        ) : null
      }
    >
      {(message) => (
        <div className="grid gap-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <Field label="Email">
              <a href={replyHref(message)} className="text-brand-700 hover:underline">
                {message.email}
              </a>
            </Field>
            <Field label="Telefono">
              {message.phone ? (
                <a href={`tel:${message.phone.replace(/\s/g, '')}`} className="text-brand-700 hover:underline">
                  {message.phone}
                </a>
              ) : (
                'Non fornito'
              )}
            </Field>
            <Field label="Stato">
              <MessageStateBadge message={message} />
              {message.answered_at ? <span className="ml-2 text-xs text-muted">il {formatDateTime(message.answered_at)}</span> : null}
            </Field>
          </dl>
          <section aria-label="Testo del messaggio" className="grid gap-2 rounded-lg border border-gray-200 bg-gray-50 p-4">
            <h3 className="font-semibold text-ink">{message.subject}</h3>
            <p className="whitespace-pre-line break-words text-sm">{message.message}</p>
          </section>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <a href={replyHref(message)}>
                <MailIcon aria-hidden /> Rispondi via email
              </a>
            </Button>
            <Button variant="outline" disabled={answered.isPending} onClick={() => answered.mutate({ id: message.id, answered: message.answered_at === null })}>
              {message.answered_at === null ? <CheckCheckIcon aria-hidden /> : <UndoIcon aria-hidden />}
              {message.answered_at === null ? 'Segna come risposto' : 'Segna come da rispondere'}
            </Button>
          </div>
          <p className="text-xs text-muted">
            È un messaggio per l'ufficio, non una richiesta di preventivo: non entra nei preventivi, nelle statistiche delle richieste né nelle newsletter.
            Pagina di provenienza: {message.from_page ?? 'N/D'}.
          </p>
          <p className="text-xs text-muted">
            {message.marketing_consent_at
              ? `Ha chiesto di ricevere offerte e novità il ${formatDateTime(message.marketing_consent_at)} («${message.marketing_consent_text}»).`
              : 'Non ha chiesto di ricevere offerte e novità.'}
          </p>
        </div>
      )}
    </DetailDialog>
  )
}

/** The confirmation before a message and its e-mails are deleted for good. */
export function DeleteMessageDialog({
  message,
  onClose,
  onDeleted,
}: {
  message: { id: number; full_name: string } | null
  onClose: () => void
  onDeleted: (id: number) => void
}) {
  const trpc = useTRPC()
  const refresh = useRefreshMessages()
  const remove = useDeletionDialog(message !== null, onClose, {
    mutation: trpc.admin.messages.remove.mutationOptions(),
    refresh,
    deleted: ({ id }) => {
      onDeleted(id)
      return {
        detail: trpc.admin.messages.byId.queryKey({ id }),
        message: { title: 'Messaggio Eliminato', description: 'Il messaggio e le sue email sono stati eliminati.' },
      }
    },
    failure: 'Impossibile eliminare il messaggio.',
  })
  return (
    <ConfirmDialog
      {...remove.dialog}
      onConfirm={() => message && remove.mutate({ id: message.id })}
      description={<>Questa azione eliminerà il messaggio di {message?.full_name} e le sue email. Questa operazione non può essere annullata.</>}
    />
  )
}

/**
 * Erasure on request of a message's sender: the same erasure as a requester's (every message, lead, attachment and
 * e-mail of the address, which is then never mailed again), for someone who may only have written to the office.
 */
export function EraseSenderDialog({ email, onClose, onErased }: { email: string | null; onClose: () => void; onErased: () => void }) {
  const trpc = useTRPC()
  const refreshMessages = useRefreshMessages()
  const refreshLeadLists = useRefreshLeadLists()
  const erase = useDeletionDialog(email !== null, onClose, {
    mutation: trpc.admin.requesters.erase.mutationOptions(),
    refresh: () => Promise.all([refreshMessages(), refreshLeadLists()]),
    deleted: (_, { email: erased }) => {
      onErased()
      return { message: { title: 'Dati Eliminati', description: `Tutti i dati di ${erased} sono stati eliminati.` } }
    },
    failure: 'Impossibile eliminare i dati di questa persona.',
  })
  return (
    <ConfirmDialog
      {...erase.dialog}
      onConfirm={() => email && erase.mutate({ email })}
      description={
        <>
          Questa azione eliminerà tutti i dati di {email}: i suoi messaggi, le sue eventuali richieste di preventivo con i loro allegati e le email, e
          l'indirizzo non riceverà più alcuna comunicazione. Questa operazione non può essere annullata.
        </>
      }
    />
  )
}

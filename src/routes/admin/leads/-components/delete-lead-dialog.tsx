import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ConfirmDialog } from '#src/components/admin/confirm-dialog.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'

export type LeadRef = { id: number; full_name: string }

/** The leads and requesters lists both change when a lead or a requester's data goes: this re-reads them. */
function useRefreshLeadLists() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.leads.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.requesters.list.queryKey() }),
    ])
}

type Message = { title: string; description: string }

type Deletion<Result, Failure, Variables> = {
  mutation: UseMutationOptions<Result, Failure, Variables>
  /** Called once the server has deleted: the query key of what went, and what the toast says. */
  deleted: (result: Result, variables: Variables) => { detail: QueryKey; message: Message }
  /** The toast's text when the deletion failed. */
  failure: string
}

/**
 * A deletion on the leads or requesters screens, confirmed in a dialog that the screen opens and that cannot be dismissed while the
 * request is under way. Once the server has deleted: the toast, the dialog closes, the deleted detail is forgotten and both lists
 * are read again.
 */
export function useDeletionDialog<Result, Failure, Variables>(
  open: boolean,
  onClose: () => void,
  { mutation, deleted, failure }: Deletion<Result, Failure, Variables>,
) {
  const queryClient = useQueryClient()
  const refreshLists = useRefreshLeadLists()
  const { mutate, isPending } = useMutation({
    ...mutation,
    onSuccess: async (result, variables) => {
      const { detail, message } = deleted(result, variables)
      toast(message)
      onClose()
      queryClient.removeQueries({ queryKey: detail })
      await refreshLists()
    },
    onError: () => toast({ title: 'Errore Eliminazione', description: failure, variant: 'destructive' }),
  })
  return { mutate, dialog: { open, onClose, pending: isPending, pendingLabel: 'Eliminazione...' } }
}

/** The spec's confirmation before a lead, its attachments and its e-mails are deleted for good. */
export function DeleteLeadDialog({ lead, onClose, onDeleted }: { lead: LeadRef | null; onClose: () => void; onDeleted: (id: number) => void }) {
  const trpc = useTRPC()
  const remove = useDeletionDialog(lead !== null, onClose, {
    mutation: trpc.admin.leads.remove.mutationOptions(),
    deleted: ({ id }) => {
      onDeleted(id)
      const message = { title: 'Preventivo Eliminato', description: 'Il preventivo e i suoi allegati sono stati eliminati.' }
      return { detail: trpc.admin.leads.byId.queryKey({ id }), message }
    },
    failure: 'Impossibile eliminare il preventivo.',
  })
  return (
    <ConfirmDialog
      {...remove.dialog}
      onConfirm={() => lead && remove.mutate({ id: lead.id })}
      description={
        <>
          Questa azione eliminerà il preventivo di {lead?.full_name}, con i suoi allegati e le email in attesa di invio. Questa operazione non può essere
          annullata.
        </>
      }
    />
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ConfirmDialog } from '#src/components/admin/confirm-dialog.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'

export type LeadRef = { id: number; full_name: string }

/** The leads and requesters lists both change when a lead or a requester's data goes: this re-reads them. */
export function useRefreshLeadLists() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.leads.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.requesters.list.queryKey() }),
    ])
}

/** The spec's confirmation before a lead, its attachments and its e-mails are deleted for good. */
export function DeleteLeadDialog({ lead, onClose, onDeleted }: { lead: LeadRef | null; onClose: () => void; onDeleted: (id: number) => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refreshLists = useRefreshLeadLists()
  const remove = useMutation(
    trpc.admin.leads.remove.mutationOptions({
      onSuccess: async ({ id }) => {
        toast({ title: 'Preventivo Eliminato', description: 'Il preventivo e i suoi allegati sono stati eliminati.' })
        onDeleted(id)
        onClose()
        queryClient.removeQueries({ queryKey: trpc.admin.leads.byId.queryKey({ id }) })
        await refreshLists()
      },
      onError: () => toast({ title: 'Errore Eliminazione', description: 'Impossibile eliminare il preventivo.', variant: 'destructive' }),
    }),
  )
  return (
    <ConfirmDialog
      open={lead !== null}
      onClose={onClose}
      pending={remove.isPending}
      pendingLabel="Eliminazione..."
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

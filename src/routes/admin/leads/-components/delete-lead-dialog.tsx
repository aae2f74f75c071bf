import { ConfirmDialog, useDeletionDialog } from '#src/components/admin/confirm-dialog.tsx'
import { useRefreshLeadLists } from '#src/lib/admin-lists.ts'
import { useTRPC } from '#src/lib/trpc.tsx'

export type LeadRef = { id: number; full_name: string }

/** The spec's confirmation before a lead, its attachments and its e-mails are deleted for good. */
export function DeleteLeadDialog({ lead, onClose, onDeleted }: { lead: LeadRef | null; onClose: () => void; onDeleted: (id: number) => void }) {
  const trpc = useTRPC()
  const refresh = useRefreshLeadLists()
  const remove = useDeletionDialog(lead !== null, onClose, {
    mutation: trpc.admin.leads.remove.mutationOptions(),
    refresh,
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

import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#src/components/ui/alert-dialog.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'

export type LeadRef = { id: number; full_name: string }

/** The spec's confirmation before a lead, its attachments and its e-mails are deleted for good. */
export function DeleteLeadDialog({ lead, onClose, onDeleted }: { lead: LeadRef | null; onClose: () => void; onDeleted: (id: number) => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const remove = useMutation(
    trpc.admin.leads.remove.mutationOptions({
      onSuccess: async ({ id }) => {
        toast({ title: 'Preventivo Eliminato', description: 'Il preventivo e i suoi allegati sono stati eliminati.' })
        onDeleted(id)
        onClose()
        queryClient.removeQueries({ queryKey: trpc.admin.leads.byId.queryKey({ id }) })
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.leads.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.requesters.list.queryKey() }),
        ])
      },
      onError: () => toast({ title: 'Errore Eliminazione', description: 'Impossibile eliminare il preventivo.', variant: 'destructive' }),
    }),
  )
  return (
    <AlertDialog open={lead !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Sei sicuro?</AlertDialogTitle>
          <AlertDialogDescription>
            Questa azione eliminerà il preventivo di {lead?.full_name}, con i suoi allegati e le email in attesa di invio. Questa operazione non può essere
            annullata.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Annulla</AlertDialogCancel>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => lead && remove.mutate({ id: lead.id })}>
            {remove.isPending ? 'Eliminazione...' : 'Elimina Definitivamente'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

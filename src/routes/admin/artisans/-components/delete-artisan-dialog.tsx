import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#src/components/ui/alert-dialog.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'

/** The spec's confirmation before an artisan is deleted for good. */
export function DeleteArtisanDialog({
  artisan,
  trigger,
  onDeleted,
}: {
  artisan: { id: number; contact_name: string }
  trigger: ReactNode
  onDeleted?: () => void
}) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const remove = useMutation(
    trpc.admin.artisans.remove.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Artigiano Eliminato', description: `${artisan.contact_name} è stato eliminato.` })
        await queryClient.invalidateQueries({ queryKey: trpc.admin.artisans.pathKey() })
        await queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.pathKey() })
        onDeleted?.()
      },
      onError: () => toast({ title: 'Errore Eliminazione', description: "Impossibile eliminare l'artigiano.", variant: 'destructive' }),
    }),
  )
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Sei sicuro?</AlertDialogTitle>
          <AlertDialogDescription>
            Questa azione eliminerà l'artigiano <strong>{artisan.contact_name}</strong>. Questa operazione non può essere annullata.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Annulla</AlertDialogCancel>
          <AlertDialogAction disabled={remove.isPending} onClick={() => remove.mutate({ id: artisan.id })}>
            Elimina Definitivamente
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

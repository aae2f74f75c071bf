import { useMutation } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ConfirmDialog } from '#src/components/admin/confirm-dialog.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { useRefreshArtisans } from './artisan-page.tsx'

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
  const refreshArtisans = useRefreshArtisans()
  const remove = useMutation(
    trpc.admin.artisans.remove.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Artigiano Eliminato', description: `${artisan.contact_name} è stato eliminato.` })
        await refreshArtisans()
        onDeleted?.()
      },
      onError: () => toast({ title: 'Errore Eliminazione', description: "Impossibile eliminare l'artigiano.", variant: 'destructive' }),
    }),
  )
  return (
    <ConfirmDialog
      trigger={trigger}
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ id: artisan.id })}
      description={
        <>
          Questa azione eliminerà l'artigiano <strong>{artisan.contact_name}</strong>. Questa operazione non può essere annullata.
        </>
      }
    />
  )
}

import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query'
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
import { Button } from '#src/components/ui/button.tsx'
import { toast } from '#src/lib/toast.ts'

type Texts = {
  title?: string
  description: ReactNode
  confirmLabel?: string
  /** The confirm button's label while the request is under way. */
  pendingLabel?: string
  cancelLabel?: string
}

/** Opened by its trigger, closed at once by the confirmation. */
type Triggered = { trigger: ReactNode; open?: never; onClose?: never }
/** Opened by the screen, which closes it once the request has succeeded; it cannot be dismissed while pending. */
type Controlled = { trigger?: never; open: boolean; onClose: () => void }

/** The confirmation before something is deleted or stopped for good (docs/product.md: 'Sei sicuro?'). */
export function ConfirmDialog({
  title = 'Sei sicuro?',
  description,
  confirmLabel = 'Elimina Definitivamente',
  pendingLabel,
  cancelLabel = 'Annulla',
  pending = false,
  onConfirm,
  ...opening
}: Texts & { pending?: boolean; onConfirm: () => void } & (Triggered | Controlled)) {
  const label = pending && pendingLabel ? pendingLabel : confirmLabel
  return (
    <AlertDialog open={opening.open} onOpenChange={opening.onClose && ((open) => !open && !pending && opening.onClose())}>
      {opening.trigger ? <AlertDialogTrigger asChild>{opening.trigger}</AlertDialogTrigger> : null}
      <ConfirmationFrame title={title} description={description} cancelLabel={cancelLabel} pending={pending}>
        {opening.onClose ? (
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {label}
          </Button>
        ) : (
          <AlertDialogAction disabled={pending} onClick={onConfirm}>
            {label}
          </AlertDialogAction>
        )}
      </ConfirmationFrame>
    </AlertDialog>
  )
}

/**
 * The inside of a confirmation: the question, what it means, Annulla and the confirming button (the children). A
 * description with a list or several paragraphs comes as one element with `descriptionAsChild`, and stands as the description itself.
 */
export function ConfirmationFrame({
  title,
  description,
  descriptionAsChild = false,
  cancelLabel = 'Annulla',
  pending = false,
  children,
}: {
  title: ReactNode
  description: ReactNode
  descriptionAsChild?: boolean
  cancelLabel?: string
  pending?: boolean
  children: ReactNode
}) {
  return (
    <AlertDialogContent>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription asChild={descriptionAsChild}>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
        {children}
      </AlertDialogFooter>
    </AlertDialogContent>
  )
}

type Deletion<Result, Failure, Variables> = {
  mutation: UseMutationOptions<Result, Failure, Variables>
  /** Called once the server has deleted: what the toast says, and the query key of the detail that went, if one did. */
  deleted: (result: Result, variables: Variables) => { detail?: QueryKey; message: { title: string; description: string } }
  /** Reads again the lists the deletion changed. */
  refresh: () => Promise<unknown>
  /** The toast's text when the deletion failed. */
  failure: string
}

/**
 * A deletion confirmed in a ConfirmDialog that the screen opens and that cannot be dismissed while the request is under way.
 * Once the server has deleted: the toast, the dialog closes, the deleted detail is forgotten and the lists are read again.
 */
export function useDeletionDialog<Result, Failure, Variables>(
  open: boolean,
  onClose: () => void,
  { mutation, deleted, refresh, failure }: Deletion<Result, Failure, Variables>,
) {
  const queryClient = useQueryClient()
  const { mutate, isPending } = useMutation({
    ...mutation,
    onSuccess: async (result, variables) => {
      const { detail, message } = deleted(result, variables)
      toast(message)
      onClose()
      if (detail) queryClient.removeQueries({ queryKey: detail })
      await refresh()
    },
    onError: () => toast({ title: 'Errore Eliminazione', description: failure, variant: 'destructive' }),
  })
  return { mutate, dialog: { open, onClose, pending: isPending, pendingLabel: 'Eliminazione...' } }
}

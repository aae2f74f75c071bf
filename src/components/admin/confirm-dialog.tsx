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

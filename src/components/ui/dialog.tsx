import { XIcon } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '#src/lib/utils.ts'
import { slotted } from './slotted.ts'

const Dialog = DialogPrimitive.Root
const DialogTrigger = DialogPrimitive.Trigger
const DialogClose = DialogPrimitive.Close

/** The dimmed page behind a dialog, an alert dialog or the sheet. */
export const overlayClasses = 'fixed inset-0 z-50 bg-black/50'

type ModalContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & { closeLabel: string; closeClassName: string }

/** Portal, overlay and panel with its close button in the corner: what a dialog and the sheet have in common. */
export function ModalContent({ children, closeLabel, closeClassName, ...props }: ModalContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content {...props}>
        {children}
        <DialogPrimitive.Close className={cn('absolute rounded-md p-1 opacity-70 hover:opacity-100', closeClassName)} aria-label={closeLabel}>
          <XIcon aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

function DialogContent({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <ModalContent
      className={cn(
        'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl',
        className,
      )}
      closeLabel="Chiudi"
      closeClassName="right-4 top-4 [&_svg]:size-4"
      {...props}
    />
  )
}
const DialogHeader = slotted('div', 'dialog-header', 'grid gap-1.5 pr-6')
const DialogFooter = slotted('div', 'dialog-footer', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end')
const DialogTitle = slotted(DialogPrimitive.Title, 'dialog-title', 'text-lg font-semibold')
const DialogDescription = slotted(DialogPrimitive.Description, 'dialog-description', 'text-sm text-muted')

export { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger }

import { AlertDialog as AlertDialogPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '#src/lib/utils.ts'
import { buttonVariants } from './button.tsx'
import { DialogFooter, overlayClasses } from './dialog.tsx'
import { slotted } from './slotted.ts'

export const AlertDialog = AlertDialogPrimitive.Root
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger

export function AlertDialogContent({ className, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={overlayClasses} />
      <AlertDialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl',
          className,
        )}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  )
}
export const AlertDialogHeader = slotted('div', 'alert-dialog-header', 'grid gap-2')
export const AlertDialogFooter = DialogFooter
export const AlertDialogTitle = slotted(AlertDialogPrimitive.Title, 'alert-dialog-title', 'text-lg font-semibold')
export const AlertDialogDescription = slotted(AlertDialogPrimitive.Description, 'alert-dialog-description', 'text-sm text-muted')
export const AlertDialogAction = slotted(AlertDialogPrimitive.Action, 'alert-dialog-action', buttonVariants({ variant: 'destructive' }))
export const AlertDialogCancel = slotted(AlertDialogPrimitive.Cancel, 'alert-dialog-cancel', buttonVariants({ variant: 'outline' }))

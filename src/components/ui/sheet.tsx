import { Dialog as SheetPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '#src/lib/utils.ts'
import { ModalContent } from './dialog.tsx'
import { slotted } from './slotted.ts'

const Sheet = SheetPrimitive.Root
const SheetTrigger = SheetPrimitive.Trigger
const SheetClose = SheetPrimitive.Close

/** A panel sliding in from the left edge: the mobile navigation drawer. */
function SheetContent({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Content>) {
  return (
    <ModalContent
      data-slot="sheet-content"
      className={cn('fixed inset-y-0 left-0 z-50 flex h-full w-72 max-w-[85vw] flex-col bg-white shadow-xl', className)}
      closeLabel="Chiudi menu"
      closeClassName="right-3 top-3 [&_svg]:size-5"
      {...props}
    />
  )
}
const SheetTitle = slotted(SheetPrimitive.Title, 'sheet-title', 'text-lg font-semibold')
const SheetDescription = slotted(SheetPrimitive.Description, 'sheet-description', 'sr-only')

export { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger }

import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '#src/lib/utils.ts'
import { slotted } from './slotted.ts'

const DropdownMenu = DropdownMenuPrimitive.Root
const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger

function DropdownMenuContent({ className, sideOffset = 6, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        data-slot="dropdown-menu-content"
        sideOffset={sideOffset}
        className={cn('z-50 min-w-48 overflow-hidden rounded-md border border-gray-200 bg-white p-1 text-ink shadow-lg', className)}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  )
}

const DropdownMenuItem = slotted(
  DropdownMenuPrimitive.Item,
  'dropdown-menu-item',
  'flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-gray-100 [&_svg]:size-4',
)
const DropdownMenuLabel = slotted(DropdownMenuPrimitive.Label, 'dropdown-menu-label', 'px-2 py-1.5 text-sm font-semibold')
const DropdownMenuSeparator = slotted(DropdownMenuPrimitive.Separator, 'dropdown-menu-separator', '-mx-1 my-1 h-px bg-gray-200')

export { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger }

import { type ComponentProps, createElement, type ElementType } from 'react'
import { cn } from '#src/lib/utils.ts'

/**
 * A primitive that only styles an element: its base classes merged with the caller's, and a data-slot to find it by
 * (shadcn's convention). For parts with behaviour or children of their own, write the function out.
 */
export function slotted<T extends ElementType<{ className?: string }>>(element: T, slot: string, base: string) {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per primitive at module scope, so each component is stable
  function Slotted({ className, ...props }: ComponentProps<T> & { className?: string }) {
    return createElement(element, { 'data-slot': slot, className: cn(base, className), ...props })
  }
  Slotted.displayName = slot
  return Slotted
}

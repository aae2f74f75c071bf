import type * as React from 'react'
import { cn } from '#src/lib/utils.ts'

/**
 * A checkbox of the public forms: the browser's own, so a tap works before the form's code has arrived; drawn in the
 * brand's colour.
 */
function NativeCheckbox({ className, ...props }: Omit<React.ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        'size-5 shrink-0 cursor-pointer accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-invalid:outline-red-700',
        className,
      )}
      {...props}
    />
  )
}

export { NativeCheckbox }

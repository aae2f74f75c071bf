import type * as React from 'react'
import { cn } from '#src/lib/utils.ts'

/** The message under a field; link it with aria-describedby and set aria-invalid on the control. */
function FieldError({ className, children, ...props }: React.ComponentProps<'p'>) {
  if (!children) return null
  return (
    <p role="alert" data-slot="field-error" className={cn('text-sm font-medium text-red-700', className)} {...props}>
      {children}
    </p>
  )
}

export { FieldError }

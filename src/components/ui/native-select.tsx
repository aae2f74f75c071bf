import type * as React from 'react'
import { cn } from '#src/lib/utils.ts'

/** A styled native <select>: accessible and light, for forms and filters. */
function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return (
    <select
      data-slot="native-select"
      className={cn(
        'flex h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-base text-ink focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40 disabled:opacity-60 aria-invalid:border-red-700 md:text-sm',
        className,
      )}
      {...props}
    />
  )
}

export { NativeSelect }

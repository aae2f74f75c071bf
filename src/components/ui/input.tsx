import type * as React from 'react'
import { cn } from '#src/lib/utils.ts'

function Input({ className, type, ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex h-11 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink shadow-xs placeholder:text-gray-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-700 md:text-sm',
        className,
      )}
      {...props}
    />
  )
}

export { Input }

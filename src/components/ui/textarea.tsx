import type * as React from 'react'
import { cn } from '#src/lib/utils.ts'

function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex min-h-24 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink shadow-xs placeholder:text-gray-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-700 md:text-sm',
        className,
      )}
      {...props}
    />
  )
}

export { Textarea }

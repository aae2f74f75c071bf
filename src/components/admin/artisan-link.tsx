import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { cn } from '#src/lib/utils.ts'

/** A craftsman's name as a link to their page in the back office. */
export function ArtisanLink({ artisanId, className, children }: { artisanId: number; className?: string; children: ReactNode }) {
  return (
    <Link to="/admin/artisans/$artisanId" params={{ artisanId: String(artisanId) }} className={cn('text-brand-700 hover:underline', className)}>
      {children}
    </Link>
  )
}

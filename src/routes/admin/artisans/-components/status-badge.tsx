import { Badge } from '#src/components/ui/badge.tsx'
import { artisanStatusLabel } from '#shared/schemas/artisan.ts'

const VARIANT = { active: 'success', inactive: 'default', pending_review: 'warning', rejected: 'danger' } as const

/** Applications waiting for review stand out in amber. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={VARIANT[status as keyof typeof VARIANT] ?? 'default'}>{artisanStatusLabel(status)}</Badge>
}

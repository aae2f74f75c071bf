import type { LeadStatus } from '#shared/enums.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { LEAD_STATUS_LABELS } from '#shared/schemas/admin-leads.ts'

const VARIANT: Record<LeadStatus, 'default' | 'success' | 'warning' | 'danger' | 'info'> = {
  nuovo: 'danger',
  assegnato: 'warning',
  contattato: 'warning',
  'sopralluogo fissato': 'info',
  'preventivo inviato': 'info',
  acquisito: 'success',
  perso: 'default',
}

/** Where a lead stands; any value outside the list is shown as it is. */
export function StatusBadge({ status }: { status: string }) {
  const known = status in VARIANT ? (status as LeadStatus) : null
  return <Badge variant={known ? VARIANT[known] : 'default'}>{known ? LEAD_STATUS_LABELS[known] : status}</Badge>
}

import { TriangleAlertIcon } from 'lucide-react'
import { formatDateTime } from '#shared/italian-time.ts'
import { NO_ARTISAN_REASON_LABELS, NO_ARTISAN_TITLE } from '#shared/schemas/dispatch.ts'
import type { LeadDetail } from './lead-details-dialog.tsx'

/** Automatic dispatch gave the lead back (docs/product.md §12): why, when, and whether the office has taken it since. */
export function NoArtisanNotice({ lead }: { lead: Pick<LeadDetail, 'no_artisan_reason' | 'no_artisan_at' | 'taken_by_hand_at'> }) {
  if (!lead.no_artisan_reason || !lead.no_artisan_at) return null
  const handled = lead.taken_by_hand_at !== null && lead.taken_by_hand_at > lead.no_artisan_at
  return (
    <div
      role="status"
      className={`flex gap-2 rounded-lg border px-4 py-3 text-sm ${handled ? 'border-gray-200 bg-gray-50' : 'border-red-300 bg-red-50 text-red-950'}`}
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <strong>{NO_ARTISAN_TITLE}</strong> ({formatDateTime(lead.no_artisan_at)}): {NO_ARTISAN_REASON_LABELS[lead.no_artisan_reason]}.{' '}
        {handled
          ? `Preso in carico a mano il ${formatDateTime(lead.taken_by_hand_at!)}.`
          : 'Scegli tu a chi proporre la richiesta tra gli artigiani compatibili.'}
      </p>
    </div>
  )
}

import { StarIcon } from 'lucide-react'
import { NativeSelect } from '#src/components/ui/native-select.tsx'
import { formatMonth } from '#shared/italian-time.ts'

/** A review's state as a badge colour, the same in the back office and in the area. */
export const REVIEW_STATUS_VARIANT = { pending: 'warning', published: 'success', hidden: 'danger' } as const

/** The job a review is about: "Idraulico · Monza · novembre 2026" (the month as the requester gave it). */
export const reviewJob = (review: { service_name: string | null; comune: string | null; job_month: string }) =>
  [review.service_name, review.comune, formatMonth(new Date(`${review.job_month}-15T12:00:00Z`))].filter(Boolean).join(' · ')

/** A review's stars, one to five, read out as "4 su 5 stelle". */
export function ReviewStars({ count }: { count: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${count} su 5 stelle`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} aria-hidden className={n <= count ? 'size-4 fill-amber-400 text-amber-700' : 'size-4 text-gray-300'} />
      ))}
    </span>
  )
}

/** One of the review policy's reasons (to hide, to report), "Scegli il motivo" until one is chosen: the select is `${id}-reason`, its error `${id}-error`. */
export function ReasonSelect<Key extends string>({
  id,
  reasons,
  keys,
  value,
  onChange,
  error,
}: {
  id: string
  reasons: Record<Key, string>
  keys: readonly Key[]
  value: string
  onChange: (value: string) => void
  error: string | null
}) {
  return (
    // min-w-0: the longest reason would otherwise widen the card past a phone's screen.
    <NativeSelect
      id={`${id}-reason`}
      className="w-full min-w-0"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <option value="">Scegli il motivo</option>
      {keys.map((key) => (
        <option key={key} value={key}>
          {reasons[key]}
        </option>
      ))}
    </NativeSelect>
  )
}

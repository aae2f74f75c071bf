import type { ReactNode } from 'react'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { Textarea } from '#src/components/ui/textarea.tsx'

/**
 * A text the artisan writes for the office to check: its label, a hint that counts the characters against `max`, and the
 * error under it. `id` names the hint and the error (`id`-hint, `id`-error), `field` the text itself (`id`-`field`).
 */
export function CountedTextarea({
  id,
  field,
  rows,
  max,
  label,
  hint,
  value,
  onChange,
  error,
}: {
  id: string
  field: string
  rows: number
  max: number
  label: ReactNode
  hint: string
  value: string
  onChange: (value: string) => void
  error: string | null
}) {
  return (
    <>
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Textarea
        id={`${id}-${field}`}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {`${hint} `}
        {value.length} su {max} caratteri.
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </>
  )
}

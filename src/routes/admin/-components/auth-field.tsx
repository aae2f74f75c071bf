import type * as React from 'react'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'

/** A labelled input of the sign-in and password screens, with its error under it and tied to it for screen readers. */
export function AuthField({ id, label, error, ...input }: { id: string; label: string; error?: string } & React.ComponentProps<typeof Input>) {
  const errorId = `${id}-error`
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  )
}

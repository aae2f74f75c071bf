import type * as React from 'react'
import { FieldError } from '../ui/field-error.tsx'
import { Input } from '../ui/input.tsx'
import { Label } from '../ui/label.tsx'

/** A label, its control and the message under it, linked for screen readers. */
export function FormField({
  id,
  label,
  required,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  required?: boolean
  error?: string
  hint?: string
  children: React.ReactNode
}) {
  return (
    // content-start: stretched to a taller neighbour in its row, the field keeps its label and control at the top.
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="text-brand-700" aria-hidden>
            {' '}
            *
          </span>
        )}
      </Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

/** A one-line text field: its label, its input (given the input's own props) and the message under it. */
export function TextField({
  id,
  label,
  required,
  error,
  hint,
  ...input
}: { id: string; label: string; required?: boolean; error?: string; hint?: string } & Omit<React.ComponentProps<'input'>, 'id'>) {
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint}>
      <Input {...fieldAria(id, error, Boolean(hint))} {...input} />
    </FormField>
  )
}

/** The aria attributes of a control inside FormField. */
export function fieldAria(id: string, error: string | undefined, hint?: boolean) {
  const describedBy = [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(' ')
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined }
}

/** Hidden from people and from screen readers; robots that fill every input give themselves away. */
export function Honeypot(props: React.ComponentProps<'input'>) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Sito web
        <input type="text" tabIndex={-1} autoComplete="off" {...props} />
      </label>
    </div>
  )
}

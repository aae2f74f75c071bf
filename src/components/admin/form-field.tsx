import type * as React from 'react'
import { createElement } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { NativeSelect } from '#src/components/ui/native-select.tsx'
import { Textarea } from '#src/components/ui/textarea.tsx'

type FieldProps = { id: string; label: string; required?: boolean; hint?: string; error?: string }

/** The control's ties to its hint and its error, for screen readers: `${id}-hint` and `${id}-error`. */
function describedBy({ id, hint, error }: FieldProps) {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined }
}

/** A labelled control of the back-office forms, with its hint and its error under it. */
function Field({ id, label, required, hint, error, children }: FieldProps & { children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        {label}
        {required ? <span aria-hidden> *</span> : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

/** A control with its label, hint and error; the control gets the id, the required flag and its ties to the hint and the error. */
function labelled<Control extends React.ElementType<{ id?: string }>>(Control: Control) {
  function LabelledControl({ id, label, required, hint, error, ...control }: FieldProps & React.ComponentProps<Control>) {
    const field = { id, label, required, hint, error }
    return <Field {...field}>{createElement(Control, { id, 'aria-required': required, ...describedBy(field), ...control })}</Field>
  }
  return LabelledControl
}

export const InputField = labelled(Input)
export const TextareaField = labelled(Textarea)

export type Option = readonly [value: string, label: string]

/** The <option>s of a select, each a value with its Italian label. */
export function Options({ options }: { options: ReadonlyArray<Option> }) {
  return options.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ))
}

/** A select over fixed options, each a value with its Italian label. */
export function SelectField({
  id,
  label,
  error,
  options,
  ...select
}: FieldProps & { options: ReadonlyArray<Option> } & React.ComponentProps<typeof NativeSelect>) {
  const field = { id, label, error }
  return (
    <Field {...field}>
      <NativeSelect id={id} {...describedBy(field)} {...select}>
        <Options options={options} />
      </NativeSelect>
    </Field>
  )
}

/** The submit button of a back-office form: disabled and relabelled while the request is under way. */
export function SubmitButton({ pending, pendingLabel, children, ...button }: { pending: boolean; pendingLabel: string } & React.ComponentProps<typeof Button>) {
  return (
    <Button type="submit" disabled={pending} {...button}>
      {pending ? pendingLabel : children}
    </Button>
  )
}

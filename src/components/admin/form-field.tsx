import type * as React from 'react'
import { createElement } from 'react'
import { fieldAria, FormField } from '#src/components/forms/form-field.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { NativeSelect } from '#src/components/ui/native-select.tsx'
import { Textarea } from '#src/components/ui/textarea.tsx'

type FieldProps = { id: string; label: string; required?: boolean; hint?: string; error?: string }

/** A control with its label, hint and error; the control gets the id, the required flag and its ties to the hint and the error. */
function labelled<Control extends React.ElementType<{ id?: string }>>(Control: Control) {
  function LabelledControl({ id, label, required, hint, error, ...control }: FieldProps & React.ComponentProps<Control>) {
    return (
      <FormField id={id} label={label} required={required} hint={hint} error={error}>
        {createElement(Control, { 'aria-required': required, ...fieldAria(id, error, Boolean(hint)), ...control })}
      </FormField>
    )
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
  return (
    <FormField id={id} label={label} error={error}>
      <NativeSelect {...fieldAria(id, error)} {...select}>
        <Options options={options} />
      </NativeSelect>
    </FormField>
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

import { useId } from 'react'
import { labelClass, selectClass } from '../lib/class-names.ts'

export type PickerOption = { value: string; label: string }

/** The <option>s of a native select, each a value with its label. */
export function SelectOptions({ options }: { options: readonly PickerOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ))
}

/** A labelled native select: opens on click, closes on selection, works with keyboard and screen readers (docs/product.md §4). */
export function OptionPicker({
  label,
  options,
  value,
  onChange,
  name,
}: {
  label: string
  options: PickerOption[]
  value: string
  onChange: (value: string) => void
  name?: string
}) {
  const id = useId()
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        <SelectOptions options={options} />
      </select>
    </div>
  )
}

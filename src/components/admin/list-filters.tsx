import { FilterXIcon, SlidersHorizontalIcon } from 'lucide-react'
import { type ReactNode, useId, useMemo, useState } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { NativeSelect } from '#src/components/ui/native-select.tsx'
import { type UrlFilters, useUrlFilters } from '#src/lib/admin-lists.ts'
import { type Option, Options } from './form-field.tsx'

/** `dense`: the smaller labels and controls of the artisans' filter panel. */
type Density = { dense?: boolean }

/** A labelled control of a filter panel. */
export function FilterField({ id, label, dense = false, children }: { id: string; label: string; children: ReactNode } & Density) {
  return (
    <div className={dense ? 'grid gap-1' : 'grid gap-1.5'}>
      <Label htmlFor={id} className={dense ? 'text-xs text-muted' : undefined}>
        {label}
      </Label>
      {children}
    </div>
  )
}

type TextFilterField<K extends string> = { key: K; label: string; placeholder: string }

/** The free-text filters, typed into the hook's draft: they reach the URL once typing pauses. */
export function TextFilterFields<K extends string>({
  idPrefix,
  fields,
  filters,
  maxLength,
  dense,
}: { idPrefix: string; fields: ReadonlyArray<TextFilterField<K>>; filters: UrlFilters<K>; maxLength: number } & Density) {
  return fields.map(({ key, label, placeholder }) => (
    <FilterField key={key} id={`${idPrefix}-${key}`} label={label} dense={dense}>
      <Input
        id={`${idPrefix}-${key}`}
        type="search"
        className={dense ? 'h-9' : undefined}
        value={filters.draft[key] ?? ''}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        onChange={(event) => filters.type(key, event.target.value)}
      />
    </FilterField>
  ))
}

/** A filter over fixed values; the empty choice (`anyLabel`) removes it. */
export function FilterSelect({
  id,
  label,
  value,
  anyLabel,
  options,
  onChange,
  dense,
}: {
  id: string
  label: string
  value: string | undefined
  anyLabel: string
  options: ReadonlyArray<Option>
  onChange: (value: string | undefined) => void
} & Density) {
  return (
    <FilterField id={id} label={label} dense={dense}>
      <NativeSelect id={id} className={dense ? 'h-9' : undefined} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{anyLabel}</option>
        <Options options={options} />
      </NativeSelect>
    </FilterField>
  )
}

/**
 * The filter panel above a list, a search landmark; 'Azzera filtri' appears once a filter is set. On a phone the panel
 * folds behind a 'Filtri' button (with how many are set), so the list comes first.
 */
export function FilterForm({
  label,
  active,
  onSubmit,
  onReset,
  children,
}: {
  label: string
  /** How many filters are set. */
  active: number
  onSubmit: () => void
  onReset: () => void
  children: ReactNode
}) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <search aria-label={label} className="grid gap-2">
      <div className="sm:hidden">
        <Button type="button" variant="outline" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <SlidersHorizontalIcon aria-hidden /> Filtri{active ? ` (${active})` : ''}
        </Button>
      </div>
      <form
        id={panelId}
        className={`${open ? 'grid' : 'hidden sm:grid'} gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4`}
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        {children}
        {active ? (
          <div className="flex items-end sm:col-span-2 lg:col-span-4">
            <Button type="button" variant="ghost" size="sm" onClick={onReset}>
              <FilterXIcon aria-hidden /> Azzera filtri
            </Button>
          </div>
        ) : null}
      </form>
    </search>
  )
}

/**
 * The filter panel of a list whose text fields reach the URL once typing pauses (see useUrlFilters). `children` gets
 * `setNow`, which applies a select or a date at once with the texts typed so far. `fields` must be a constant.
 */
export function TextFilterForm<F extends object, K extends keyof F & string>({
  label,
  idPrefix,
  fields,
  filters,
  onChange,
  children,
}: {
  label: string
  idPrefix: string
  fields: ReadonlyArray<TextFilterField<K>>
  filters: F
  onChange: (filters: F) => void
  children?: (setNow: (change: Partial<Record<keyof F, string>>) => void) => ReactNode
}) {
  const keys = useMemo(() => fields.map(({ key }) => key), [fields])
  const texts = useUrlFilters(keys, filters as Partial<Record<K, string>>, (typed) => onChange(withoutEmpty({ ...filters, ...typed })))
  // A select's value is one of its options, or undefined for 'all'.
  const setNow = (change: Partial<Record<keyof F, string>>) => onChange(withoutEmpty({ ...filters, ...texts.typed(), ...change } as F))
  return (
    <FilterForm
      label={label}
      active={Object.values(filters).filter(Boolean).length}
      onSubmit={() => setNow({})}
      onReset={() => {
        texts.clear()
        onChange({} as F)
      }}
    >
      <TextFilterFields idPrefix={idPrefix} fields={fields} filters={texts} maxLength={100} />
      {children?.(setNow)}
    </FilterForm>
  )
}

/** Filters without a value leave the URL. */
export function withoutEmpty<T extends object>(filters: T): T {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && String(value).trim() !== '')) as T
}

/** One end of the date range; `min` and `max` keep it on its side of the other end. */
function DateFilter({
  id,
  label,
  value,
  onChange,
  ...range
}: {
  id: string
  label: string
  value?: string
  min?: string
  max?: string
  onChange: (day?: string) => void
}) {
  return (
    <FilterField id={id} label={label}>
      <Input id={id} type="date" value={value ?? ''} {...range} onChange={(event) => onChange(event.target.value || undefined)} />
    </FilterField>
  )
}

/** The days a list covers, from and to, both included (`idPrefix`-from and -to name the two fields). */
export function DateRangeFilter({
  idPrefix,
  from,
  to,
  onChange,
}: {
  idPrefix: string
  from?: string
  to?: string
  onChange: (change: { from?: string } | { to?: string }) => void
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <DateFilter id={`${idPrefix}-from`} label="Dal" value={from} max={to} onChange={(from) => onChange({ from })} />
      <DateFilter id={`${idPrefix}-to`} label="Al" value={to} min={from} onChange={(to) => onChange({ to })} />
    </div>
  )
}

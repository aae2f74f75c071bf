import { FilterForm, TextFilterFields, withoutEmpty } from '#src/components/admin/list-filters.tsx'
import { useUrlFilters } from '#src/lib/admin-lists.ts'
import type { RequesterFilters } from '#shared/schemas/requesters.ts'
import { PERSON_FIELDS } from '#src/routes/admin/leads/-components/lead-filters.tsx'

const FIELDS = [...PERSON_FIELDS, { key: 'location', label: 'Ultima località', placeholder: 'Es. Monza' }] as const
const KEYS = FIELDS.map(({ key }) => key)

/** Filters of the unique requesters: applied after a short pause in typing. */
export function RequesterFiltersForm({ filters, onChange }: { filters: RequesterFilters; onChange: (filters: RequesterFilters) => void }) {
  const texts = useUrlFilters(KEYS, filters, (typed) => onChange(withoutEmpty(typed)))
  return (
    <FilterForm
      label="Filtri degli utenti"
      active={Object.values(filters).filter(Boolean).length}
      onSubmit={() => onChange(withoutEmpty(texts.typed()))}
      onReset={() => {
        texts.clear()
        onChange({})
      }}
    >
      <TextFilterFields idPrefix="user-filter" fields={FIELDS} filters={texts} maxLength={100} />
    </FilterForm>
  )
}

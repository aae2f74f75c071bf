import { TextFilterForm } from '#src/components/admin/list-filters.tsx'
import type { RequesterFilters } from '#shared/schemas/requesters.ts'
import { PERSON_FIELDS } from '#src/routes/admin/leads/-components/lead-filters.tsx'

const FIELDS = [...PERSON_FIELDS, { key: 'location', label: 'Ultima località', placeholder: 'Es. Monza' }] as const

/** Filters of the unique requesters: applied after a short pause in typing. */
export function RequesterFiltersForm({ filters, onChange }: { filters: RequesterFilters; onChange: (filters: RequesterFilters) => void }) {
  return <TextFilterForm label="Filtri degli utenti" idPrefix="user-filter" fields={FIELDS} filters={filters} onChange={onChange} />
}

import { DateRangeFilter, FilterSelect, TextFilterForm } from '#src/components/admin/list-filters.tsx'
import { LEAD_STATUSES } from '#shared/enums.ts'
import { quoteServiceOptions } from '#shared/catalog/index.ts'
import { TIMING_LABELS, TIMINGS } from '#shared/catalog/timing.ts'
import { LEAD_STATUS_LABELS, type LeadFilters } from '#shared/schemas/admin-leads.ts'

/** The text filters of the leads and of the requesters (the latter search the last location given). */
export const PERSON_FIELDS = [
  { key: 'name', label: 'Nome', placeholder: 'Es. Rossi' },
  { key: 'email', label: 'Email', placeholder: 'Es. mario@' },
  { key: 'phone', label: 'Telefono', placeholder: 'Es. 333' },
] as const
const TEXT_FIELDS = [...PERSON_FIELDS, { key: 'location', label: 'Località', placeholder: 'Es. Monza' }] as const

const SELECTS = [
  { key: 'service', label: 'Servizio', anyLabel: 'Tutti i servizi', options: quoteServiceOptions.map((option) => [option.value, option.label] as const) },
  { key: 'status', label: 'Stato', anyLabel: 'Tutti gli stati', options: LEAD_STATUSES.map((status) => [status, LEAD_STATUS_LABELS[status]] as const) },
  { key: 'timing', label: 'Quando', anyLabel: 'In qualsiasi momento', options: TIMINGS.map((timing) => [timing, TIMING_LABELS[timing]] as const) },
] as const

/** Filters of the leads list: text fields apply after a short pause in typing, the selects and dates at once. */
export function LeadFiltersForm({ filters, onChange }: { filters: LeadFilters; onChange: (filters: LeadFilters) => void }) {
  return (
    <TextFilterForm label="Filtri dei preventivi" idPrefix="lead-filter" fields={TEXT_FIELDS} filters={filters} onChange={onChange}>
      {(setNow) => (
        <>
          {SELECTS.map(({ key, label, anyLabel, options }) => (
            <FilterSelect
              key={key}
              id={`lead-filter-${key}`}
              label={label}
              value={filters[key]}
              anyLabel={anyLabel}
              options={options}
              onChange={(value) => setNow({ [key]: value })}
            />
          ))}
          <DateRangeFilter idPrefix="lead-filter" from={filters.from} to={filters.to} onChange={setNow} />
        </>
      )}
    </TextFilterForm>
  )
}

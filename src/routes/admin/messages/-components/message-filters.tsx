import { DateRangeFilter, FilterSelect, TextFilterForm } from '#src/components/admin/list-filters.tsx'
import { PERSON_FIELDS } from '#src/routes/admin/leads/-components/lead-filters.tsx'
import { MESSAGE_STATE_LABELS, MESSAGE_STATES, type MessageFilters } from '#shared/schemas/contact-messages.ts'

const TEXT_FIELDS = [...PERSON_FIELDS, { key: 'subject', label: 'Oggetto', placeholder: 'Es. fattura' }] as const
const STATE_OPTIONS = MESSAGE_STATES.map((state) => [state, MESSAGE_STATE_LABELS[state]] as const)

/** Filters of the messages: the same text search as the leads', the state and the days, both included. */
export function MessageFiltersForm({ filters, onChange }: { filters: MessageFilters; onChange: (filters: MessageFilters) => void }) {
  return (
    <TextFilterForm label="Filtri dei messaggi" idPrefix="message-filter" fields={TEXT_FIELDS} filters={filters} onChange={onChange}>
      {(setNow) => (
        <>
          <FilterSelect
            id="message-filter-state"
            label="Stato"
            value={filters.state}
            anyLabel="Tutti i messaggi"
            options={STATE_OPTIONS}
            onChange={(state) => setNow({ state })}
          />
          <DateRangeFilter idPrefix="message-filter" from={filters.from} to={filters.to} onChange={setNow} />
        </>
      )}
    </TextFilterForm>
  )
}

import { FilterXIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { NativeSelect } from '#src/components/ui/native-select.tsx'
import { LEAD_STATUSES } from '#shared/enums.ts'
import { quoteServiceOptions } from '#shared/catalog/index.ts'
import { LEAD_STATUS_LABELS, type LeadFilters } from '#shared/schemas/admin-leads.ts'

const TEXT_FIELDS = [
  { key: 'name', label: 'Nome', placeholder: 'Es. Rossi' },
  { key: 'email', label: 'Email', placeholder: 'Es. mario@' },
  { key: 'phone', label: 'Telefono', placeholder: 'Es. 333' },
  { key: 'location', label: 'Località', placeholder: 'Es. Monza' },
] as const

/** Filters of the leads list: text fields apply after a short pause in typing, the selects at once. */
export function LeadFiltersForm({ filters, onChange }: { filters: LeadFilters; onChange: (filters: LeadFilters) => void }) {
  const [draft, setDraft] = useState(filters)
  const latest = useRef(filters)
  latest.current = filters
  // The URL can change from outside (back button, 'Azzera filtri'): the fields follow it.
  useEffect(
    () =>
      setDraft((previous) => {
        const next = { ...filters }
        // A trailing space being typed is kept: the URL holds the trimmed value.
        for (const { key } of TEXT_FIELDS) if ((previous[key] ?? '').trim() === (filters[key] ?? '')) next[key] = previous[key]
        return next
      }),
    [filters.name, filters.email, filters.phone, filters.location, filters.service, filters.kind, filters.status, filters.from, filters.to],
  )

  useEffect(() => {
    const timer = setTimeout(() => {
      const current = latest.current
      if (TEXT_FIELDS.some(({ key }) => (draft[key] ?? '').trim() !== (current[key] ?? ''))) onChange(clean({ ...current, ...pickText(draft) }))
    }, 350)
    return () => clearTimeout(timer)
  }, [draft.name, draft.email, draft.phone, draft.location])

  const setNow = (change: Partial<LeadFilters>) => {
    const next = { ...filters, ...pickText(draft), ...change }
    setDraft(next)
    onChange(clean(next))
  }
  const active = Object.values(filters).some(Boolean)

  return (
    <form
      role="search"
      aria-label="Filtri dei preventivi"
      className="grid gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault()
        onChange(clean({ ...filters, ...pickText(draft) }))
      }}
    >
      {TEXT_FIELDS.map(({ key, label, placeholder }) => (
        <div key={key} className="grid gap-1.5">
          <Label htmlFor={`lead-filter-${key}`}>{label}</Label>
          <Input
            id={`lead-filter-${key}`}
            type="search"
            value={draft[key] ?? ''}
            placeholder={placeholder}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
          />
        </div>
      ))}
      <div className="grid gap-1.5">
        <Label htmlFor="lead-filter-service">Servizio</Label>
        <NativeSelect id="lead-filter-service" value={filters.service ?? ''} onChange={(event) => setNow({ service: event.target.value || undefined })}>
          <option value="">Tutti i servizi</option>
          {quoteServiceOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lead-filter-kind">Tipo</Label>
        <NativeSelect
          id="lead-filter-kind"
          value={filters.kind ?? ''}
          onChange={(event) => setNow({ kind: (event.target.value || undefined) as LeadFilters['kind'] })}
        >
          <option value="">Preventivi e contatti</option>
          <option value="quote">Richieste di preventivo</option>
          <option value="contact">Richieste di contatto</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lead-filter-status">Stato</Label>
        <NativeSelect
          id="lead-filter-status"
          value={filters.status ?? ''}
          onChange={(event) => setNow({ status: (event.target.value || undefined) as LeadFilters['status'] })}
        >
          <option value="">Tutti gli stati</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="lead-filter-from">Dal</Label>
          <Input
            id="lead-filter-from"
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => setNow({ from: event.target.value || undefined })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="lead-filter-to">Al</Label>
          <Input
            id="lead-filter-to"
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => setNow({ to: event.target.value || undefined })}
          />
        </div>
      </div>
      {active ? (
        <div className="flex items-end sm:col-span-2 lg:col-span-4">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft({})
              onChange({})
            }}
          >
            <FilterXIcon aria-hidden /> Azzera filtri
          </Button>
        </div>
      ) : null}
    </form>
  )
}

function pickText(draft: LeadFilters): Partial<LeadFilters> {
  return { name: draft.name, email: draft.email, phone: draft.phone, location: draft.location }
}

/** Empty fields leave the URL. */
function clean(filters: LeadFilters): LeadFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && String(value).trim() !== '')) as LeadFilters
}

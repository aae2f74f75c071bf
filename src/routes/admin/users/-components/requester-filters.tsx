import { FilterXIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import type { RequesterFilters } from '#shared/schemas/requesters.ts'

const FIELDS = [
  { key: 'name', label: 'Nome', placeholder: 'Es. Rossi' },
  { key: 'email', label: 'Email', placeholder: 'Es. mario@' },
  { key: 'phone', label: 'Telefono', placeholder: 'Es. 333' },
  { key: 'location', label: 'Ultima località', placeholder: 'Es. Monza' },
] as const

/** Filters of the unique requesters: applied after a short pause in typing. */
export function RequesterFiltersForm({ filters, onChange }: { filters: RequesterFilters; onChange: (filters: RequesterFilters) => void }) {
  const [draft, setDraft] = useState(filters)
  const latest = useRef(filters)
  latest.current = filters
  useEffect(
    () =>
      setDraft((previous) => {
        const next = { ...filters }
        // A trailing space being typed is kept: the URL holds the trimmed value.
        for (const { key } of FIELDS) if ((previous[key] ?? '').trim() === (filters[key] ?? '')) next[key] = previous[key]
        return next
      }),
    [filters.name, filters.email, filters.phone, filters.location],
  )
  useEffect(() => {
    const timer = setTimeout(() => {
      if (FIELDS.some(({ key }) => (draft[key] ?? '').trim() !== (latest.current[key] ?? ''))) onChange(clean(draft))
    }, 350)
    return () => clearTimeout(timer)
  }, [draft.name, draft.email, draft.phone, draft.location])

  return (
    <form
      role="search"
      aria-label="Filtri degli utenti"
      className="grid gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault()
        onChange(clean(draft))
      }}
    >
      {FIELDS.map(({ key, label, placeholder }) => (
        <div key={key} className="grid gap-1.5">
          <Label htmlFor={`user-filter-${key}`}>{label}</Label>
          <Input
            id={`user-filter-${key}`}
            type="search"
            value={draft[key] ?? ''}
            placeholder={placeholder}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
          />
        </div>
      ))}
      {Object.values(filters).some(Boolean) ? (
        <div className="sm:col-span-2 lg:col-span-4">
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

function clean(filters: RequesterFilters): RequesterFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value.trim() !== '')) as RequesterFilters
}

import type { UseFormReturn } from 'react-hook-form'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { categories, comuni, services } from '#shared/catalog/index.ts'
import { ARTISAN_STATUSES } from '#shared/enums.ts'
import { ARTISAN_SECTORS } from '#shared/schemas/artisan.ts'
import type { CampaignFormValues } from './campaign-form.tsx'
import { MultiChoice } from './multi-choice.tsx'
import { ARTISAN_STATUS_LABELS } from './segment-words.ts'

const SERVICES = [...services].sort((a, b) => a.name.localeCompare(b.name, 'it')).map((s) => ({ value: s.id, label: s.name }))
const COMUNI_BY_NAME = [...comuni].sort((a, b) => a.name.localeCompare(b.name, 'it')).map((t) => ({ value: t.slug, label: t.name }))
const SECTORS = ARTISAN_SECTORS.map((sector) => ({ value: sector, label: sector }))

function Checkboxes({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string
  options: [string, string][]
  value: string[]
  onChange: (next: string[]) => void
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {options.map(([key, text]) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={value.includes(key)}
              onChange={(event) => onChange(event.target.checked ? [...value, key] : value.filter((item) => item !== key))}
            />
            {text}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

const HINT = 'Scrivi per cercare; le frecce e Invio scelgono o tolgono.'

/** The filters of the chosen group: requesters by service, category, town and date of request; craftsmen by sector, zone and status. */
export function SegmentFields({ form }: { form: UseFormReturn<CampaignFormValues> }) {
  const group = form.watch('targetGroup')
  const segment = form.watch('segment')
  const set = <K extends keyof CampaignFormValues['segment']>(key: K, value: CampaignFormValues['segment'][K]) =>
    form.setValue(`segment.${key}` as 'segment.services', value as string[], { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
  const periodError = form.formState.errors.segment?.to?.message ?? form.formState.errors.segment?.from?.message
  if (group === 'artisans') {
    return (
      <fieldset className="grid gap-4 rounded-md border border-gray-200 p-3">
        <legend className="px-1 text-sm font-semibold">Segmento: artigiani</legend>
        <MultiChoice
          id="segment-sectors"
          label="Settori"
          hint={HINT}
          options={SECTORS}
          value={segment.sectors}
          onChange={(v) => set('sectors', v as typeof segment.sectors)}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="segment-zones">Zone</Label>
          <Input
            id="segment-zones"
            value={segment.zones.join(', ')}
            onChange={(event) =>
              set(
                'zones',
                event.target.value
                  .split(',')
                  .map((zone) => zone.trimStart())
                  .slice(0, 50),
              )
            }
            placeholder="es. Rho, Monza"
            aria-describedby="segment-zones-hint"
          />
          <p id="segment-zones-hint" className="text-xs text-muted">
            Zone operative separate da virgole; vuoto: tutte.
          </p>
        </div>
        <Checkboxes
          legend="Stato"
          options={ARTISAN_STATUSES.map((s) => [s, ARTISAN_STATUS_LABELS[s]])}
          value={segment.statuses}
          onChange={(v) => set('statuses', v as typeof segment.statuses)}
        />
      </fieldset>
    )
  }
  return (
    <fieldset className="grid gap-4 rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold">Segmento: utenti</legend>
      <Checkboxes legend="Categorie" options={categories.map((c) => [c.slug, c.name])} value={segment.categories} onChange={(v) => set('categories', v)} />
      <MultiChoice
        id="segment-services"
        label="Servizi richiesti"
        hint={HINT}
        options={SERVICES}
        value={segment.services}
        onChange={(v) => set('services', v)}
      />
      <MultiChoice id="segment-towns" label="Comuni" hint={HINT} options={COMUNI_BY_NAME} value={segment.towns} onChange={(v) => set('towns', v)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="segment-from">Richiesta dal</Label>
          <Input
            id="segment-from"
            type="date"
            value={segment.from ?? ''}
            onChange={(event) => form.setValue('segment.from', event.target.value || undefined)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="segment-to">Richiesta fino al</Label>
          <Input
            id="segment-to"
            type="date"
            value={segment.to ?? ''}
            aria-invalid={periodError ? true : undefined}
            aria-describedby={periodError ? 'segment-period-error' : undefined}
            onChange={(event) => form.setValue('segment.to', event.target.value || undefined)}
          />
        </div>
        {periodError ? (
          <p id="segment-period-error" role="alert" className="text-sm text-red-700 sm:col-span-2">
            {periodError}
          </p>
        ) : null}
      </div>
    </fieldset>
  )
}

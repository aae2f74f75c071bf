import { MapPinIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form'
import { InputField, SelectField } from '#src/components/admin/form-field.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Checkbox } from '#src/components/ui/checkbox.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { comuni, findComune } from '#shared/catalog/index.ts'
import { coveredComuni, MAX_RADIUS_KM, MIN_RADIUS_KM, type SectorCoverage } from '#shared/coverage.ts'
import { countOf } from '#shared/plural.ts'
import type { CoverageFormValues, SectorCoverageValues } from '#shared/schemas/artisan.ts'

const comuniByName = [...comuni].sort((a, b) => a.name.localeCompare(b.name, 'it'))
const COMUNE_OPTIONS = [['', 'Scegli il comune…'] as const, ...comuniByName.map((comune) => [comune.slug, comune.name] as const)]
const MODE_OPTIONS = [
  ['radius', 'Entro un raggio'],
  ['list', 'Elenco di comuni'],
] as const

/** Who reads the editor: the office about a craftsman ("Riceve richieste…"), or the craftsman about themselves ("Ricevi…"). */
export type CoverageVoice = 'office' | 'artisan'

const WORDS: Record<CoverageVoice, { reaches: string; none: string; uncovered: string; noSectors: string; hint: string }> = {
  office: {
    reaches: 'Riceve richieste da',
    none: 'Non riceve richieste da nessun comune',
    uncovered: 'Senza copertura, quindi non riceve richieste per:',
    noSectors: 'Nessun settore: aggiungi i settori da “Modifica”, poi indica dove lavora per ciascuno.',
    hint: 'Scegli il comune di partenza e la zona per vedere da quali comuni riceverà richieste.',
  },
  artisan: {
    reaches: 'Ricevi richieste da',
    none: 'Non ricevi richieste da nessun comune',
    uncovered: 'Senza zona, quindi non ricevi richieste per:',
    noSectors: 'Scegli prima i tuoi mestieri, poi indica dove lavori per ciascuno.',
    hint: 'Scegli il comune di partenza e la zona per vedere da quali comuni riceverai richieste.',
  },
}

/** A saved coverage as the form edits it: a radius, or a list of comuni. */
export const toFormEntry = (entry: SectorCoverage): SectorCoverageValues => ({
  sector: entry.sector,
  base: entry.base,
  mode: entry.radiusKm === null ? 'list' : 'radius',
  radius_km: entry.radiusKm,
  comuni: entry.comuni,
})

/**
 * The coverage of each of `sectors` (docs/product.md §13): a base comune and a radius or a list, with the preview of the
 * comuni it reaches; the sectors without one are offered to add. Entries of a sector no longer listed are dropped. The
 * office's page and the craftsman's "Zone" both use it, each with its own form, mutation and words.
 */
export function CoverageFields({ form, sectors, voice }: { form: UseFormReturn<CoverageFormValues>; sectors: string[]; voice: CoverageVoice }) {
  const entries = useFieldArray({ control: form.control, name: 'coverage' })
  const words = WORDS[voice]
  const { fields, remove } = entries
  useEffect(() => {
    const gone = fields.flatMap((field, index) => (sectors.includes(field.sector) ? [] : [index]))
    if (gone.length) remove(gone)
  }, [fields, sectors, remove])
  const covered = new Set(fields.map((field) => field.sector))
  const uncovered = sectors.filter((sector) => !covered.has(sector))
  const firstBase = form.getValues('coverage.0.base') ?? ''
  return (
    <>
      {sectors.length === 0 && <p className="text-sm text-muted">{words.noSectors}</p>}
      {fields.map((field, index) => (
        <SectorEditor key={field.id} form={form} index={index} voice={voice} onRemove={() => remove(index)} />
      ))}
      {uncovered.length > 0 && (
        <div className="grid gap-2 rounded-lg border border-dashed border-gray-300 p-3">
          <p className="text-sm text-muted">
            {words.uncovered} <strong className="text-ink">{uncovered.join(', ')}</strong>
          </p>
          <div className="flex flex-wrap gap-2">
            {uncovered.map((sector) => (
              <Button
                key={sector}
                type="button"
                size="sm"
                variant="outline"
                onClick={() => entries.append({ sector, base: firstBase, mode: 'radius', radius_km: 15, comuni: [] })}
              >
                <PlusIcon aria-hidden /> {sector}
              </Button>
            ))}
          </div>
        </div>
      )}
    </>
  )
}

/** One sector: base comune, radius or list, and the preview of the comuni it reaches. */
function SectorEditor({
  form,
  index,
  voice,
  onRemove,
}: {
  form: UseFormReturn<CoverageFormValues>
  index: number
  voice: CoverageVoice
  onRemove: () => void
}) {
  const entry = useWatch({ control: form.control, name: `coverage.${index}` })
  const errors = form.formState.errors.coverage?.[index]
  const prefix = `coverage-${index}`
  const radius = typeof entry.radius_km === 'number' && Number.isInteger(entry.radius_km) ? entry.radius_km : null
  const reached = useMemo(
    () =>
      coveredComuni({
        base: entry.base,
        radiusKm: entry.mode === 'radius' ? (radius !== null && radius >= MIN_RADIUS_KM && radius <= MAX_RADIUS_KM ? radius : null) : null,
        comuni: entry.mode === 'list' ? entry.comuni : [],
      }),
    [entry.base, entry.mode, radius, entry.comuni],
  )
  const validRadius = entry.mode === 'list' || (radius !== null && radius >= MIN_RADIUS_KM && radius <= MAX_RADIUS_KM)
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border border-gray-200 p-3 sm:p-4">
      <legend className="px-1 font-medium">{entry.sector}</legend>
      <FieldError id={`${prefix}-sector-error`}>{errors?.sector?.message}</FieldError>
      <div className="grid grid-cols-1 items-start gap-3 md:grid-cols-3">
        <SelectField
          id={`${prefix}-base`}
          label="Comune di partenza"
          options={COMUNE_OPTIONS}
          error={errors?.base?.message}
          {...form.register(`coverage.${index}.base`)}
        />
        <SelectField
          id={`${prefix}-mode`}
          label="Zona servita"
          options={MODE_OPTIONS}
          error={errors?.mode?.message}
          {...form.register(`coverage.${index}.mode`)}
        />
        {entry.mode === 'radius' ? (
          <InputField
            id={`${prefix}-radius`}
            label="Raggio (km)"
            type="number"
            inputMode="numeric"
            min={MIN_RADIUS_KM}
            max={MAX_RADIUS_KM}
            step={1}
            hint={`Da ${MIN_RADIUS_KM} a ${MAX_RADIUS_KM} km dal comune di partenza.`}
            error={errors?.radius_km?.message}
            {...form.register(`coverage.${index}.radius_km`, { setValueAs: (value) => (value === '' || value === null ? null : Number(value)) })}
          />
        ) : null}
      </div>
      {entry.mode === 'list' && (
        <Controller
          control={form.control}
          name={`coverage.${index}.comuni`}
          render={({ field: { value, onChange } }) => (
            <ComuniPicker id={`${prefix}-comuni`} value={value} onChange={onChange} error={errors?.comuni?.message} />
          )}
        />
      )}
      <Preview base={entry.base} reached={entry.base && validRadius ? reached : null} voice={voice} />
      <div>
        <Button type="button" size="sm" variant="ghost" className="h-auto whitespace-normal text-left" onClick={onRemove}>
          <Trash2Icon aria-hidden /> Togli la copertura di {entry.sector}
        </Button>
      </div>
    </fieldset>
  )
}

/** "Riceve richieste da N comuni" (or "Ricevi…") with their names and distances, as matching will read them once saved. */
function Preview({ base, reached, voice }: { base: string; reached: ReturnType<typeof coveredComuni> | null; voice: CoverageVoice }) {
  const words = WORDS[voice]
  if (!reached) return <p className="text-sm text-muted">{words.hint}</p>
  const baseName = findComune(base)?.name
  return (
    <div className="grid gap-1 rounded-md bg-gray-50 px-3 py-2 text-sm" aria-live="polite">
      <p className="flex items-center gap-1.5 font-medium text-ink">
        <MapPinIcon className="size-4 shrink-0" aria-hidden />
        {reached.length ? `${words.reaches} ${countOf(reached.length, 'comune', 'comuni')}` : words.none}
      </p>
      {reached.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls inside its box; a keyboard must reach it to scroll it (axe scrollable-region-focusable)
        <p tabIndex={0} className="max-h-32 overflow-y-auto rounded-sm text-muted focus-visible:outline-2 focus-visible:outline-brand-600">
          {reached.map((comune) => (comune.distanceKm === 0 ? comune.name : `${comune.name} (${comune.distanceKm} km)`)).join(', ')}
          {baseName ? ` · distanze da ${baseName}` : ''}
        </p>
      )}
    </div>
  )
}

/** The catalogue's comuni as checkboxes, narrowed by a filter on the name. */
function ComuniPicker({ id, value, onChange, error }: { id: string; value: string[]; onChange: (slugs: string[]) => void; error?: string }) {
  const [filter, setFilter] = useState('')
  const needle = filter.trim().toLowerCase()
  const shown = needle ? comuniByName.filter((comune) => comune.name.toLowerCase().includes(needle)) : comuniByName
  const chosen = new Set(value)
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">Comuni serviti ({countOf(chosen.size, 'scelto', 'scelti')})</legend>
      <Input aria-label="Cerca un comune" placeholder="Cerca un comune…" value={filter} onChange={(event) => setFilter(event.target.value)} />
      <div className="relative grid max-h-56 gap-1.5 overflow-y-auto rounded-md border border-gray-300 p-2 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((comune) => {
          const box = `${id}-${comune.slug}`
          return (
            <div key={comune.slug} className="flex items-center gap-2">
              <Checkbox
                id={box}
                checked={chosen.has(comune.slug)}
                onCheckedChange={(checked) => onChange(checked ? [...value, comune.slug] : value.filter((slug) => slug !== comune.slug))}
              />
              <Label htmlFor={box} className="font-normal">
                {comune.name}
              </Label>
            </div>
          )
        })}
        {shown.length === 0 && <p className="text-sm text-muted">Nessun comune con questo nome.</p>}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  )
}

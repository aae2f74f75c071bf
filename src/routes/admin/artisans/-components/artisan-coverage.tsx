import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { inferRouterOutputs } from '@trpc/server'
import { MapPinIcon, PauseIcon, PlayIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Controller, type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form'
import { InputField, SelectField, SubmitButton } from '#src/components/admin/form-field.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { Checkbox } from '#src/components/ui/checkbox.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { serverMessage } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import type { AppRouter } from '#server/trpc/router.ts'
import { comuni, findComune } from '#shared/catalog/index.ts'
import { coveredComuni, MAX_RADIUS_KM, MIN_RADIUS_KM } from '#shared/coverage.ts'
import { formatLongDay, romeDay, romeDayStart } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { type CoverageFormValues, coverageFormSchema, type PauseFormValues, pauseFormSchema, type SectorCoverageValues } from '#shared/schemas/artisan.ts'

type ArtisanData = inferRouterOutputs<AppRouter>['admin']['artisans']['byId']
type FieldIssues = { path: (string | number)[]; message: string }[]

const comuniByName = [...comuni].sort((a, b) => a.name.localeCompare(b.name, 'it'))
const COMUNE_OPTIONS = [['', 'Scegli il comune…'] as const, ...comuniByName.map((comune) => [comune.slug, comune.name] as const)]
const today = () => romeDay(Date.now())
const pauseResolver = zodResolver(pauseFormSchema())
const formatDay = (day: string) => formatLongDay(new Date(romeDayStart(day)))

/** After a change: the craftsman's page and the list (its count of zones to fix) are read again. */
function useRefreshArtisan() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: trpc.admin.artisans.pathKey() })
}

/** "Copertura e disponibilità": where the craftsman takes requests, trade by trade, and their pause (docs/product.md §13). */
export function ArtisanCoverage({ data }: { data: ArtisanData }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none">Copertura e disponibilità</h2>
        <CardDescription>Da quali comuni riceve richieste, settore per settore: solo queste arrivano all'abbinamento.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Pause artisan={data.artisan} />
        {data.artisan.unmatched_zones.length > 0 && (
          <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950" role="note">
            <p className="font-medium">Zone da correggere: {data.artisan.unmatched_zones.join(', ')}</p>
            <p className="text-sm">Non corrispondono a nessun comune della Città metropolitana: aggiungi i comuni giusti qui sotto e salva la copertura.</p>
          </div>
        )}
        <CoverageEditor data={data} />
      </CardContent>
    </Card>
  )
}

/** The pause: until a day (inclusive) with a reason, or available; a pause over resumes by itself. */
function Pause({ artisan }: { artisan: ArtisanData['artisan'] }) {
  const trpc = useTRPC()
  const refresh = useRefreshArtisan()
  const paused = artisan.paused_until !== null && artisan.paused_until >= today()
  const form = useForm<PauseFormValues>({
    resolver: pauseResolver,
    defaultValues: { until: '', reason: '' },
  })
  const [serverError, setServerError] = useState<string | null>(null)
  const save = useMutation(
    trpc.admin.artisans.setPause.mutationOptions({
      onSuccess: async (_, input) => {
        toast({ title: input.pause ? 'Artigiano in pausa' : 'Artigiano di nuovo disponibile' })
        form.reset({ until: '', reason: '' })
        setServerError(null)
        await refresh()
      },
      onError: (error) => setServerError(serverMessage(error, 'Impossibile salvare la pausa. Riprova.')),
    }),
  )
  const { errors } = form.formState
  return (
    <section aria-labelledby="pause-title" className="grid gap-3">
      <h3 id="pause-title" className="font-semibold">
        Disponibilità
      </h3>
      {paused ? (
        <div className="flex flex-wrap items-center gap-3">
          <Badge variant="warning">
            <PauseIcon className="mr-1 size-3" aria-hidden />
            In pausa fino al {formatDay(artisan.paused_until!)}
          </Badge>
          <span className="text-sm text-muted [overflow-wrap:anywhere]">Motivo: {artisan.pause_reason}</span>
          <Button size="sm" variant="outline" disabled={save.isPending} onClick={() => save.mutate({ id: artisan.id, pause: null })}>
            <PlayIcon aria-hidden /> Riprendi ora
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">Disponibile: riceve le richieste che rientrano nella sua copertura.</p>
      )}
      <form
        noValidate
        aria-label={paused ? 'Cambia la pausa' : 'Metti in pausa'}
        className="grid items-start gap-3 sm:grid-cols-[10rem_1fr_auto]"
        onSubmit={form.handleSubmit((values) => save.mutate({ id: artisan.id, pause: values }))}
      >
        <InputField id="pause-until" label="In pausa fino al" type="date" min={today()} error={errors.until?.message} {...form.register('until')} />
        <InputField
          id="pause-reason"
          label="Motivo"
          placeholder="Ferie, agenda piena…"
          maxLength={200}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <SubmitButton className="sm:mt-7" variant="outline" pending={save.isPending} pendingLabel="Salvataggio...">
          <PauseIcon aria-hidden /> {paused ? 'Cambia pausa' : 'Metti in pausa'}
        </SubmitButton>
      </form>
      <FieldError id="pause-server-error">{serverError}</FieldError>
    </section>
  )
}

const toFormEntry = (entry: ArtisanData['coverage'][number]): SectorCoverageValues => ({
  sector: entry.sector,
  base: entry.base,
  mode: entry.radiusKm === null ? 'list' : 'radius',
  radius_km: entry.radiusKm,
  comuni: entry.comuni,
})

/** The coverage of every sector the craftsman has: a base comune and a radius, or a list; sectors without one get none. */
function CoverageEditor({ data }: { data: ArtisanData }) {
  const trpc = useTRPC()
  const refresh = useRefreshArtisan()
  const form = useForm<CoverageFormValues>({
    resolver: zodResolver(coverageFormSchema),
    defaultValues: { coverage: data.coverage.map(toFormEntry) },
  })
  const entries = useFieldArray({ control: form.control, name: 'coverage' })
  const [serverError, setServerError] = useState<string | null>(null)
  const save = useMutation(
    trpc.admin.artisans.setCoverage.mutationOptions({
      onSuccess: async (coverage) => {
        toast({ title: 'Copertura salvata', description: `${countOf(coverage.length, 'settore', 'settori')} con copertura.` })
        form.reset({ coverage: coverage.map(toFormEntry) })
        setServerError(null)
        await refresh()
      },
      onError: (error) => {
        const fieldErrors = (error as { data?: { fieldErrors?: FieldIssues } }).data?.fieldErrors ?? []
        // The procedure's input is { id, values }: a field's path starts with 'values'.
        for (const issue of fieldErrors) {
          const path = issue.path[0] === 'values' ? issue.path.slice(1) : issue.path
          form.setError(path.join('.') as 'coverage', { message: issue.message })
        }
        setServerError(serverMessage(error, 'Impossibile salvare la copertura. Riprova.'))
      },
    }),
  )
  const covered = new Set(entries.fields.map((field) => field.sector))
  const uncovered = data.artisan.specialization_sectors.filter((sector) => !covered.has(sector))
  const firstBase = data.coverage[0]?.base ?? ''

  return (
    <form
      noValidate
      aria-label="Copertura per settore"
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => save.mutate({ id: data.artisan.id, values }))}
    >
      <h3 className="font-semibold">Copertura per settore</h3>
      {data.artisan.specialization_sectors.length === 0 && (
        <p className="text-sm text-muted">Nessun settore: aggiungi i settori da “Modifica”, poi indica dove lavora per ciascuno.</p>
      )}
      {entries.fields.map((field, index) => (
        <SectorEditor key={field.id} form={form} index={index} onRemove={() => entries.remove(index)} />
      ))}
      {uncovered.length > 0 && (
        <div className="grid gap-2 rounded-lg border border-dashed border-gray-300 p-3">
          <p className="text-sm text-muted">
            Senza copertura, quindi non riceve richieste per: <strong className="text-ink">{uncovered.join(', ')}</strong>
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
      <FieldError id="coverage-server-error">{serverError}</FieldError>
      <div className="flex justify-end">
        <SubmitButton pending={save.isPending} pendingLabel="Salvataggio...">
          Salva copertura
        </SubmitButton>
      </div>
    </form>
  )
}

const MODE_OPTIONS = [
  ['radius', 'Entro un raggio'],
  ['list', 'Elenco di comuni'],
] as const

/** One sector: base comune, radius or list, and the preview of the comuni it reaches. */
function SectorEditor({ form, index, onRemove }: { form: UseFormReturn<CoverageFormValues>; index: number; onRemove: () => void }) {
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
      <Preview base={entry.base} reached={entry.base && validRadius ? reached : null} />
      <div>
        <Button type="button" size="sm" variant="ghost" className="h-auto whitespace-normal text-left" onClick={onRemove}>
          <Trash2Icon aria-hidden /> Togli la copertura di {entry.sector}
        </Button>
      </div>
    </fieldset>
  )
}

/** "Riceve richieste da N comuni" with their names and distances, as matching will read them once saved. */
function Preview({ base, reached }: { base: string; reached: ReturnType<typeof coveredComuni> | null }) {
  if (!reached) return <p className="text-sm text-muted">Scegli il comune di partenza e la zona per vedere da quali comuni riceverà richieste.</p>
  const baseName = findComune(base)?.name
  return (
    <div className="grid gap-1 rounded-md bg-gray-50 px-3 py-2 text-sm" aria-live="polite">
      <p className="flex items-center gap-1.5 font-medium text-ink">
        <MapPinIcon className="size-4 shrink-0" aria-hidden />
        {reached.length ? `Riceve richieste da ${countOf(reached.length, 'comune', 'comuni')}` : 'Non riceve richieste da nessun comune'}
      </p>
      {reached.length > 0 && (
        <p className="max-h-32 overflow-y-auto text-muted">
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
      <div className="grid max-h-56 gap-1.5 overflow-y-auto rounded-md border border-gray-300 p-2 sm:grid-cols-2 lg:grid-cols-3">
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

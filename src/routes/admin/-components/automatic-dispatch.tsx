import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { SaveIcon, TriangleAlertIcon } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { formatDateTime } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { MAX_ARTISANS_PER_REQUEST } from '#shared/promise.ts'
import {
  type DispatchSettings,
  dispatchSettingsSchema,
  MAX_DISPATCH_ROUNDS,
  NO_ARTISAN_REASON_LABELS,
  NO_ARTISAN_TITLE,
  WEEKDAY_LABELS,
} from '#shared/schemas/dispatch.ts'
import { shortPlace } from '#shared/text.ts'
import { findComune } from '#shared/catalog/index.ts'
import { InputField, SelectField, SubmitButton } from '#src/components/admin/form-field.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { Checkbox } from '#src/components/ui/checkbox.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { toastServerError } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)
const PER_REQUEST = range(MAX_ARTISANS_PER_REQUEST).map((n) => [String(n), countOf(n, 'artigiano', 'artigiani')] as const)
const ROUNDS = range(MAX_DISPATCH_ROUNDS).map((n) => [String(n), countOf(n, 'giro', 'giri')] as const)
const WEEKDAYS = range(7)

/** "lunedì-venerdì, 09:00-18:00", or the days one by one when they are not a run. */
function officeHoursText({ days, start, end }: DispatchSettings['officeHours']): string {
  const names = days.map((day) => WEEKDAY_LABELS[day]!.toLowerCase())
  const run = days.length > 2 && days.every((day, i) => i === 0 || day === days[i - 1]! + 1)
  return `${run ? `${names[0]}-${names.at(-1)}` : names.join(', ')}, ${start}-${end}`
}

type FormValues = z.input<typeof dispatchSettingsSchema>

/** "Assegnazione automatica": the setting (docs/product.md §12), saved with an audit record by the server. */
export function DispatchSettingsCard() {
  const trpc = useTRPC()
  const { data, isError, refetch } = useQuery(trpc.admin.dispatch.settings.queryOptions())
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none">Assegnazione automatica</h2>
        <CardDescription>
          {data
            ? data.enabled
              ? `Attiva: ogni nuova richiesta va a ${countOf(data.perRequest, 'artigiano', 'artigiani')} alla volta, ${officeHoursText(data.officeHours)}, per ${countOf(data.rounds, 'giro', 'giri')}.`
              : "Spenta: le richieste aspettano che l'ufficio le proponga agli artigiani."
            : 'Caricamento…'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isError ? (
          <div className="grid justify-items-start gap-2">
            <p>Impossibile caricare le impostazioni.</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Riprova Caricamento
            </Button>
          </div>
        ) : data ? (
          <DispatchSettingsForm settings={data} responseHours={data.responseHours} />
        ) : null}
      </CardContent>
    </Card>
  )
}

function DispatchSettingsForm({ settings, responseHours }: { settings: DispatchSettings; responseHours: number }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const form = useForm<FormValues, unknown, DispatchSettings>({
    resolver: zodResolver(dispatchSettingsSchema) as never,
    defaultValues: { enabled: settings.enabled, perRequest: settings.perRequest, rounds: settings.rounds, officeHours: settings.officeHours },
  })
  const save = useMutation(
    trpc.admin.dispatch.update.mutationOptions({
      onSuccess: async (saved) => {
        toast({ title: 'Impostazioni Salvate', description: saved.enabled ? 'Assegnazione automatica attiva.' : 'Assegnazione automatica spenta.' })
        form.reset({ enabled: saved.enabled, perRequest: saved.perRequest, rounds: saved.rounds, officeHours: saved.officeHours })
        await queryClient.invalidateQueries({ queryKey: trpc.admin.dispatch.settings.queryKey() })
      },
      onError: toastServerError('Errore Salvataggio', "Impossibile salvare l'assegnazione automatica."),
    }),
  )
  const { errors, isDirty } = form.formState
  return (
    <form aria-label="Assegnazione automatica" className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <Controller
        control={form.control}
        name="enabled"
        render={({ field: { value, onChange } }) => (
          <div className="flex items-center gap-2">
            <Checkbox id="dispatch-enabled" checked={value} onCheckedChange={(checked) => onChange(checked === true)} />
            <Label htmlFor="dispatch-enabled">Attiva l'assegnazione automatica delle nuove richieste</Label>
          </div>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="dispatch-per-request"
          label="Artigiani per richiesta"
          options={PER_REQUEST}
          error={errors.perRequest?.message}
          {...form.register('perRequest', { valueAsNumber: true })}
        />
        <SelectField
          id="dispatch-rounds"
          label="Giri di offerte"
          options={ROUNDS}
          error={errors.rounds?.message}
          {...form.register('rounds', { valueAsNumber: true })}
        />
      </div>
      <p className="text-sm text-muted">
        Ogni giro aspetta {countOf(responseHours, 'ora lavorativa', 'ore lavorative')} una risposta: poi le offerte senza risposta vengono ritirate e la
        richiesta va ai successivi. Dopo l'ultimo giro la richiesta torna a voi come «{NO_ARTISAN_TITLE}».
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Giorni in cui le offerte partono</legend>
        <Controller
          control={form.control}
          name="officeHours.days"
          render={({ field: { value = [], onChange } }) => (
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
              {WEEKDAYS.map((day) => (
                <div key={day} className="flex items-center gap-2">
                  <Checkbox
                    id={`dispatch-day-${day}`}
                    checked={value.includes(day)}
                    onCheckedChange={(checked) => onChange(checked ? [...value, day] : value.filter((item) => item !== day))}
                  />
                  <Label htmlFor={`dispatch-day-${day}`} className="font-normal">
                    {WEEKDAY_LABELS[day]}
                  </Label>
                </div>
              ))}
            </div>
          )}
        />
        {errors.officeHours?.days ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.officeHours.days.message ?? errors.officeHours.days.root?.message}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField id="dispatch-start" label="Dalle ore" type="time" error={errors.officeHours?.start?.message} {...form.register('officeHours.start')} />
        <InputField id="dispatch-end" label="Alle ore" type="time" error={errors.officeHours?.end?.message} {...form.register('officeHours.end')} />
      </div>
      <p className="text-sm text-muted">
        Orari di Milano; nelle festività nazionali e a Sant'Ambrogio le offerte aspettano il giorno lavorativo successivo. Fuori orario le richieste partono
        all'apertura.
      </p>
      <div>
        <SubmitButton pending={save.isPending} pendingLabel="Salvataggio..." disabled={save.isPending || !isDirty}>
          <SaveIcon aria-hidden /> Salva impostazioni
        </SubmitButton>
      </div>
    </form>
  )
}

/** "Nessun artigiano disponibile": the leads automatic dispatch gave back, with the reason, until the office takes them. */
export function UnassignedLeads() {
  const trpc = useTRPC()
  const { data } = useQuery(trpc.admin.dashboard.unassigned.queryOptions())
  if (!data?.total) return null
  return (
    <section aria-labelledby="unassigned-title" className="grid gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-950">
      <h2 id="unassigned-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlertIcon className="size-5 shrink-0" aria-hidden />
        {NO_ARTISAN_TITLE}: {countOf(data.total, 'richiesta da assegnare a mano', 'richieste da assegnare a mano')}
      </h2>
      <ul className="grid gap-2">
        {data.leads.map((lead) => {
          const place = (lead.comune_slug && findComune(lead.comune_slug)?.name) || (lead.location_label ? shortPlace(lead.location_label) : null)
          return (
            <li key={lead.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white/70 px-3 py-2">
              <p className="min-w-0 text-sm">
                <strong>
                  n. {lead.id} · {lead.service_name}
                  {place ? ` a ${place}` : ''}
                </strong>
                <br />
                {NO_ARTISAN_REASON_LABELS[lead.no_artisan_reason]} ({formatDateTime(lead.no_artisan_at)})
              </p>
              <Button asChild variant="outline" size="sm">
                <Link to="/admin/leads" search={{ lead: lead.id }} aria-label={`Apri il preventivo n. ${lead.id}`}>
                  Apri il preventivo
                </Link>
              </Button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

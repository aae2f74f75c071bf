import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { inferRouterOutputs } from '@trpc/server'
import { PauseIcon, PlayIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { InputField, SubmitButton } from '#src/components/admin/form-field.tsx'
import { CoverageFields, toFormEntry } from '#src/components/coverage/coverage-fields.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { fieldIssuesOf, serverMessage } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import type { AppRouter } from '#server/trpc/router.ts'
import { formatLongDay, romeDay, romeDayStart } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { type CoverageFormValues, coverageFormSchema, type PauseFormValues, pauseFormSchema } from '#shared/schemas/artisan.ts'

type ArtisanData = inferRouterOutputs<AppRouter>['admin']['artisans']['byId']

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

/** The coverage of every sector the craftsman has: a base comune and a radius, or a list; sectors without one get none. */
function CoverageEditor({ data }: { data: ArtisanData }) {
  const trpc = useTRPC()
  const refresh = useRefreshArtisan()
  const form = useForm<CoverageFormValues>({
    resolver: zodResolver(coverageFormSchema),
    defaultValues: { coverage: data.coverage.map(toFormEntry) },
  })
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
        const fieldErrors = fieldIssuesOf(error)
        // The procedure's input is { id, values }: a field's path starts with 'values'.
        for (const issue of fieldErrors) {
          const path = issue.path[0] === 'values' ? issue.path.slice(1) : issue.path
          form.setError(path.join('.') as 'coverage', { message: issue.message })
        }
        setServerError(serverMessage(error, 'Impossibile salvare la copertura. Riprova.'))
      },
    }),
  )

  return (
    <form
      noValidate
      aria-label="Copertura per settore"
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => save.mutate({ id: data.artisan.id, values }))}
    >
      <h3 className="font-semibold">Copertura per settore</h3>
      <CoverageFields form={form} sectors={data.artisan.specialization_sectors} voice="office" />
      <FieldError id="coverage-server-error">{serverError}</FieldError>
      <div className="flex justify-end">
        <SubmitButton pending={save.isPending} pendingLabel="Salvataggio...">
          Salva copertura
        </SubmitButton>
      </div>
    </form>
  )
}

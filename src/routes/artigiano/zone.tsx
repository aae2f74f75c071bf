import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import { ChevronDownIcon, MapPinIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { AppRouter } from '#server/trpc/router.ts'
import { AreaPage } from '#src/components/area/area-page.tsx'
import { SubmitButton } from '#src/components/admin/form-field.tsx'
import { CoverageFields, toFormEntry } from '#src/components/coverage/coverage-fields.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { Checkbox } from '#src/components/ui/checkbox.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { fieldIssuesOf, serverMessage } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { prefetch } from '#src/lib/admin-handle.ts'
import { coveredComuni, MAX_RADIUS_KM, MIN_RADIUS_KM } from '#shared/coverage.ts'
import { countOf } from '#shared/plural.ts'
import { ARTISAN_SECTORS, type CoverageFormValues, coverageFormSchema } from '#shared/schemas/artisan.ts'

export const Route = createFileRoute('/artigiano/zone')({
  loader: ({ context }) => prefetch(context.admin, (trpc) => trpc.area.coverage.get.queryOptions()),
  component: ZonesPage,
})

type CoverageData = inferRouterOutputs<AppRouter>['area']['coverage']['get']

/** "Zone": the craftsman's trades and, for each, where they take requests; the office's editor, in the craftsman's words. */
function ZonesPage() {
  return (
    <AreaPage
      title="Zone e mestieri"
      intro="Ricevi solo le richieste dei tuoi mestieri nei comuni che scegli qui, per ciascun mestiere."
      options={(trpc) => trpc.area.coverage.get.queryOptions()}
      failed="Impossibile caricare le tue zone."
    >
      {(data) => <CoverageForm data={data} />}
    </AreaPage>
  )
}

function CoverageForm({ data }: { data: CoverageData }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [sectors, setSectors] = useState<string[]>(data.sectors)
  const [tradesError, setTradesError] = useState<string | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const form = useForm<CoverageFormValues>({ resolver: zodResolver(coverageFormSchema), defaultValues: { coverage: data.coverage.map(toFormEntry) } })
  const save = useMutation(
    trpc.area.coverage.save.mutationOptions({
      onSuccess: async (saved) => {
        toast({
          title: 'Zone salvate',
          description:
            saved.coverage.length === 1 ? 'Un mestiere con la sua zona.' : `${countOf(saved.coverage.length, 'mestiere', 'mestieri')}, ognuno con la sua zona.`,
        })
        form.reset({ coverage: saved.coverage.map(toFormEntry) })
        setServerError(null)
        setTradesError(null)
        await queryClient.invalidateQueries({ queryKey: trpc.area.coverage.get.queryKey() })
      },
      onError: (error) => {
        const fieldErrors = fieldIssuesOf(error)
        for (const issue of fieldErrors) {
          if (issue.path[0] === 'sectors') setTradesError(issue.message)
          else form.setError(issue.path.join('.') as 'coverage', { message: issue.message })
        }
        setServerError(serverMessage(error, 'Impossibile salvare le zone. Riprova.'))
      },
    }),
  )
  const toggle = (sector: string, checked: boolean) => {
    setTradesError(null)
    setSectors((current) => (checked ? ARTISAN_SECTORS.filter((known) => known === sector || current.includes(known)) : current.filter((s) => s !== sector)))
  }
  const submit = form.handleSubmit((values) => {
    if (!sectors.length) return setTradesError('Scegli almeno un mestiere.')
    save.mutate({ sectors, coverage: values.coverage })
  })

  return (
    <form noValidate aria-label="Zone e mestieri" className="grid gap-4" onSubmit={submit}>
      <Card>
        <CardHeader>
          <h2 className="font-semibold leading-none">I tuoi mestieri</h2>
          <CardDescription>{sectors.length ? sectors.join(', ') : 'Nessun mestiere scelto'}</CardDescription>
        </CardHeader>
        {/* Closed once there are trades, so a phone reaches the zones at once; open for a craftsman who has none yet. */}
        <details className="group" open={data.sectors.length === 0}>
          <summary className="mx-5 mt-2 mb-2 flex min-h-11 w-fit cursor-pointer list-none items-center gap-1 text-sm font-medium text-brand-700 [&::-webkit-details-marker]:hidden">
            Cambia i mestieri
            <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          <CardContent className="grid gap-2 pt-0">
            <fieldset
              className="grid grid-cols-1 gap-x-3 gap-y-1 min-[360px]:grid-cols-2 sm:grid-cols-3"
              aria-describedby={tradesError ? 'trades-error' : undefined}
            >
              <legend className="sr-only">I tuoi mestieri</legend>
              {ARTISAN_SECTORS.map((sector) => {
                const id = `trade-${sector.toLowerCase().replace(/\s+/g, '-')}`
                return (
                  <div key={sector} className="flex min-h-11 min-w-0 items-center gap-2">
                    <Checkbox id={id} checked={sectors.includes(sector)} onCheckedChange={(checked) => toggle(sector, checked === true)} />
                    <Label htmlFor={id} className="min-w-0 font-normal hyphens-auto [overflow-wrap:anywhere]">
                      {sector}
                    </Label>
                  </div>
                )
              })}
            </fieldset>
          </CardContent>
        </details>
        <FieldError id="trades-error" className="px-5 pb-5">
          {tradesError}
        </FieldError>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="font-semibold leading-none">Dove lavori</h2>
          <CardDescription>Per ogni mestiere: un comune di partenza e un raggio in km, oppure un elenco di comuni.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Total form={form} />
          <CoverageFields form={form} sectors={sectors} voice="artisan" />
        </CardContent>
      </Card>
      <FieldError id="coverage-server-error">{serverError}</FieldError>
      <div className="sticky bottom-0 -mx-4 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        <SubmitButton className="min-h-11 w-full sm:w-auto" pending={save.isPending} pendingLabel="Salvataggio...">
          Salva zone e mestieri
        </SubmitButton>
      </div>
    </form>
  )
}

/** Every comune any trade reaches, as the form stands: what the craftsman will receive requests from once saved. */
function Total({ form }: { form: ReturnType<typeof useForm<CoverageFormValues>> }) {
  const entries = useWatch({ control: form.control, name: 'coverage' })
  const reached = useMemo(() => {
    const names = new Map<string, string>()
    for (const entry of entries ?? []) {
      const radius = entry.mode === 'radius' ? entry.radius_km : null
      if (entry.mode === 'radius' && (typeof radius !== 'number' || !Number.isInteger(radius) || radius < MIN_RADIUS_KM || radius > MAX_RADIUS_KM)) continue
      for (const comune of coveredComuni({ base: entry.base, radiusKm: radius, comuni: entry.mode === 'list' ? entry.comuni : [] })) {
        names.set(comune.slug, comune.name)
      }
    }
    return [...names.values()].sort((a, b) => a.localeCompare(b, 'it'))
  }, [entries])
  return (
    <p className="flex items-start gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm font-medium text-ink" aria-live="polite">
      <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      {reached.length ? `In tutto ricevi richieste da ${countOf(reached.length, 'comune', 'comuni')}` : 'Per ora non ricevi richieste da nessun comune'}
    </p>
  )
}

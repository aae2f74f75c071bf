import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { CalendarCheckIcon, PauseIcon, PlayIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { AreaPage } from '#src/components/area/area-page.tsx'
import { InputField, SubmitButton } from '#src/components/admin/form-field.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent } from '#src/components/ui/card.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { serverMessage } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { prefetch } from '#src/lib/admin-handle.ts'
import { MAX_PAUSE_DAYS } from '#shared/coverage.ts'
import { addDays, formatLongDay, romeDay, romeDayStart } from '#shared/italian-time.ts'
import { type PauseFormValues, pauseFormSchema } from '#shared/schemas/artisan.ts'

export const Route = createFileRoute('/artigiano/disponibilita')({
  loader: ({ context }) => prefetch(context.admin, (trpc) => trpc.area.availability.get.queryOptions()),
  component: AvailabilityPage,
})

const pauseResolver = zodResolver(pauseFormSchema())
const today = () => romeDay(Date.now())
const formatDay = (day: string) => formatLongDay(new Date(romeDayStart(day)))

/** "Disponibilità": a pause until a day with a reason the office sees, and "Riprendi ora"; the same rules as the office's. */
function AvailabilityPage() {
  return (
    <AreaPage
      title="Disponibilità"
      intro="In pausa non ricevi nuove offerte, né dall’assegnazione automatica né dall’ufficio. Quelle già ricevute restano valide."
      options={(trpc) => trpc.area.availability.get.queryOptions()}
      failed="Impossibile caricare la tua disponibilità."
    >
      {(data) => <Availability data={data} />}
    </AreaPage>
  )
}

function Availability({ data }: { data: { paused: boolean; pausedUntil: string | null; pauseReason: string | null } }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const form = useForm<PauseFormValues>({ resolver: pauseResolver, defaultValues: { until: '', reason: '' } })
  const [serverError, setServerError] = useState<string | null>(null)
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.area.availability.get.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.area.session.me.queryKey() }),
    ])
  const pause = useMutation(
    trpc.area.availability.pause.mutationOptions({
      onSuccess: async (saved) => {
        toast({ title: 'Sei in pausa', description: `Fino al ${formatDay(saved.pausedUntil!)} compreso non ricevi nuove offerte.` })
        form.reset({ until: '', reason: '' })
        setServerError(null)
        await refresh()
      },
      onError: (error) => setServerError(serverMessage(error, 'Impossibile salvare la pausa. Riprova.')),
    }),
  )
  const resume = useMutation(
    trpc.area.availability.resume.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Sei di nuovo disponibile', description: 'Da ora ricevi le offerte della tua zona.' })
        setServerError(null)
        await refresh()
      },
      onError: (error) => setServerError(serverMessage(error, 'Impossibile riprendere. Riprova.')),
    }),
  )
  const { errors } = form.formState
  return (
    <>
      <Card>
        <CardContent className="grid gap-3">
          {data.paused ? (
            <>
              <p className="flex items-start gap-2 font-semibold text-amber-900">
                <PauseIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
                In pausa fino al {formatDay(data.pausedUntil!)} compreso
              </p>
              <p className="text-sm text-muted [overflow-wrap:anywhere]">Motivo: {data.pauseReason}</p>
              <Button className="min-h-11 justify-self-start" disabled={resume.isPending} onClick={() => resume.mutate()}>
                <PlayIcon aria-hidden /> Riprendi ora
              </Button>
            </>
          ) : (
            <p className="flex items-start gap-2 font-semibold text-green-800">
              <CalendarCheckIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
              Disponibile: ricevi le offerte della tua zona.
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <form
            noValidate
            aria-label={data.paused ? 'Cambia la pausa' : 'Metti in pausa'}
            className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start"
            onSubmit={form.handleSubmit((values) => pause.mutate(values))}
          >
            <h2 className="font-semibold sm:col-span-2">{data.paused ? 'Cambia la pausa' : 'Metti in pausa'}</h2>
            <InputField
              id="pause-until"
              label="In pausa fino al"
              type="date"
              min={today()}
              max={addDays(today(), MAX_PAUSE_DAYS)}
              hint="Compreso: dal giorno dopo ricevi di nuovo le offerte."
              error={errors.until?.message}
              {...form.register('until')}
            />
            <InputField
              id="pause-reason"
              label="Motivo (lo vede l’ufficio)"
              placeholder="Ferie, agenda piena…"
              maxLength={200}
              error={errors.reason?.message}
              {...form.register('reason')}
            />
            <FieldError id="pause-server-error">{serverError}</FieldError>
            <SubmitButton className="min-h-11 sm:col-span-2 sm:justify-self-start" pending={pause.isPending} pendingLabel="Salvataggio...">
              <PauseIcon aria-hidden /> {data.paused ? 'Cambia pausa' : 'Metti in pausa'}
            </SubmitButton>
          </form>
        </CardContent>
      </Card>
    </>
  )
}

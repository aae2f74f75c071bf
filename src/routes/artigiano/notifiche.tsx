import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { AreaPage } from '#src/components/area/area-page.tsx'
import { SubmitButton } from '#src/components/admin/form-field.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { NativeCheckbox } from '#src/components/ui/native-checkbox.tsx'
import { serverMessage } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { prefetch } from '#src/lib/admin-handle.ts'
import { OFFER_MAIL_MODE_LABELS, OFFER_MAIL_MODES, type OfferMailMode, SUMMARY_TIME } from '#shared/artisan-notifications.ts'
import { type NotificationsFormValues, notificationsFormSchema } from '#shared/schemas/artisan-settings.ts'

export const Route = createFileRoute('/artigiano/notifiche')({
  loader: ({ context }) => prefetch(context.admin, (trpc) => trpc.area.notifications.get.queryOptions()),
  component: NotificationsPage,
})

const resolver = zodResolver(notificationsFormSchema)

const DESCRIPTIONS: Record<OfferMailMode, string> = {
  immediate: 'Una email per ogni nuova offerta, appena arriva.',
  summary: `Una sola email al mattino (dalle ${SUMMARY_TIME}) con tutte le offerte ancora aperte, nei giorni in cui ce ne sono.`,
  both: 'Una email per ogni offerta e, al mattino, il riepilogo di quelle ancora aperte.',
}

/** "Notifiche": how new offers arrive by e-mail, and every other mail on or off; an offer itself is never switched off. */
function NotificationsPage() {
  return (
    <AreaPage
      title="Notifiche"
      intro="Scegli come vuoi sapere delle nuove offerte e quali altre email ricevere."
      options={(trpc) => trpc.area.notifications.get.queryOptions()}
      failed="Impossibile caricare le tue notifiche."
    >
      {(values) => <NotificationsForm values={values} />}
    </AreaPage>
  )
}

function NotificationsForm({ values }: { values: NotificationsFormValues }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const form = useForm<NotificationsFormValues>({ resolver, defaultValues: values })
  const [serverError, setServerError] = useState<string | null>(null)
  const save = useMutation(
    trpc.area.notifications.save.mutationOptions({
      onSuccess: async (saved) => {
        toast({ title: 'Notifiche salvate' })
        form.reset(saved)
        setServerError(null)
        await queryClient.invalidateQueries({ queryKey: trpc.area.notifications.get.queryKey() })
      },
      onError: (error) => setServerError(serverMessage(error, 'Impossibile salvare le notifiche. Riprova.')),
    }),
  )
  const { errors } = form.formState
  return (
    <form noValidate aria-label="Notifiche" className="grid gap-4" onSubmit={form.handleSubmit((input) => save.mutate(input))}>
      <Card>
        <CardHeader>
          <h2 className="font-semibold leading-none">Nuove offerte</h2>
          <CardDescription>Le offerte di lavoro arrivano sempre: scegli solo come.</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset className="grid gap-2" aria-describedby={errors.offerMail ? 'offer-mail-error' : undefined}>
            <legend className="sr-only">Come ricevere le nuove offerte</legend>
            {OFFER_MAIL_MODES.map((mode) => (
              <label
                key={mode}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-gray-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-gray-50"
              >
                <input type="radio" value={mode} className="mt-1 size-5 shrink-0 accent-brand-600" {...form.register('offerMail')} />
                <span className="grid gap-0.5">
                  <span className="font-medium text-ink">{OFFER_MAIL_MODE_LABELS[mode]}</span>
                  <span className="text-sm text-muted">{DESCRIPTIONS[mode]}</span>
                </span>
              </label>
            ))}
            <FieldError id="offer-mail-error">{errors.offerMail?.message}</FieldError>
          </fieldset>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="font-semibold leading-none">Altre email</h2>
          <CardDescription>La newsletter per gli artigiani e ogni email che non è un’offerta a cui rispondere.</CardDescription>
        </CardHeader>
        <CardContent>
          <label htmlFor="other-mail" className="flex min-h-11 cursor-pointer items-start gap-3">
            <NativeCheckbox id="other-mail" className="mt-0.5" {...form.register('otherMail')} />
            <span className="grid gap-0.5">
              <span className="font-medium text-ink">Ricevi le altre email</span>
              <span className="text-sm text-muted">Togli la spunta per non ricevere più nulla oltre alle offerte e ai contatti dei lavori che accetti.</span>
            </span>
          </label>
        </CardContent>
      </Card>
      <FieldError id="notifications-server-error">{serverError}</FieldError>
      <SubmitButton className="min-h-11 w-full sm:w-auto sm:justify-self-start" pending={save.isPending} pendingLabel="Salvataggio...">
        Salva notifiche
      </SubmitButton>
    </form>
  )
}

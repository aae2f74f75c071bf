import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { TRPCClientError } from '@trpc/client'
import { EyeIcon, SendIcon, TestTubeIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { serverMessage } from '#src/lib/server-errors.ts'
import { InputField, TextareaField } from '#src/components/admin/form-field.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { useLoadFailureToast } from '#src/lib/admin-lists.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { type NewsletterCampaignInput, newsletterCampaignSchema, newsletterContentSchema, targetGroupField } from '#shared/schemas/newsletter.ts'
import { GROUP_LABELS } from './campaign-status.ts'

const previewSchema = newsletterContentSchema.extend({ targetGroup: targetGroupField })

/** docs/product.md §8: a call that never reached the server (network, ad-blocker) gets its own advice. */
export function operationError(error: unknown): { title: string; description: string } {
  const unreachable = error instanceof TRPCClientError && !error.data && /fetch|network|failed/i.test(error.message)
  if (unreachable) {
    return {
      title: 'Errore Preparazione',
      description: 'Impossibile contattare il server: controlla la connessione ed eventuali ad-blocker, poi riprova.',
    }
  }
  return { title: 'Errore Operazione Newsletter', description: serverMessage(error, 'Si è verificato un errore imprevisto.').slice(0, 150) }
}

/** 'Crea Nuova Campagna Newsletter': target group with its counts, subject, HTML body, preview and test. */
export function CampaignForm({ onCreated }: { onCreated: (jobId: number) => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const counts = useQuery(trpc.admin.newsletter.counts.queryOptions())
  const mail = useQuery(trpc.admin.newsletter.mailSetup.queryOptions())
  const form = useForm<NewsletterCampaignInput>({
    resolver: zodResolver(newsletterCampaignSchema),
    // A fresh key per campaign: a double submit of the same form reaches the server with the same one.
    defaultValues: { subject: '', bodyHtml: '', idempotencyKey: crypto.randomUUID() },
  })
  const { errors } = form.formState
  useLoadFailureToast(counts.isError, 'Impossibile caricare il numero di utenti e artigiani.')
  const [preview, setPreview] = useState<string | null>(null)

  const create = useMutation(
    trpc.admin.newsletter.create.mutationOptions({
      onSuccess: async ({ job }) => {
        const next =
          mail.data?.configured === false
            ? "resta in attesa: l'invio delle email non è configurato su questo server."
            : "è in preparazione: segui l'invio qui sotto."
        toast({ title: 'Campagna Creata!', description: `"${job.subject}" ${next}` })
        form.reset({ subject: '', bodyHtml: '', idempotencyKey: crypto.randomUUID() })
        setPreview(null)
        onCreated(job.id)
        await queryClient.invalidateQueries({ queryKey: trpc.admin.newsletter.list.queryKey() })
      },
      onError: (error) => toast({ ...operationError(error), variant: 'destructive' }),
    }),
  )
  const showPreview = useMutation(
    trpc.admin.newsletter.preview.mutationOptions({
      onSuccess: (mail) => setPreview(mail.html),
      onError: (error) => toast({ ...operationError(error), variant: 'destructive' }),
    }),
  )
  const sendTest = useMutation(
    trpc.admin.newsletter.sendTest.mutationOptions({
      onSuccess: ({ to }) => toast({ title: 'Test Inviato', description: `Email di prova inviata a ${to}.` }),
      onError: (error) => toast({ ...operationError(error), variant: 'destructive' }),
    }),
  )

  /** Preview and test need the content fields only; their messages show under the fields like on submit. */
  const withContent = (action: (values: { subject: string; bodyHtml: string; targetGroup: 'users' | 'artisans' }) => void) => async () => {
    const valid = await form.trigger(['targetGroup', 'subject', 'bodyHtml'])
    const parsed = previewSchema.safeParse(form.getValues())
    if (valid && parsed.success) action(parsed.data)
  }

  const busy = create.isPending
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none">Crea Nuova Campagna Newsletter</h2>
        <CardDescription>
          {mail.data?.configured === false
            ? "La campagna partirà quando l'invio delle email sarà configurato, al ritmo consentito dal servizio email."
            : 'La campagna parte subito dopo la creazione, al ritmo consentito dal servizio email.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))} className="grid gap-5">
          <fieldset
            className="grid gap-2"
            aria-invalid={errors.targetGroup ? true : undefined}
            aria-describedby={errors.targetGroup ? 'newsletter-group-error' : undefined}
          >
            <legend className="mb-2 text-sm font-semibold text-ink">Gruppo target</legend>
            {(['users', 'artisans'] as const).map((group) => (
              <label
                key={group}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-gray-200 px-3 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input type="radio" value={group} className="size-4 accent-brand-600" {...form.register('targetGroup')} />
                <span className="font-medium">{GROUP_LABELS[group]}</span>
                <span className="ml-auto text-muted" data-testid={`count-${group}`}>
                  {counts.isPending
                    ? '…'
                    : counts.isError
                      ? 'n/d'
                      : `${counts.data[group].toLocaleString('it-IT')} ${counts.data[group] === 1 ? 'destinatario' : 'destinatari'}`}
                </span>
              </label>
            ))}
            {counts.isError ? (
              <p className="text-sm text-red-700" role="alert">
                Impossibile caricare il numero di utenti e artigiani.{' '}
                <button type="button" className="font-semibold underline" onClick={() => void counts.refetch()}>
                  Riprova
                </button>
              </p>
            ) : null}
            <FieldError id="newsletter-group-error">{errors.targetGroup?.message}</FieldError>
          </fieldset>

          <InputField id="newsletter-subject" label="Oggetto" autoComplete="off" error={errors.subject?.message} {...form.register('subject')} />

          <TextareaField
            id="newsletter-body"
            label="Corpo HTML"
            rows={12}
            spellCheck={false}
            className="font-mono text-sm md:text-xs"
            placeholder="<h1>Titolo</h1><p>Testo della newsletter…</p>"
            hint="Inviato così com'è, fino a 1 MB; in fondo a ogni email si aggiunge il link per annullare l'iscrizione."
            error={errors.bodyHtml?.message}
            {...form.register('bodyHtml')}
          />

          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button type="submit" disabled={busy} className="sm:order-last sm:ml-auto">
              <SendIcon aria-hidden />
              {busy ? 'Creazione in corso...' : 'Crea e Invia Campagna'}
            </Button>
            <Button type="button" variant="outline" disabled={showPreview.isPending} onClick={withContent((values) => showPreview.mutate(values))}>
              <EyeIcon aria-hidden />
              Anteprima
            </Button>
            <Button type="button" variant="outline" disabled={sendTest.isPending} onClick={withContent((values) => sendTest.mutate(values))}>
              <TestTubeIcon aria-hidden />
              {sendTest.isPending ? 'Invio in corso...' : 'Invia un test'}
            </Button>
          </div>
        </form>

        {preview !== null ? (
          <section aria-labelledby="newsletter-preview-title" className="mt-6 grid gap-2">
            <div className="flex items-center justify-between">
              <h3 id="newsletter-preview-title" className="text-sm font-semibold">
                Anteprima
              </h3>
              <Button type="button" variant="ghost" size="sm" onClick={() => setPreview(null)}>
                Chiudi anteprima
              </Button>
            </div>
            {/* sandbox="" runs no script of the body and gives it no access to this page. */}
            <iframe title="Anteprima della newsletter" sandbox="" srcDoc={preview} className="h-[28rem] w-full rounded-md border border-gray-200 bg-white" />
          </section>
        ) : null}
      </CardContent>
    </Card>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { TRPCClientError } from '@trpc/client'
import { CalendarClockIcon, EyeIcon, SaveIcon, SendIcon, TestTubeIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { serverMessage } from '#src/lib/server-errors.ts'
import { InputField, TextareaField } from '#src/components/admin/form-field.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { useLoadFailureToast } from '#src/lib/admin-lists.ts'
import { romeWallTime } from '#shared/italian-time.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { editorField, newsletterCampaignSchema, newsletterContentSchema, type Segment, segmentSchema, targetGroupField } from '#shared/schemas/newsletter.ts'
import { countOf } from '#shared/plural.ts'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#src/components/ui/dialog.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { GROUP_LABELS } from './campaign-status.ts'
import { RichTextEditor } from './rich-text-editor.tsx'
import { SegmentFields } from './segment-fields.tsx'
import { SendConfirmation } from './send-confirmation.tsx'

const previewSchema = newsletterContentSchema.extend({ targetGroup: targetGroupField, editor: editorField })
type Action = 'send' | 'schedule' | 'draft'
export type CampaignFormValues = {
  subject: string
  bodyHtml: string
  targetGroup: 'users' | 'artisans'
  idempotencyKey: string
  segment: {
    services: string[]
    categories: string[]
    towns: string[]
    from?: string
    to?: string
    sectors: typeof import('#shared/schemas/artisan.ts').ARTISAN_SECTORS[number][]
    zones: string[]
    statuses: ('active' | 'inactive' | 'pending_review' | 'rejected')[]
  }
  editor: 'visual' | 'html'
  action: Action
  scheduledAt?: string
}
const EMPTY_SEGMENT: CampaignFormValues['segment'] = { services: [], categories: [], towns: [], sectors: [], zones: [], statuses: [] }
const blank = (): Partial<CampaignFormValues> => ({
  subject: '',
  bodyHtml: '',
  editor: 'visual',
  segment: EMPTY_SEGMENT,
  action: 'send',
  idempotencyKey: crypto.randomUUID(),
})

/** The segment as the server reads it, once its filters settle: the count is not asked for at every keystroke. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value)
  const key = JSON.stringify(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms)
    return () => clearTimeout(timer)
  }, [key, ms])
  return settled
}

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

/** 'Crea Nuova Campagna Newsletter': audience and segment with the exact count, subject, editor or HTML, preview on phone and desktop, test, draft, schedule. */
export function CampaignForm({ onCreated, editingId, onEditDone }: { onCreated: (jobId: number) => void; editingId: number | null; onEditDone: () => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const counts = useQuery(trpc.admin.newsletter.counts.queryOptions())
  const mail = useQuery(trpc.admin.newsletter.mailSetup.queryOptions())
  const editable = useQuery({ ...trpc.admin.newsletter.editable.queryOptions({ id: editingId ?? 0 }), enabled: editingId !== null })
  const form = useForm<CampaignFormValues>({
    resolver: zodResolver(newsletterCampaignSchema) as never,
    defaultValues: blank(),
  })
  const { errors } = form.formState
  useLoadFailureToast(counts.isError, 'Impossibile caricare il numero di utenti e artigiani.')
  const [preview, setPreview] = useState<string | null>(null)

  useEffect(() => {
    const draft = editable.data
    if (!draft) return
    form.reset({
      subject: draft.subject,
      bodyHtml: draft.body,
      editor: draft.editor,
      targetGroup: draft.targetGroup,
      segment: { ...EMPTY_SEGMENT, ...draft.segment } as CampaignFormValues['segment'],
      action: 'send',
      scheduledAt: draft.scheduledAt ? romeWallTime(draft.scheduledAt) : undefined,
      idempotencyKey: crypto.randomUUID(),
    })
  }, [editable.data, form])

  const group = form.watch('targetGroup')
  const segment = useSettled(form.watch('segment'))
  const parsedSegment = segmentSchema.safeParse(segment)
  const segmentCount = useQuery({
    ...trpc.admin.newsletter.segmentCount.queryOptions({ targetGroup: group ?? 'users', segment: parsedSegment.success ? parsedSegment.data : EMPTY_SEGMENT }),
    enabled: Boolean(group) && parsedSegment.success,
  })

  const done = async (jobId: number, action: Action) => {
    const what = {
      draft: 'è stata salvata tra le bozze.',
      schedule: "è programmata: partirà da sola all'ora scelta.",
      send:
        mail.data?.configured === false
          ? "resta in attesa: l'invio delle email non è configurato su questo server."
          : "è in preparazione: segui l'invio qui sotto.",
    }[action]
    toast({
      title: action === 'draft' ? 'Bozza Salvata' : action === 'schedule' ? 'Campagna Programmata' : 'Campagna Creata!',
      description: `"${form.getValues('subject')}" ${what}`,
    })
    form.reset(blank())
    setPreview(null)
    onEditDone()
    onCreated(jobId)
    await queryClient.invalidateQueries({ queryKey: trpc.admin.newsletter.pathKey() })
  }
  const create = useMutation(
    trpc.admin.newsletter.create.mutationOptions({
      onSuccess: ({ job }, input) => done(job.id, input.action ?? 'send'),
      onError: (error) => toast({ ...operationError(error), variant: 'destructive' }),
    }),
  )
  const update = useMutation(
    trpc.admin.newsletter.update.mutationOptions({
      onSuccess: ({ job }, input) => done(job.id, input.action ?? 'send'),
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
  const withContent =
    (action: (values: { subject: string; bodyHtml: string; targetGroup: 'users' | 'artisans'; editor: 'visual' | 'html' }) => void) => async () => {
      const valid = await form.trigger(['targetGroup', 'subject', 'bodyHtml'])
      const parsed = previewSchema.safeParse(form.getValues())
      if (valid && parsed.success) action(parsed.data)
    }
  const save = (input: CampaignFormValues) => (editingId !== null ? update.mutate({ ...input, id: editingId }) : create.mutate(input))
  /** A campaign to send now waits here for the administrator's yes in the confirmation dialog. */
  const [confirming, setConfirming] = useState<CampaignFormValues | null>(null)
  const submit = (action: Action) =>
    form.handleSubmit((values) => {
      const input = { ...values, action, scheduledAt: action === 'schedule' ? values.scheduledAt : undefined }
      if (action === 'schedule' && !values.scheduledAt) {
        form.setError('scheduledAt', { message: "Indica data e ora dell'invio programmato." })
        return
      }
      if (action === 'send') setConfirming(input)
      else save(input)
    })

  const busy = create.isPending || update.isPending
  const editor = form.watch('editor')
  const countText = segmentCount.isPending
    ? 'Calcolo dei destinatari…'
    : segmentCount.isError
      ? 'Numero di destinatari non disponibile.'
      : segmentCount.data === 0
        ? 'Nessun destinatario: il segmento non si può inviare.'
        : `${countOf(segmentCount.data, 'destinatario', 'destinatari')}, esclusi gli indirizzi nella lista di esclusione.`
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none">{editingId !== null ? 'Modifica Campagna' : 'Crea Nuova Campagna Newsletter'}</h2>
        <CardDescription>
          {mail.data?.configured === false
            ? "La campagna partirà quando l'invio delle email sarà configurato, al ritmo consentito dal servizio email."
            : 'Invia subito, programma per una data e ora (ora italiana) o salva come bozza.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit('send')} className="grid gap-5">
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
                  {counts.isPending ? '…' : counts.isError ? 'n/d' : countOf(counts.data[group], 'destinatario', 'destinatari')}
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

          {group ? (
            <>
              <SegmentFields form={form} />
              <p
                className={`rounded-md px-3 py-2 text-sm ${segmentCount.data === 0 ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-ink'}`}
                aria-live="polite"
                data-testid="segment-count"
              >
                <strong>Destinatari del segmento:</strong> {countText}
              </p>
            </>
          ) : null}

          <InputField id="newsletter-subject" label="Oggetto" autoComplete="off" error={errors.subject?.message} {...form.register('subject')} />

          <div className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-medium" id="newsletter-body-label">
                Contenuto
              </span>
              <div role="radiogroup" aria-label="Modalità di scrittura" className="flex gap-1 rounded-md bg-gray-100 p-1 text-sm">
                {(
                  [
                    ['visual', 'Editor'],
                    ['html', 'HTML avanzato'],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="cursor-pointer rounded px-3 py-1 has-[:checked]:bg-white has-[:checked]:font-semibold has-[:checked]:shadow-xs">
                    <input type="radio" value={value} className="sr-only" {...form.register('editor')} />
                    {label}
                  </label>
                ))}
              </div>
            </div>
            {editor === 'visual' ? (
              <Controller
                control={form.control}
                name="bodyHtml"
                render={({ field }) => (
                  <RichTextEditor
                    id="newsletter-body"
                    value={field.value}
                    onChange={field.onChange}
                    invalid={Boolean(errors.bodyHtml)}
                    describedBy={errors.bodyHtml ? 'newsletter-body-error' : 'newsletter-body-hint'}
                  />
                )}
              />
            ) : (
              <TextareaField
                id="newsletter-body"
                label="Corpo HTML"
                rows={12}
                spellCheck={false}
                className="font-mono text-sm md:text-xs"
                placeholder="<h1>Titolo</h1><p>Testo della newsletter…</p>"
                hint="Per chi conosce l'HTML: script, iframe, gestori di eventi e link javascript: vengono rimossi; immagini solo https. In fondo si aggiunge il link per annullare l'iscrizione."
                error={errors.bodyHtml?.message}
                {...form.register('bodyHtml')}
              />
            )}
            {editor === 'visual' ? (
              <>
                <p id="newsletter-body-hint" className="text-xs text-muted">
                  Il testo viene inserito nel modello grafico delle email del sito, con il link per annullare l'iscrizione in fondo.
                </p>
                <FieldError id="newsletter-body-error">{errors.bodyHtml?.message}</FieldError>
              </>
            ) : null}
          </div>

          <div className="grid gap-1.5 sm:max-w-xs">
            <Label htmlFor="newsletter-schedule">Data e ora di invio (ora italiana)</Label>
            <Input
              id="newsletter-schedule"
              type="datetime-local"
              aria-invalid={errors.scheduledAt ? true : undefined}
              aria-describedby={errors.scheduledAt ? 'newsletter-schedule-error' : 'newsletter-schedule-hint'}
              {...form.register('scheduledAt', { setValueAs: (value: string) => value || undefined })}
            />
            <p id="newsletter-schedule-hint" className="text-xs text-muted">
              Solo per &quot;Programma invio&quot;.
            </p>
            <FieldError id="newsletter-schedule-error">{errors.scheduledAt?.message}</FieldError>
          </div>

          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button type="submit" disabled={busy} className="sm:order-last sm:ml-auto">
              <SendIcon aria-hidden />
              {busy ? 'Salvataggio in corso...' : 'Crea e Invia Campagna'}
            </Button>
            <Button type="button" variant="outline" disabled={busy} onClick={submit('schedule')}>
              <CalendarClockIcon aria-hidden />
              Programma invio
            </Button>
            <Button type="button" variant="outline" disabled={busy} onClick={submit('draft')}>
              <SaveIcon aria-hidden />
              Salva bozza
            </Button>
            <Button type="button" variant="outline" disabled={showPreview.isPending} onClick={withContent((values) => showPreview.mutate(values))}>
              <EyeIcon aria-hidden />
              Anteprima
            </Button>
            <Button type="button" variant="outline" disabled={sendTest.isPending} onClick={withContent((values) => sendTest.mutate(values))}>
              <TestTubeIcon aria-hidden />
              {sendTest.isPending ? 'Invio in corso...' : 'Invia un test'}
            </Button>
            {editingId !== null ? (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  form.reset(blank())
                  onEditDone()
                }}
              >
                Annulla modifica
              </Button>
            ) : null}
          </div>
        </form>

        <SendConfirmation
          request={confirming ? { subject: confirming.subject, targetGroup: confirming.targetGroup, segment: confirming.segment as Segment } : null}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            if (confirming) save(confirming)
            setConfirming(null)
          }}
        />
        <Dialog open={preview !== null} onOpenChange={(open) => (open ? null : setPreview(null))}>
          <DialogContent className="max-h-[95vh] max-w-6xl">
            <DialogHeader>
              <DialogTitle>Anteprima</DialogTitle>
              <DialogDescription>La newsletter come la riceve un destinatario, su telefono e su computer.</DialogDescription>
            </DialogHeader>
            <div className="grid items-start gap-4 lg:grid-cols-[375px_minmax(0,1fr)]">
              <figure className="grid justify-items-center gap-1 lg:justify-items-start">
                <figcaption className="text-xs text-muted">Telefono (375 px)</figcaption>
                {/* sandbox="" runs no script of the body and gives it no access to this page. */}
                <iframe
                  title="Anteprima su telefono"
                  sandbox=""
                  srcDoc={preview ?? ''}
                  className="h-[36rem] w-[375px] max-w-full rounded-md border border-gray-200 bg-white"
                />
              </figure>
              <figure className="grid gap-1">
                <figcaption className="text-xs text-muted">Computer</figcaption>
                <iframe
                  title="Anteprima su computer"
                  sandbox=""
                  srcDoc={preview ?? ''}
                  className="h-[36rem] w-full rounded-md border border-gray-200 bg-white"
                />
              </figure>
            </div>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  )
}

import { MapPinIcon, PaperclipIcon, XIcon } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { MAX_STREET_LENGTH, placeAddress } from '#shared/address.ts'
import { comuni } from '#shared/catalog/comuni.ts'
import { quoteServiceOptions } from '#shared/catalog/service-names.ts'
import type { ChosenLocation } from '#src/lib/carried-location.ts'
import { openWithNotice } from '#src/lib/notice.ts'
import { saveRequestSummary } from '#src/lib/request-summary.ts'
import { toast } from '#src/lib/toast.ts'
import { trpcClient } from '#src/lib/trpc-client.ts'
import { tracking } from '#src/lib/utm.ts'
import { ATTACHMENT_ACCEPT, FILE_TOO_BIG_TITLE, fileTooBig, TOO_MANY_FILES, TOO_MANY_FILES_TITLE } from '#shared/attachments.ts'
import type { quoteFormSchema } from '#shared/schemas/quote-request.ts'
import { FieldError } from '../ui/field-error.tsx'
import { Label } from '../ui/label.tsx'
import { SelectOptions } from '../option-picker.tsx'
import { NativeSelect } from '../ui/native-select.tsx'
import { Textarea } from '../ui/textarea.tsx'
import { fieldAria, FormField, TextField } from './form-field.tsx'
import { FormFooter } from './form-footer.tsx'
import { lazyZodResolver } from './lazy-resolver.ts'
import { readPickedFiles } from './read-files.ts'
import { formatFileSize } from '#shared/text.ts'
import { MarketingConsentField } from './marketing-consent-field.tsx'
import { ServiceQuestions } from './service-questions.tsx'
import { useRequestForm } from './use-request-form.ts'

const FIELDS = [
  'fullName',
  'email',
  'phone',
  'street',
  'comuneSlug',
  'serviceId',
  'answers.*',
  'timing',
  'description',
  'attachments',
  'marketingConsent',
  'captchaAnswer',
] as const
const resolver = lazyZodResolver(() => import('#shared/schemas/quote-request.ts').then((module) => module.quoteFormSchema))
const UNEXPECTED = { title: 'Errore Inaspettato', fallback: 'Si è verificato un errore imprevisto. Riprova più tardi.' }

export type QuoteFormProps = {
  serviceId: string
  serviceField?: boolean
  location: ChosenLocation
  /** The slug of the profile the form sits on: the craftsman the request prefers. */
  preferredArtisan?: string
}

/**
 * The quote request of the service, town and service-in-town pages (docs/product.md §2.3, 4, 5). Its service field shows
 * only with `serviceField`; elsewhere the page's picker has chosen the service and the form sends it.
 */
export function QuoteForm({ serviceId, serviceField = false, location, preferredArtisan }: QuoteFormProps) {
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [files, setFiles] = useState<{ name: string; size: number }[]>([])
  // The comune of the place chosen (the page's, or the one an address from Google names); without one the form asks.
  const { label: placeLabel, placeId } = location
  const place = useMemo(() => placeAddress({ label: placeLabel, placeId }), [placeLabel, placeId])
  const form = useForm<z.input<typeof quoteFormSchema>, unknown, z.output<typeof quoteFormSchema>>({
    resolver,
    defaultValues: {
      fullName: '',
      email: '',
      phone: '',
      street: place.street,
      comuneSlug: place.comune?.slug ?? '',
      serviceId,
      description: '',
      answers: {},
      timing: '',
      attachments: [],
      marketingConsent: false,
      captchaToken: '',
      captchaAnswer: '',
      website: '',
    },
  })
  const { register, setValue, reset, formState } = form
  const errors = formState.errors
  const { submit, footer } = useRequestForm(form, { fields: FIELDS, failure: UNEXPECTED, resolver })

  // The page's service can change (picker on the same page): follow it.
  useEffect(() => {
    setValue('serviceId', serviceId)
  }, [serviceId, setValue])

  // Another place chosen above the form: its comune, and its street when it names one (an address from Google).
  useEffect(() => {
    setValue('comuneSlug', place.comune?.slug ?? '')
    if (place.street) setValue('street', place.street)
  }, [place, setValue])

  function clearFiles() {
    setFiles([])
    setValue('attachments', [])
    if (fileInput.current) fileInput.current.value = ''
  }

  async function onFilesChange(list: FileList | null) {
    const picked = await readPickedFiles(list)
    if (!picked.ok) {
      clearFiles()
      if (picked.reason === 'too-many') toast({ title: TOO_MANY_FILES_TITLE, description: TOO_MANY_FILES, variant: 'destructive' })
      else toast({ title: FILE_TOO_BIG_TITLE, description: fileTooBig(picked.file), variant: 'destructive' })
      return
    }
    setFiles(picked.files.map(({ name, size }) => ({ name, size })))
    setValue(
      'attachments',
      picked.files.map(({ name, dataUrl }) => ({ name, dataUrl })),
      { shouldValidate: formState.isSubmitted },
    )
  }

  const onSubmit = submit(async (values, proofOfWork) => {
    const result = await (await trpcClient()).requests.quote.mutate({ ...values, proofOfWork, location, preferredArtisan, ...tracking() })
    reset({ ...form.getValues(), fullName: '', email: '', phone: '', street: '', description: '', attachments: [], marketingConsent: false, captchaAnswer: '' })
    clearFiles()
    saveRequestSummary({ serviceName: result.serviceName, leadId: result.leadId, promiseDue: result.promiseDue })
    openWithNotice('/thank-you', { title: 'Richiesta Inviata!', description: 'La tua richiesta di preventivo è stata inviata con successo!' })
  })

  const attachmentError = errors.attachments?.message ?? (Array.isArray(errors.attachments) ? errors.attachments.find(Boolean)?.dataUrl?.message : undefined)

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="@container relative grid gap-5" aria-label="Richiedi un preventivo gratuito">
      {place.comune ? (
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <MapPinIcon className="size-4 shrink-0 text-brand-600" aria-hidden />
          <span>
            Comune: <strong className="font-semibold text-ink">{place.comune.name}</strong>
          </span>
        </p>
      ) : (
        <FormField
          id={`${id}-comune`}
          label="Comune"
          required
          error={errors.comuneSlug?.message}
          hint={`Non troviamo "${location.label}" tra i comuni della Città metropolitana di Milano: scegli il comune dell'intervento.`}
        >
          <NativeSelect {...fieldAria(`${id}-comune`, errors.comuneSlug?.message, true)} {...register('comuneSlug')}>
            <option value="">Scegli il comune</option>
            {comuni.map((comune) => (
              <option key={comune.slug} value={comune.slug}>
                {comune.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <TextField
        id={`${id}-street`}
        label="Via e numero civico"
        required
        error={errors.street?.message}
        hint="Lo vede solo l'artigiano che accetta il lavoro."
        autoComplete="address-line1"
        maxLength={MAX_STREET_LENGTH}
        placeholder="Es. Via Roma 10"
        {...register('street')}
      />

      <div className="grid gap-5 @md:grid-cols-2">
        <TextField id={`${id}-name`} label="Nome e Cognome" required error={errors.fullName?.message} autoComplete="name" {...register('fullName')} />
        <TextField id={`${id}-email`} label="Email" required error={errors.email?.message} type="email" autoComplete="email" {...register('email')} />
        <TextField id={`${id}-phone`} label="Telefono" required error={errors.phone?.message} type="tel" autoComplete="tel" {...register('phone')} />
        {serviceField && (
          <FormField id={`${id}-service`} label="Servizio" required error={errors.serviceId?.message}>
            {/* The page's service is selected in the server's HTML too, before the form's code runs. */}
            <NativeSelect defaultValue={serviceId} {...fieldAria(`${id}-service`, errors.serviceId?.message)} {...register('serviceId')}>
              <SelectOptions options={quoteServiceOptions} />
            </NativeSelect>
          </FormField>
        )}
      </div>

      <ServiceQuestions id={id} form={form} />

      <FormField id={`${id}-description`} label="Descrivi il lavoro" required error={errors.description?.message}>
        <Textarea
          rows={5}
          placeholder="Che lavoro serve, dove, con quali tempi?"
          {...fieldAria(`${id}-description`, errors.description?.message)}
          {...register('description')}
        />
      </FormField>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-files`}>Allegati (facoltativi)</Label>
        <p id={`${id}-files-hint`} className="text-xs text-muted">
          Fino a 3 file, massimo 5MB ciascuno: immagini, PDF, .doc, .docx, .txt.
        </p>
        <label className="flex cursor-pointer items-center justify-center gap-2 rounded-md border border-dashed border-gray-300 bg-gray-50 px-4 py-4 text-sm font-medium text-ink hover:border-brand-600 focus-within:outline-2 focus-within:outline-brand-600/40">
          <PaperclipIcon className="size-4 text-brand-600" aria-hidden />
          Scegli i file
          <input
            ref={fileInput}
            id={`${id}-files`}
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            className="sr-only"
            aria-describedby={attachmentError ? `${id}-files-error ${id}-files-hint` : `${id}-files-hint`}
            aria-invalid={attachmentError ? true : undefined}
            onChange={(event) => void onFilesChange(event.currentTarget.files)}
          />
        </label>
        {files.length > 0 && (
          <ul className="grid gap-1 text-sm" aria-label="File selezionati">
            {files.map((file) => (
              <li key={file.name} className="flex items-center justify-between gap-2 rounded bg-gray-50 px-3 py-1.5">
                <span className="truncate">{file.name}</span>
                <span className="shrink-0 text-xs text-muted">{formatFileSize(file.size)}</span>
              </li>
            ))}
            <li>
              <button type="button" onClick={clearFiles} className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline">
                <XIcon className="size-3" aria-hidden /> Rimuovi gli allegati
              </button>
            </li>
          </ul>
        )}
        <FieldError id={`${id}-files-error`}>{attachmentError}</FieldError>
      </div>

      <MarketingConsentField id={`${id}-marketing`} input={register('marketingConsent')} />
      <FormFooter id={id} footer={footer} sending="la richiesta" submitLabel="Invia Richiesta" />
    </form>
  )
}

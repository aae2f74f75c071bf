import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { openWithNotice } from '#src/lib/notice.ts'
import { trpcClient } from '#src/lib/trpc-client.ts'
import { tracking } from '#src/lib/utm.ts'
import { APPLICATION_SECTORS } from '#shared/catalog/service-names.ts'
import type { applicationFormSchema } from '#shared/schemas/artisan-application.ts'
import { NativeCheckbox } from '../ui/native-checkbox.tsx'
import { FieldError } from '../ui/field-error.tsx'
import { Label } from '../ui/label.tsx'
import { Textarea } from '../ui/textarea.tsx'
import { fieldAria, FormField, TextField } from './form-field.tsx'
import { FormFooter } from './form-footer.tsx'
import { lazyZodResolver } from './lazy-resolver.ts'
import { useRequestForm } from './use-request-form.ts'

const FIELDS = [
  'companyName',
  'vatNumber',
  'contactName',
  'email',
  'phone',
  'specializationSectors',
  'description',
  'operativeZones',
  'privacyConsent',
  'captchaAnswer',
] as const
const resolver = lazyZodResolver(() => import('#shared/schemas/artisan-application.ts').then((module) => module.applicationFormSchema))

/** The craftsman application of the craftsmen page (docs/product.md §3, 4, 5): validated on every change, with the captcha of the other forms. */
export function ArtisanApplicationForm() {
  const id = useId()
  const form = useForm<z.input<typeof applicationFormSchema>, unknown, z.output<typeof applicationFormSchema>>({
    resolver,
    mode: 'onChange',
    defaultValues: {
      companyName: '',
      vatNumber: '',
      contactName: '',
      email: '',
      phone: '',
      specializationSectors: [],
      description: '',
      operativeZones: '',
      privacyConsent: false,
      captchaToken: '',
      captchaAnswer: '',
      website: '',
    },
  })
  const { register, reset, formState } = form
  const { submit, footer } = useRequestForm(form, {
    fields: FIELDS,
    resolver,
    failure: { title: 'Errore Invio Candidatura', fallback: 'Si è verificato un errore. Riprova più tardi.' },
  })

  const errors = formState.errors

  const onSubmit = submit(async (values, proofOfWork) => {
    await (await trpcClient()).requests.application.mutate({ ...values, proofOfWork, ...tracking() })
    reset()
    openWithNotice('/artisan-thank-you', {
      title: 'Candidatura Inviata!',
      description: 'Grazie per aver inviato la tua candidatura. Ti contatteremo al più presto.',
    })
  })

  const sectorsError = errors.specializationSectors?.message ?? errors.specializationSectors?.root?.message

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="@container relative grid gap-5" aria-label="Candidati come artigiano partner">
      <div className="grid gap-5 @md:grid-cols-2">
        <TextField
          id={`${id}-company`}
          label="Ragione sociale (facoltativa)"
          error={errors.companyName?.message}
          autoComplete="organization"
          {...register('companyName')}
        />
        <TextField id={`${id}-vat`} label="Partita IVA (facoltativa)" error={errors.vatNumber?.message} {...register('vatNumber')} />
        <TextField
          id={`${id}-contact`}
          label="Nome del referente"
          required
          error={errors.contactName?.message}
          autoComplete="name"
          {...register('contactName')}
        />
        <TextField id={`${id}-email`} label="Email" required error={errors.email?.message} type="email" autoComplete="email" {...register('email')} />
        <TextField id={`${id}-phone`} label="Telefono" required error={errors.phone?.message} type="tel" autoComplete="tel" {...register('phone')} />
        <TextField
          id={`${id}-zones`}
          label="Zone operative"
          required
          hint="Separate da virgole, ad esempio: Milano, Sesto San Giovanni, Monza"
          error={errors.operativeZones?.message}
          {...register('operativeZones')}
        />
      </div>

      <fieldset className="grid gap-2" aria-describedby={sectorsError ? `${id}-sectors-error` : undefined}>
        <legend className="mb-2 text-sm font-semibold text-ink">
          Settori di specializzazione
          <span className="text-brand-700" aria-hidden>
            {' '}
            *
          </span>
        </legend>
        <div className="grid max-h-60 grid-cols-1 gap-2 overflow-y-auto rounded-md border border-gray-200 p-3 @md:grid-cols-2 @2xl:grid-cols-3">
          {APPLICATION_SECTORS.map((sector, index) => {
            // By position: a sector's name has spaces, which an id may not.
            const checkboxId = `${id}-sector-${index}`
            return (
              <div key={sector} className="flex items-center gap-2">
                <NativeCheckbox id={checkboxId} value={sector} {...register('specializationSectors')} />
                <Label htmlFor={checkboxId} className="font-normal">
                  {sector}
                </Label>
              </div>
            )
          })}
        </div>
        <FieldError id={`${id}-sectors-error`}>{sectorsError}</FieldError>
      </fieldset>

      <FormField id={`${id}-description`} label="Descrivi la tua attività (facoltativo)" error={errors.description?.message}>
        <Textarea rows={5} {...fieldAria(`${id}-description`, errors.description?.message)} {...register('description')} />
      </FormField>

      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <NativeCheckbox
            id={`${id}-privacy`}
            aria-invalid={errors.privacyConsent ? true : undefined}
            aria-describedby={errors.privacyConsent ? `${id}-privacy-error` : undefined}
            className="mt-0.5"
            {...register('privacyConsent')}
          />
          <Label htmlFor={`${id}-privacy`} className="font-normal leading-snug">
            Ho letto la{' '}
            <a href="/privacy-policy" className="underline hover:text-ink">
              privacy policy
            </a>{' '}
            e acconsento al trattamento dei miei dati per la valutazione della candidatura.
          </Label>
        </div>
        <FieldError id={`${id}-privacy-error`}>{errors.privacyConsent?.message}</FieldError>
      </div>
      <FormFooter id={id} footer={footer} submitLabel="Invia Candidatura" variant="trade" />
    </form>
  )
}

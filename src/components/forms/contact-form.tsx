import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { openWithNotice } from '#src/lib/notice.ts'
import { trpcClient } from '#src/lib/trpc-client.ts'
import { tracking } from '#src/lib/utm.ts'
import type { contactFormSchema } from '#shared/schemas/contact-request.ts'
import { Textarea } from '../ui/textarea.tsx'
import { fieldAria, FormField, TextField } from './form-field.tsx'
import { FormFooter } from './form-footer.tsx'
import { MarketingConsentField } from './marketing-consent-field.tsx'
import { lazyZodResolver } from './lazy-resolver.ts'
import { useRequestForm } from './use-request-form.ts'

const FIELDS = ['fullName', 'email', 'phone', 'subject', 'message', 'marketingConsent', 'captchaAnswer'] as const
const resolver = lazyZodResolver(() => import('#shared/schemas/contact-request.ts').then((module) => module.contactFormSchema))
const UNEXPECTED = { title: 'Errore Inaspettato', fallback: 'Si è verificato un errore imprevisto. Riprova più tardi.' }

/** The message form of /contattaci (docs/product.md §2.2, 4, 5). */
export function ContactForm() {
  const id = useId()
  const form = useForm<z.input<typeof contactFormSchema>, unknown, z.output<typeof contactFormSchema>>({
    resolver,
    defaultValues: { fullName: '', email: '', phone: '', subject: '', message: '', marketingConsent: false, captchaToken: '', captchaAnswer: '', website: '' },
  })
  const { register, reset, formState } = form
  const errors = formState.errors
  const { submit, footer } = useRequestForm(form, { fields: FIELDS, failure: UNEXPECTED, resolver })

  const onSubmit = submit(async (values, proofOfWork) => {
    await (await trpcClient()).requests.contact.mutate({ ...values, proofOfWork, ...tracking() })
    reset()
    // A message to the office, not a quote: its own page, which promises an answer by e-mail and counts no conversion.
    openWithNotice('/messaggio-inviato', { title: 'Messaggio Inviato!', description: 'Grazie per averci scritto: ti risponderemo via email.' })
  })

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="@container relative grid gap-5" aria-label="Scrivici un messaggio">
      <div className="grid gap-5 @md:grid-cols-2">
        <TextField id={`${id}-name`} label="Nome e Cognome" required error={errors.fullName?.message} autoComplete="name" {...register('fullName')} />
        <TextField id={`${id}-email`} label="Email" required error={errors.email?.message} type="email" autoComplete="email" {...register('email')} />
        <TextField id={`${id}-phone`} label="Telefono (facoltativo)" error={errors.phone?.message} type="tel" autoComplete="tel" {...register('phone')} />
        <TextField id={`${id}-subject`} label="Oggetto" required error={errors.subject?.message} {...register('subject')} />
      </div>
      <FormField id={`${id}-message`} label="Messaggio" required error={errors.message?.message}>
        <Textarea rows={6} {...fieldAria(`${id}-message`, errors.message?.message)} {...register('message')} />
      </FormField>

      <MarketingConsentField id={`${id}-marketing`} input={register('marketingConsent')} />
      <FormFooter id={id} footer={footer} sending="il messaggio" submitLabel="Invia Messaggio" />
    </form>
  )
}

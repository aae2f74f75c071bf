import { zodResolver } from '@hookform/resolvers/zod'
import { useNavigate } from '@tanstack/react-router'
import { Loader2Icon } from 'lucide-react'
import { useEffect, useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { toast } from '#src/lib/toast.ts'
import { trpcClient } from '#src/lib/trpc-client.ts'
import { currentPage, readUtm } from '#src/lib/utm.ts'
import { CONTACT_SERVICE_NAME, contactRequestSchema } from '#shared/schemas/contact-request.ts'
import { type TypedBeforeHydration, withTyped } from '../hydrate-on-interaction.tsx'
import { Button } from '../ui/button.tsx'
import { Input } from '../ui/input.tsx'
import { Textarea } from '../ui/textarea.tsx'
import { CaptchaField } from './captcha-field.tsx'
import { fieldAria, FormField, Honeypot } from './form-field.tsx'
import { readSubmitFailure, showFieldIssues } from './server-errors.ts'
import { useCaptcha } from './use-captcha.ts'

const FIELDS = ['fullName', 'email', 'phone', 'subject', 'message', 'captchaAnswer'] as const
// The proof of work is not typed by anyone: it joins the values when they are sent.
const formSchema = contactRequestSchema.omit({ proofOfWork: true })

/** The message form of /contattaci (docs/product.md §2.2, 4, 5). */
export function ContactForm({ typed }: { typed?: TypedBeforeHydration }) {
  const id = useId()
  const navigate = useNavigate()
  const captcha = useCaptcha()
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: withTyped({ fullName: '', email: '', phone: '', subject: '', message: '', captchaToken: '', captchaAnswer: '', website: '' }, typed),
  })
  const { register, handleSubmit, setValue, setError, reset, formState } = form
  const errors = formState.errors

  useEffect(() => {
    setValue('captchaToken', captcha.challenge?.token ?? '')
    setValue('captchaAnswer', '')
  }, [captcha.challenge?.token, setValue])

  const onSubmit = handleSubmit(async (values) => {
    try {
      const proofOfWork = await captcha.proofOfWork()
      const result = await (await trpcClient()).requests.contact.mutate({ ...values, proofOfWork, fromPage: currentPage(), utm: readUtm() })
      toast({ title: 'Messaggio Inviato!', description: 'Grazie per averci scritto: ti risponderemo al più presto.' })
      await navigate({ to: '/thank-you', state: (prev) => ({ ...prev, serviceName: CONTACT_SERVICE_NAME, leadId: result.leadId }) })
      reset()
      captcha.refresh()
    } catch (error) {
      const failure = readSubmitFailure(error)
      if (failure.kind === 'captcha') {
        toast({ title: failure.title, description: failure.message, variant: 'destructive' })
        captcha.refresh()
      } else if (failure.kind === 'fields') {
        const rest = showFieldIssues(failure.issues, FIELDS, setError)
        if (rest.length) toast({ title: 'Errore Inaspettato', description: rest[0]!.message, variant: 'destructive' })
      } else {
        toast({
          title: 'Errore Inaspettato',
          description: failure.message ?? 'Si è verificato un errore imprevisto. Riprova più tardi.',
          variant: 'destructive',
        })
      }
    }
  })

  const submitting = formState.isSubmitting

  return (
    <form onSubmit={onSubmit} noValidate className="@container relative grid gap-5" aria-label="Scrivici un messaggio">
      <div className="grid gap-5 @md:grid-cols-2">
        <FormField id={`${id}-name`} label="Nome e Cognome" required error={errors.fullName?.message}>
          <Input autoComplete="name" {...fieldAria(`${id}-name`, errors.fullName?.message)} {...register('fullName')} />
        </FormField>
        <FormField id={`${id}-email`} label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...fieldAria(`${id}-email`, errors.email?.message)} {...register('email')} />
        </FormField>
        <FormField id={`${id}-phone`} label="Telefono (facoltativo)" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...fieldAria(`${id}-phone`, errors.phone?.message)} {...register('phone')} />
        </FormField>
        <FormField id={`${id}-subject`} label="Oggetto" required error={errors.subject?.message}>
          <Input {...fieldAria(`${id}-subject`, errors.subject?.message)} {...register('subject')} />
        </FormField>
      </div>
      <FormField id={`${id}-message`} label="Messaggio" required error={errors.message?.message}>
        <Textarea rows={6} {...fieldAria(`${id}-message`, errors.message?.message)} {...register('message')} />
      </FormField>

      <CaptchaField id={`${id}-captcha`} captcha={captcha} error={errors.captchaAnswer?.message} inputProps={register('captchaAnswer')} />
      <Honeypot {...register('website')} />

      <p className="text-xs text-muted">
        Inviando il messaggio accetti il trattamento dei dati secondo la{' '}
        <a href="/privacy-policy" className="underline hover:text-ink">
          privacy policy
        </a>
        .
      </p>
      <Button type="submit" size="lg" disabled={submitting || !captcha.challenge} className="w-full @md:w-auto @md:justify-self-start">
        {submitting ? (
          <>
            <Loader2Icon className="animate-spin" aria-hidden /> Invio in corso...
          </>
        ) : (
          'Invia Messaggio'
        )}
      </Button>
    </form>
  )
}

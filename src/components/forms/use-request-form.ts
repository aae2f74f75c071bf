import { useEffect } from 'react'
import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form'
import { readSubmitFailure } from '#src/lib/server-errors.ts'
import type { FieldIssue } from '#shared/request-messages.ts'
import { toast } from '#src/lib/toast.ts'
import { useCaptcha } from './use-captcha.ts'

/** The fields every public form holds besides its own: the server's captcha, its answer and the honeypot. */
type GuardValues = { captchaToken: string; captchaAnswer: string; website?: string }

/**
 * What the three public forms share: the captcha kept in step with the form's values, and the sending with its
 * proof of work and its failures (field messages under the fields, the rest in a toast titled `failure.title`).
 */
export function useRequestForm<Values extends GuardValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  { fields, failure, resolver }: { fields: readonly string[]; failure: { title: string; fallback: string }; resolver: { preload: () => Promise<unknown> } },
) {
  const captcha = useCaptcha()

  // The rules load once the form is live, while the visitor reads it, rather than as it hydrates.
  useEffect(() => {
    const load = () => void resolver.preload().catch(() => {})
    if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 2000 })
    else setTimeout(load, 200)
  }, [resolver])
  // Every form's values hold the guard fields; react-hook-form's paths cannot see that through a type parameter.
  const guardForm = form as unknown as UseFormReturn<GuardValues>
  const { setValue, register, formState } = guardForm
  const token = captcha.challenge?.token

  useEffect(() => {
    setValue('captchaToken', token ?? '')
    setValue('captchaAnswer', '')
  }, [token, setValue])

  function showFailure(error: unknown) {
    const read = readSubmitFailure(error)
    if (read.kind === 'captcha') {
      toast({ title: read.title, description: read.message, variant: 'destructive' })
      captcha.refresh()
    } else if (read.kind === 'fields') {
      const rest = showFieldIssues(read.issues, fields, form.setError)
      if (rest.length) toast({ title: failure.title, description: rest[0]!.message, variant: 'destructive' })
    } else {
      toast({ title: failure.title, description: read.message || failure.fallback, variant: 'destructive' })
    }
  }

  /** Sends the valid values with the solved proof of work; a new captcha follows a success, and a failure is shown. */
  const submit = (send: (values: Output, proofOfWork: string) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      try {
        await send(values, await captcha.proofOfWork())
        captcha.refresh()
      } catch (error) {
        showFailure(error)
      }
    })

  const footer = {
    captcha,
    captchaError: formState.errors.captchaAnswer?.message,
    captchaInput: register('captchaAnswer'),
    honeypotInput: register('website'),
    submitting: formState.isSubmitting,
  }
  return { submit, footer }
}

/** Puts each issue under its field; returns the issues that have no field on this form. */
function showFieldIssues<T extends FieldValues>(issues: FieldIssue[], fields: readonly string[], setError: UseFormSetError<T>): FieldIssue[] {
  const rest: FieldIssue[] = []
  let focused = false
  for (const issue of issues) {
    const first = String(issue.path[0] ?? '')
    // A field listed as 'answers.*': an issue under one of its keys goes under that key's own control.
    const nested = fields.includes(`${first}.*`)
    const field = nested && issue.path.length > 1 ? `${first}.${String(issue.path[1])}` : first
    if (nested || fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message: issue.message }, { shouldFocus: !focused })
      focused = true
    } else {
      rest.push(issue)
    }
  }
  return rest
}

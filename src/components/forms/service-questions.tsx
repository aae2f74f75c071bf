import { useEffect, useRef, useState } from 'react'
import { type UseFormRegisterReturn, type UseFormReturn, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import type { ChoiceQuestion, ServiceQuestion } from '#shared/catalog/questions.ts'
import { cn } from '#src/lib/utils.ts'
import { italianNumber } from '#shared/plural.ts'
import { TIMING_LABELS, TIMING_QUESTION, TIMINGS } from '#shared/catalog/timing.ts'
import type { quoteFormSchema } from '#shared/schemas/quote-request.ts'
import { FieldError } from '../ui/field-error.tsx'
import { TextField } from './form-field.tsx'

type QuoteFormValues = UseFormReturn<z.input<typeof quoteFormSchema>, unknown, z.output<typeof quoteFormSchema>>
type Catalogue = typeof import('#shared/catalog/questions.ts')

// Every service's questions are one chunk, loaded once the form is live (the form's rules load it too): the island
// hydrates without them, and "Quando?" (a few bytes) is in the server's HTML from the start.
let loading: Promise<Catalogue> | undefined
function loadCatalogue(): Promise<Catalogue> {
  loading ??= import('#shared/catalog/questions.ts').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

const TIMING: ChoiceQuestion = {
  id: 'timing',
  label: TIMING_QUESTION,
  required: false,
  kind: 'choice',
  options: TIMINGS.map((timing) => ({ id: timing, label: TIMING_LABELS[timing] })),
}

/**
 * The chosen service's questions (shared/catalog/questions.ts) and "Quando?", in the quote form. A service changed after
 * answering drops the answers given, so the request never carries another service's (the server would refuse them).
 */
export function ServiceQuestions({ id, form }: { id: string; form: QuoteFormValues }) {
  const serviceId = useWatch({ control: form.control, name: 'serviceId' })
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null)
  useEffect(() => {
    let live = true
    // One task later, once the island has marked itself hydrated: the form answers keys before this chunk is asked for.
    const ask = setTimeout(() =>
      loadCatalogue().then(
        (module) => live && setCatalogue(module),
        // Without the questions the form still sends; its rules retry the download on the next validation.
        () => {},
      ),
    )
    return () => {
      live = false
      clearTimeout(ask)
    }
  }, [])

  const answeredFor = useRef(serviceId)
  const { setValue, clearErrors } = form
  useEffect(() => {
    if (answeredFor.current === serviceId) return
    answeredFor.current = serviceId
    setValue('answers', {})
    clearErrors('answers')
  }, [serviceId, setValue, clearErrors])

  const questions = catalogue?.questionsOf(serviceId) ?? []
  const errors = form.formState.errors
  // Keyed by question id, and a message of its own when the answers as a whole do not fit the service.
  const answerErrors = errors.answers as (Record<string, { message?: string } | undefined> & { message?: string }) | undefined
  const answerError = (question: ServiceQuestion) => answerErrors?.[question.id]?.message

  return (
    <>
      {questions.length > 0 && (
        <fieldset className="grid gap-5 @md:grid-cols-2">
          <legend className="mb-4 text-sm text-muted">Qualche domanda sul lavoro, per l'artigiano: rispondi a quelle che sai.</legend>
          <FieldError id={`${id}-answers-error`} className="@md:col-span-2">
            {typeof answerErrors?.message === 'string' ? answerErrors.message : undefined}
          </FieldError>
          {questions.map((question) =>
            question.kind === 'choice' ? (
              <ChoiceField
                key={`${serviceId}-${question.id}`}
                id={`${id}-q-${question.id}`}
                question={question}
                error={answerError(question)}
                input={form.register(`answers.${question.id}`)}
                className="@md:col-span-2"
              />
            ) : (
              <TextField
                key={`${serviceId}-${question.id}`}
                id={`${id}-q-${question.id}`}
                label={question.label}
                hint={`Da ${italianNumber.format(question.min)} a ${italianNumber.format(question.max)} ${question.unit}`}
                error={answerError(question)}
                type="number"
                inputMode="numeric"
                min={question.min}
                max={question.max}
                step={1}
                {...form.register(`answers.${question.id}`)}
              />
            ),
          )}
        </fieldset>
      )}
      <ChoiceField id={`${id}-timing`} question={TIMING} error={errors.timing?.message} input={form.register('timing')} />
    </>
  )
}

/** A question with options: a radio group under its legend, its message tied to every option. */
function ChoiceField({
  id,
  question,
  error,
  input,
  className,
}: {
  id: string
  question: ChoiceQuestion
  error?: string
  input: UseFormRegisterReturn
  className?: string
}) {
  return (
    <fieldset className={cn('grid content-start gap-2', className)}>
      <legend className="mb-2 text-sm font-semibold text-ink">
        {question.label}
        {question.required && (
          <span className="text-brand-700" aria-hidden>
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="flex flex-wrap gap-2">
        {question.options.map((option) => (
          <label key={option.id} className="flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-ink">
            <input
              type="radio"
              value={option.id}
              required={question.required}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="size-4 accent-brand-600"
              {...input}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  )
}

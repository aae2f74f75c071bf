import { RefreshCwIcon } from 'lucide-react'
import type * as React from 'react'
import { Input } from '../ui/input.tsx'
import { FieldError } from '../ui/field-error.tsx'
import { Label } from '../ui/label.tsx'

const CAPTCHA_NOT_ASKED = "un'addizione, che compare quando inizi a compilare il modulo"

/** The captcha of docs/product.md §5, a sum of two numbers: the numbers come from the server with a signed challenge. */
export function CaptchaField({
  id,
  captcha: { challenge, loading, failed, refresh },
  error,
  inputProps,
}: {
  id: string
  /** The form's useCaptcha() state. */
  captcha: { challenge: { a: number; b: number } | undefined; loading: boolean; failed: boolean; refresh: () => void }
  error?: string
  inputProps: React.ComponentProps<'input'>
}) {
  // Before the form's code runs (the server's HTML) nothing has been asked yet.
  const question = challenge
    ? `Quanto fa ${challenge.a} + ${challenge.b}?`
    : failed
      ? 'Verifica non disponibile'
      : loading
        ? 'Caricamento verifica...'
        : CAPTCHA_NOT_ASKED
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        Verifica di sicurezza: <span data-testid="captcha-question">{question}</span>
      </Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          className="max-w-32"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={!challenge}
          {...inputProps}
        />
        <button
          type="button"
          onClick={refresh}
          disabled={loading}
          className="inline-flex size-10 items-center justify-center rounded-md text-muted hover:bg-gray-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
          aria-label="Nuova addizione"
          title="Nuova addizione"
        >
          <RefreshCwIcon className={loading ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
        </button>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

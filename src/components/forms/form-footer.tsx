import { Loader2Icon } from 'lucide-react'
import type * as React from 'react'
import { Button } from '../ui/button.tsx'
import { CaptchaField } from './captcha-field.tsx'
import { Honeypot } from './form-field.tsx'
import type { useRequestForm } from './use-request-form.ts'

/** The end of every public form: the captcha, the honeypot, the privacy note where the form has no consent box, and the send button. */
export function FormFooter({
  id,
  footer: { captcha, captchaError, captchaInput, honeypotInput, submitting },
  sending,
  submitLabel,
  variant,
}: {
  id: string
  /** useRequestForm's footer. */
  footer: ReturnType<typeof useRequestForm>['footer']
  /** What is sent, for the privacy note ("la richiesta"); none when the form asks for consent itself. */
  sending?: string
  submitLabel: string
  variant?: React.ComponentProps<typeof Button>['variant']
}) {
  return (
    <>
      <CaptchaField id={`${id}-captcha`} captcha={captcha} error={captchaError} inputProps={captchaInput} />
      <Honeypot {...honeypotInput} />

      {sending && (
        <p className="text-xs text-muted">
          {`Inviando ${sending} accetti il trattamento dei dati secondo la `}
          <a href="/privacy-policy" className="underline hover:text-ink">
            privacy policy
          </a>
          .
        </p>
      )}
      {/* Enabled from the server's HTML on: a send asked before the form's code arrives waits for it (src/islands/boot.ts),
          and the forms post, so a browser sending one by itself never puts the data in the URL. */}
      <Button type="submit" variant={variant} size="lg" disabled={submitting} className="w-full @md:w-auto @md:justify-self-start">
        {submitting ? (
          <>
            <Loader2Icon className="animate-spin" aria-hidden /> Invio in corso...
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </>
  )
}

import type { UseFormRegisterReturn } from 'react-hook-form'
import { MARKETING_CONSENT_TEXT } from '#shared/marketing-consent.ts'
import { Label } from '../ui/label.tsx'
import { NativeCheckbox } from '../ui/native-checkbox.tsx'

/**
 * The optional marketing consent of the quote and contact forms, unticked: its label is the exact text stored with the
 * consent (MARKETING_CONSENT_TEXT), and it is asked apart from the request itself.
 */
export function MarketingConsentField({ id, input }: { id: string; input: UseFormRegisterReturn<'marketingConsent'> }) {
  return (
    <div className="flex items-start gap-3">
      <NativeCheckbox id={id} aria-describedby={`${id}-hint`} className="mt-0.5" {...input} />
      <div className="grid gap-1">
        <Label htmlFor={id} className="font-normal leading-snug">
          {MARKETING_CONSENT_TEXT}
        </Label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          Facoltativo: la richiesta arriva agli artigiani anche senza. Puoi cancellarti in ogni momento dal link in fondo a ogni e-mail.
        </p>
      </div>
    </div>
  )
}

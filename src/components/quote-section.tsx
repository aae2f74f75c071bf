import type { ChosenLocation } from '../lib/carried-location.ts'
import { QuoteForm, type QuoteFormProps } from './forms/quote-form.tsx'

export const INVALID_ADDRESS_MESSAGE = 'Per favore, seleziona un indirizzo valido per continuare.'

/** The quote form, shown once a valid location is chosen (docs/product.md §2.3); `serviceField` where no picker above chooses the service. */
export function QuoteSection({ location, ...form }: Omit<QuoteFormProps, 'location'> & { location: ChosenLocation | null }) {
  if (!location) {
    return (
      <p role="status" className="rounded-lg border border-dashed border-brand-600/40 bg-brand-50 p-5 text-center font-medium text-brand-800">
        {INVALID_ADDRESS_MESSAGE}
      </p>
    )
  }
  return (
    <div className="min-h-[28rem]">
      <QuoteForm {...form} location={location} />
    </div>
  )
}
